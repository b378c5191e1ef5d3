/**
 * The 电子竞价记录 as a signed PDF (docs/bidding.md "The bid record"): the lot, the mode, the times, the
 * outcome, every bid (序号, 竞买号, 金额, 时间 to the millisecond, the hash's first digits), the chain head and
 * its RFC 3161 timestamp, and how to check it all — laid out by the one renderer (lib/pdf.ts) and signed
 * with the exchange's PAdES signature (the contracts' signer, services/esign), so a PDF reader shows it
 * signed.
 *
 * The record of an ended activity never changes: once its head is stamped, the signed file is made once
 * (bid_record_pdf, migration 0023; insert-if-absent, so racing requests serve the one that won) and served
 * as is. Before the stamp it is made on each request, saying the timestamp is still to come, and not kept.
 */
import type { Kysely } from 'kysely';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { formatFenAsYuan } from '#domain/rules/money';
import { EXCHANGE_SIGNER_NAME } from '#domain/rules/esign';
import type { BiddingMode } from '#domain/contract/hall';
import type { BidRecordAnswer } from '#domain/contract/bidReceipt';
import type { Database } from '../db/schema.ts';
import { renderPdf, type PdfBlock } from '../lib/pdf.ts';
import { exchangeSealPng } from '../services/contracts/exchange-seal.ts';
import type { SigningProvider } from '../services/esign/types.ts';
import { bidRecord, type ReceiptSigner } from './receipts.ts';

const OUTCOMES: Record<string, string> = { sold: '成交', failed: '流拍', terminated: '已终结' };
/** Where anyone checks a record (the public page of the web app). */
export const VERIFY_PAGE = '#/verify';

const ms = (at: number) => `${formatChinaTime(at)}.${String(((at % 1000) + 1000) % 1000).padStart(3, '0')}`;

/** The document's blocks (pure: the record, the lot's name and code, the activity's times). */
export function bidRecordBlocks(record: BidRecordAnswer, lot: { name: string; code: string; startAt: number; winnerBidCode: string | null; finalFen: number | null }): PdfBlock[] {
  const outcome = OUTCOMES[record.outcome ?? ''] ?? '—';
  const result = record.outcome === 'sold' && lot.winnerBidCode && lot.finalFen !== null ? `${outcome}：竞买号 ${lot.winnerBidCode}，成交价 ${formatFenAsYuan(lot.finalFen)}` : outcome;
  const ts = record.timestamp ?? null;
  return [
    {
      kind: 'fields',
      rows: [
        ['标的名称', lot.name],
        ['项目编号', lot.code],
        ['竞价活动编号', `${record.activityCode}（#${record.activityId}）`],
        ['竞价方式', BIDDING_MODE_NAMES[record.mode as BiddingMode] ?? record.mode],
        ['开始时间', `${formatChinaTime(lot.startAt)}（北京时间）`],
        ['结束时间', `${formatChinaTime(record.endTime)}（北京时间）`],
        ['竞价结果', result],
        ['出价笔数', String(record.bids.length)],
      ],
    },
    { kind: 'heading', text: '出价明细' },
    record.bids.length === 0
      ? { kind: 'paragraph', text: '本次竞价无人出价。' }
      : {
          kind: 'table',
          columns: [
            { title: '序号', width: 0.8 },
            { title: '竞买号', width: 1.4 },
            { title: '金额（元）', width: 2 },
            { title: '时间（北京时间）', width: 2.6 },
            { title: '哈希（前 16 位）', width: 2.2 },
          ],
          rows: record.bids.map((b) => [String(b.seq), b.proxy ? `${b.bidCode}（代理）` : b.bidCode, formatFenAsYuan(b.amountFen, { suffix: '' }), ms(b.serverTime), b.hash.slice(0, 16)]),
        },
    { kind: 'heading', text: '哈希链与时间戳' },
    {
      kind: 'fields',
      rows: [
        ['链头', `第 ${record.head.seq} 笔，${record.head.hash}`],
        ['链头签名', `Ed25519，密钥标识 ${record.keyId}`],
        ...(ts
          ? ([
              ['时间戳时间', `${ms(ts.genTime)}（北京时间）`],
              ['时间戳服务', ts.tsa],
              ['时间戳摘要（SHA-256）', ts.imprint],
            ] as const)
          : ([['时间戳', '尚未取得（竞价结束后由时间戳服务加盖，稍后再下载本记录即可）']] as const)),
      ],
    },
    { kind: 'heading', text: '如何核验' },
    {
      kind: 'paragraph',
      text:
        '每笔出价的哈希为 SHA-256（按键名排序、无空白的 JSON：activityId、amountFen、bidCode、prevHash、seq、serverTime），prevHash 为前一笔出价的哈希（第 1 笔为 64 个 0）；' +
        '任何一笔出价被修改、删除、插入或调换，其后的哈希链都对不上。链头由本交易所签名，并由时间戳服务按 RFC 3161 加盖时间戳（摘要为 {activityId, hash, seq} 的 SHA-256）。' +
        `在本门户的出价记录核验页（${VERIFY_PAGE}）输入竞价活动编号，或上传本人的出价凭证，即可逐笔重算并核对；本文件由本交易所电子签章签署，PDF 阅读器可查看签名。`,
    },
    { kind: 'signatures', parties: [EXCHANGE_SIGNER_NAME] },
  ];
}

export interface RecordPdfDeps {
  db: Kysely<Database>;
  receipts: ReceiptSigner;
  signing: SigningProvider;
  now: () => number;
}

/** The signed PDF of an ended activity's record (404 / 409 as the record route). */
export async function bidRecordPdf(deps: RecordPdfDeps, activityId: number): Promise<{ pdf: Uint8Array; activityCode: string }> {
  const record = await bidRecord(deps.db, deps.receipts, activityId);
  const cached = await deps.db.selectFrom('bid_record_pdf').select('pdf').where('activity_id', '=', activityId).executeTakeFirst();
  if (cached) return { pdf: new Uint8Array(Buffer.from(cached.pdf, 'base64')), activityCode: record.activityCode };
  const a = await deps.db
    .selectFrom('bid_activity as a')
    .innerJoin('project as p', 'p.id', 'a.project_id')
    .select(['p.assets_name', 'p.project_code', 'a.start_at'])
    .where('a.id', '=', activityId)
    .executeTakeFirstOrThrow();
  // The winner and price as settled (the deal opened by the settlement), not recomputed here.
  const deal = await deps.db.selectFrom('deal').select(['bid_code', 'price_fen']).where('activity_id', '=', activityId).orderBy('id').executeTakeFirst();
  const now = deps.now();
  const blocks = bidRecordBlocks(record, { name: a.assets_name, code: a.project_code, startAt: Number(a.start_at), winnerBidCode: deal?.bid_code ?? null, finalFen: deal ? Number(deal.price_fen) : null });
  const unsigned = await renderPdf({ title: '电子竞价记录', blocks, footer: `竞价活动 ${record.activityCode}`, issuedAt: new Date(now) });
  const pdf = await deps.signing.sign(unsigned, {
    signer: { userId: 0, kind: 'exchange', name: EXCHANGE_SIGNER_NAME },
    mark: { kind: 'seal', png: exchangeSealPng() },
    slot: 0,
    reason: `电子竞价记录（${record.activityCode}）`,
    signedAt: new Date(now),
  });
  if (!record.timestamp) return { pdf, activityCode: record.activityCode };
  await deps.db
    .insertInto('bid_record_pdf')
    .values({ activity_id: activityId, pdf: Buffer.from(pdf).toString('base64'), created_at: now })
    .onConflict((oc) => oc.column('activity_id').doNothing())
    .execute();
  const kept = await deps.db.selectFrom('bid_record_pdf').select('pdf').where('activity_id', '=', activityId).executeTakeFirstOrThrow();
  return { pdf: new Uint8Array(Buffer.from(kept.pdf, 'base64')), activityCode: record.activityCode };
}
