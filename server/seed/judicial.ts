/** Seeds the judicial-auction service's courts and items (idempotent: natural keys, ON CONFLICT DO NOTHING). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { publicFileUrl } from '../services/content/files.ts';
import { coverRef, judicialCoverKey } from '../services/projects/detail.ts';
import { sanitizeRichText } from '../services/common/rich-text.ts';
import { cityCodeOf, COURTS, judicialItems } from './judicial-data.ts';

function inserted(result: { numInsertedOrUpdatedRows?: bigint | undefined }[]): number {
  return result.reduce((sum, r) => sum + Number(r.numInsertedOrUpdatedRows ?? 0n), 0);
}

export async function seedJudicial(trx: Kysely<Database>, { now }: { now: number }): Promise<{ judicial_court: number; judicial_item: number }> {
  const judicial_court = inserted(
    await trx
      .insertInto('judicial_court')
      .values(COURTS.map((c, i) => ({ name: c.name, city_code: cityCodeOf(c.city), sort: i + 1 })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute(),
  );
  const courtIds = new Map((await trx.selectFrom('judicial_court').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const covers = new Map(
    (await trx.selectFrom('content_file').select(['id', 'ref_code']).where('ref_code', 'like', 'IMG-COVER-%').execute()).map((r) => [r.ref_code, r.id]),
  );
  const rows = judicialItems(now).map((item) => {
    const cover = covers.get(coverRef(judicialCoverKey(item.projecttype)));
    return {
      pk_houseproject: item.pk,
      name: item.name,
      projecttype: item.projecttype,
      upset_price_fen: Math.round(item.upsetYuan * 100),
      appraised_fen: Math.round(item.appraisedYuan * 100),
      deposit_fen: Math.round(item.depositYuan * 100),
      increment_fen: Math.round(item.incrementYuan * 100),
      auction_at: item.auctionAt,
      round: item.round,
      state: item.state,
      court_id: courtIds.get(item.court)!,
      city_code: cityCodeOf(item.city),
      img_url: cover === undefined ? '' : publicFileUrl(cover),
      description: sanitizeRichText(item.description),
      case_number: item.caseNumber,
      contact_phone: item.contactPhone,
      created_at: item.auctionAt - 30 * 86_400_000,
    };
  });
  const judicial_item = inserted(
    await trx.insertInto('judicial_item').values(rows).onConflict((oc) => oc.column('pk_houseproject').doNothing()).execute(),
  );
  return { judicial_court, judicial_item };
}
