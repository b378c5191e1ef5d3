/**
 * 路演's demo: three demo lots (single listings with attachments, those enrolling now first, lowest id
 * first) get a roadshow — one live session starting 20 minutes after the seed (so a follower gets the
 * 15-minute reminder within minutes), one next week, and one that ended three days ago with its recording.
 * The transferor's materials are each lot's attachments. The repository carries no video file: the
 * recording's link and poster are the lot's cover picture (served by our server); staff set a real video
 * file's address in the console. Idempotent by natural key (RS-DEMO-1…3).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { getCover } from '../services/projects/detail.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

interface DemoRoadshow {
  ref: string;
  kind: 'live' | 'recorded';
  title: (lot: string) => string;
  presenter: string;
  /** Start after the seed's time (minute-aligned), and length. */
  startIn: number;
  lasts: number;
}

const DEMO: readonly DemoRoadshow[] = [
  { ref: 'RS-DEMO-1', kind: 'live', title: () => '项目线上路演：资产情况与交易条件说明', presenter: '转让方代表 王经理', startIn: 20 * MINUTE, lasts: 60 * MINUTE },
  { ref: 'RS-DEMO-2', kind: 'live', title: () => '意向受让方答疑会', presenter: '挂牌机构项目经理 李女士', startIn: 7 * DAY + 2 * 60 * MINUTE, lasts: 90 * MINUTE },
  { ref: 'RS-DEMO-3', kind: 'recorded', title: () => '项目推介会（录像回看）', presenter: '转让方代表 赵总', startIn: -3 * DAY, lasts: 45 * MINUTE },
];

/** Rows inserted (0 on a re-run). */
export async function seedRoadshows(db: Kysely<Database>, now: number): Promise<number> {
  const lots = await db
    .selectFrom('project')
    .select(['id', 'assets_name'])
    .where('parent_id', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('project_attachment').select('project_attachment.id').whereRef('project_attachment.project_id', '=', 'project.id')))
    // Lots enrolling now first (the demo's other seeds may change a listing's word), then by id.
    .orderBy(sql`case when state like '%正在报名%' then 0 else 1 end`)
    .orderBy('id')
    .limit(DEMO.length)
    .execute();
  const base = Math.floor(now / MINUTE) * MINUTE;
  let inserted = 0;
  for (const [index, demo] of DEMO.entries()) {
    const lot = lots[index];
    if (!lot) break;
    const materials = await db.selectFrom('project_attachment').select('id').where('project_id', '=', lot.id).orderBy('sort').orderBy('id').execute();
    const start = base + demo.startIn;
    // The lot's own picture, else its type's cover (what the detail page shows).
    const poster = demo.kind === 'recorded' ? (await getCover(db, lot.id)).imgUrl : '';
    const result = await db
      .insertInto('roadshow')
      .values({
        ref_code: demo.ref,
        project_id: lot.id,
        kind: demo.kind,
        title: demo.title(lot.assets_name),
        presenter: demo.presenter,
        start_at: start,
        end_at: start + demo.lasts,
        video_url: poster,
        poster_url: poster,
        material_ids: JSON.stringify(materials.map((m) => m.id)),
        created_by: 'op_auction',
        created_at: now,
        updated_at: now,
        cancelled_at: null,
      })
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}
