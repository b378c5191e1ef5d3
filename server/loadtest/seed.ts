/**
 * Load-test data: N live lots (listed projects + ongoing activities ending after the run) and M verified
 * bidders qualified in every lot, plus access tokens minted with the install's own secrets — so the
 * simulated bidders skip the captcha a person would type. Used by `npm run loadtest` and the benchmarks.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createAccounts } from '../services/accounts/create.ts';
import { demoIncrementFen } from '../seed/bidding.ts';
import { createRng } from '../seed/prng.ts';
import { loadUserRow } from '../services/accounts/load-accounts.ts';
import { hashPassword } from '../services/accounts/passwords.ts';
import { issueTokens } from '../services/accounts/tokens.ts';
import { searchKeys } from '../services/projects/search-keys.ts';

export const LOAD_PASSWORD = 'Load@2026';

const NAMES = ['住宅', '商铺', '写字楼', '厂房', '仓储用房', '车位', '机动车', '二手设备', '废旧物资', '股权'];
const CITIES = ['石家庄市', '唐山市', '秦皇岛市', '邯郸市', '邢台市', '保定市', '张家口市', '承德市', '沧州市', '廊坊市', '衡水市'];

export interface LoadSeed {
  activityIds: number[];
  /** Access tokens of the load bidders (one each). */
  tokens: string[];
}

export interface LoadSeedOptions {
  lots: number;
  bidders: number;
  now: number;
  /** Lots end between `minEndMs` and `maxEndMs` from now. */
  minEndMs: number;
  maxEndMs: number;
  dataDir: string;
  /** Tag of this run: codes and login names carry it, so runs never collide. */
  runId: string;
}

async function insertBatched<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedLoad(db: Kysely<Database>, o: LoadSeedOptions): Promise<LoadSeed> {
  const rng = createRng(o.lots * 7919 + o.bidders);
  const hash = await hashPassword(LOAD_PASSWORD);
  const activityIds: number[] = [];
  const userIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < o.bidders; i++) {
      const name = `load${o.runId}b${String(i + 1).padStart(4, '0')}`;
      const { id } = await trx.insertInto('app_user').values(loadUserRow(name, i + 1, hash, o.now)).returning('id').executeTakeFirstOrThrow();
      userIds.push(id);
    }
    for (let i = 0; i < o.lots; i++) {
      const city = rng.pick(CITIES);
      const assetsName = `${city}压测标的${rng.pick(NAMES)}${i + 1}号`;
      const startFen = rng.int(50, 50_000) * 100_000;
      const { id: projectId } = await trx
        .insertInto('project')
        .values({
          project_code: `LOAD-${o.runId}-${i + 1}`,
          assets_name: assetsName,
          ...searchKeys(assetsName, `LOAD-${o.runId}-${i + 1}`),
          type_code: 2,
          type_name: '实物资产',
          association_id: null,
          project_nature: 1,
          project_type: 0,
          state: '报名已截止',
          price_type: 1,
          start_price_fen: startFen,
          the_tone_interval: 1,
          the_tone_max_fen: null,
          price_unit: '',
          price_other: '',
          deposit_fen: Math.round(startFen / 10),
          announcement_start_at: o.now - 20 * 86_400_000,
          announcement_end_at: o.now - 86_400_000,
          province: '河北省',
          city,
          county: '',
          org_name: '河北产权市场 压测',
          img_url: '',
          view_count: 0,
          created_at: o.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const endAt = o.now + o.minEndMs + Math.floor(rng.next() * (o.maxEndMs - o.minEndMs));
      const { id } = await trx
        .insertInto('bid_activity')
        .values({
          activity_code: `LOAD-${o.runId}-${i + 1}`,
          project_id: projectId,
          mode: 'ongoing',
          status: 'live',
          outcome: null,
          start_at: o.now - 60_000,
          end_at: endAt,
          original_end_at: endAt,
          start_price_fen: startFen,
          increment_fen: demoIncrementFen(startFen),
          reserve_fen: null,
          cap_fen: null,
          extension_window_ms: 5 * 60_000,
          extension_ms: 5 * 60_000,
          allow_self_outbid: 0,
          current_price_fen: startFen,
          max_price_fen: startFen,
          bid_count: 0,
          extension_count: 0,
          leader_user_id: null,
          leader_bid_code: null,
          last_bid_at: null,
          org_name: '河北产权市场 压测',
          settings: '{}',
          lock_version: 0,
          created_at: o.now,
          updated_at: o.now,
          settled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      activityIds.push(id);
    }
    const quals = activityIds.flatMap((activityId) =>
      userIds.map((userId, j) => ({ activity_id: activityId, user_id: userId, bid_code: String(100_000 + j), pre_emptive_rank: null, created_at: o.now })),
    );
    await insertBatched(quals, 500, (batch) => trx.insertInto('bid_qualification').values(batch).execute());
  });

  const accounts = await createAccounts(
    { db, now: () => o.now, dataDir: o.dataDir, nodeEnv: 'development', accounts: { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {} } },
    { info: () => {}, warn: () => {}, error: () => {} } as never,
  );
  const users = await db.selectFrom('app_user').selectAll().where('id', 'in', userIds).orderBy('id').execute();
  const tokens: string[] = [];
  for (const user of users) tokens.push((await issueTokens(accounts, user, 'password', '127.0.0.1')).access_token);
  return { activityIds, tokens };
}
