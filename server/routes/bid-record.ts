/**
 * The bid record's signed PDF (docs/bidding.md "The bid record"): GET …/bidding/record.pdf?activityId=,
 * public, only once the activity has ended (before: 409, as the JSON record). The JSON record and the
 * receipts are in live.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BID_RECORD_PDF_PATH } from '#domain/contract/bidReceipt';
import { requiredId } from '../http/params.ts';
import { bidRecordPdf } from '../bidding/recordPdf.ts';
import { loadReceiptSigner } from '../bidding/receipts.ts';
import { contentDisposition } from '../services/content/files.ts';

const activityParams = z.object({ activityId: requiredId('activityId') });

export default async function bidRecordRoutes(app: FastifyInstance): Promise<void> {
  const { db, engine } = app;
  const receipts = engine.receipts ?? (await loadReceiptSigner(db, engine.now()));
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(BID_RECORD_PDF_PATH, { schema: { summary: '电子竞价记录（PDF，交易所电子签章）：已结束竞价的全部出价、哈希链链头与时间戳（结束前不公开）', querystring: activityParams } }, async (request, reply) => {
    const { pdf, activityCode } = await bidRecordPdf({ db, receipts, signing: app.esign.signing, now: app.now }, request.query.activityId);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-cache')
      .header('content-disposition', contentDisposition('attachment', `电子竞价记录-${activityCode}.pdf`))
      .send(Buffer.from(pdf));
  });
}
