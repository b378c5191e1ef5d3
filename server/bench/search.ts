/**
 * `npm run bench:search`: the trading centre's search at 10,000 projects on SQLite.
 * Seeds a temp database (the demo listings, varied 29 ways: other cities, prices, dates, views, codes; pinyin
 * keys computed as at write time; feature tags on a fifth), then sends a realistic mix of searches through
 * the whole HTTP stack (app.inject: routing, zod, service, SQL, JSON) and prints p50/p95/p99 per query kind
 * and overall, next to a bare `select … limit 12` on the same database (the floor). The target is p99 < 50 ms.
 * Not a test: it gates nothing; noisy shared machines make one absolute time worth little — read the ratios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createRng } from '../seed/prng.ts';
import { CITIES } from '../reference/places.ts';
import { demoProjects, type ProjectSeed } from '../seed/data/projects.ts';
import { searchKeys } from '../services/projects/search-keys.ts';

const TARGET_ROWS = 10_000;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const WARMUP = 30;
const NOW = Date.now();
const DAY = 86_400_000;

function tenThousandProjects(): ProjectSeed[] {
  const base = demoProjects(NOW);
  const rng = createRng(0xbe_0001);
  const rows: ProjectSeed[] = [...base];
  for (let round = 1; rows.length < TARGET_ROWS; round++) {
    for (const p of base) {
      if (rows.length >= TARGET_ROWS) break;
      // Move the listing to another city: names mention theirs, so the keyword mix changes too.
      const from = CITIES.find((c) => c.name === p.city)!;
      const to = CITIES[(CITIES.indexOf(from) + round) % CITIES.length]!;
      const name = p.assets_name.replaceAll(from.name, to.name).replaceAll(from.short, to.short);
      const shift = rng.int(-60, 20) * DAY;
      const code = `${p.project_code}-B${String(round).padStart(2, '0')}`;
      rows.push({
        ...p,
        project_code: code,
        assets_name: name,
        ...searchKeys(name, code),
        city: to.name,
        county: rng.pick(to.counties),
        start_price_fen: Math.round(p.start_price_fen * (0.5 + rng.next())),
        announcement_start_at: p.announcement_start_at + shift,
        announcement_end_at: p.announcement_end_at + shift,
        view_count: rng.int(0, 9000),
        created_at: p.created_at + shift,
      });
    }
  }
  return rows;
}

type Query = Record<string, string | number>;
interface Kind {
  name: string;
  queries: Query[];
}

const KINDS: Kind[] = [
  { name: 'default list (page 1)', queries: [{ size: 12, current: 1 }] },
  { name: 'chinese keyword', queries: ['石家庄', '股权', '商铺', '公务车辆', '废旧钢材', '保定市', '增资扩股', '写字楼'].map((q) => ({ q, size: 12 })) },
  { name: 'full pinyin', queries: ['shijiazhuang', 'guquan', 'shangpu', 'baoding', 'zengzikuogu', 'tangshan'].map((q) => ({ q, size: 12 })) },
  { name: 'pinyin initials', queries: ['sjz', 'gq', 'sp', 'bds', 'zzkg', 'gwcl'].map((q) => ({ q, size: 12 })) },
  { name: 'project code', queries: ['HBCQ-GQ2026-0012', 'hbcq-fw2026-01', 'SW2026-0105-B07'].map((q) => ({ q, size: 12 })) },
  {
    name: 'filters',
    queries: [
      { typeCode: 1, state: '正在报名', size: 12 },
      { associationId: 88, city: '邯郸市', size: 12 },
      { typeCode: 6, minPrice: 100000, maxPrice: 1000000, size: 12 },
      { projectNature: 1, state: '已成交', city: '保定市', size: 12 },
      { assetsFeature: 2, size: 12 },
      { notTypeCodeList: '5', state: '预披露', size: 12 },
    ],
  },
  {
    name: 'sorts',
    queries: [
      { orderBy: 'price', order: 'asc', size: 12 },
      { orderBy: 'price', order: 'desc', size: 12 },
      { orderBy: 'views', order: 'desc', size: 12 },
      { orderBy: 'publishDate', order: 'asc', typeCode: 2, size: 12 },
    ],
  },
  { name: 'deep pages', queries: [{ size: 12, current: 800 }, { size: 12, current: 833 }, { size: 50, current: 190 }, { typeCode: 2, size: 12, current: 250, orderBy: 'price', order: 'desc' }] },
  {
    name: 'keyword + filters + sort',
    queries: [
      { q: 'shangpu', city: '石家庄市', orderBy: 'price', order: 'asc', size: 12 },
      { q: '股权', projectNature: 1, minPrice: 1000000, orderBy: 'views', order: 'desc', size: 12 },
      { q: 'gwcl', associationId: 88, state: '正在报名', size: 12, current: 2 },
    ],
  },
];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const ms = (v: number) => v.toFixed(2).padStart(8);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'portal.sqlite') });
  try {
    await migrateToLatest(handle.db, undefined);
    const rows = tenThousandProjects();
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto('project').values(rows.slice(i, i + 200)).execute();
      const features = ['优质资产', '国企直供', '低于评估价', '带租约', '手续齐全', '可预约看样'];
      await trx.insertInto('assets_feature').values(features.map((name, i) => ({ code: `f${i + 1}`, name, sort: i + 1 }))).execute();
      const ids = (await trx.selectFrom('project').select('id').execute()).map((r) => r.id);
      const rng = createRng(0xbe_0002);
      const links = ids.filter(() => rng.chance(0.2)).map((id) => ({ project_id: id, feature_id: rng.int(1, features.length) }));
      for (let i = 0; i < links.length; i += 500) await trx.insertInto('project_feature').values(links.slice(i, i + 500)).execute();
    });
    const { n } = await handle.db.selectFrom('project').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

    const app = await buildApp({
      db: handle.db,
      config: { staticDir: path.join(dir, 'no-dist'), logLevel: 'silent', dataDir: dir, nodeEnv: 'test' },
      logger: false,
      live: { timers: false },
    });
    await app.ready();

    const rng = createRng(0xbe_0003);
    const search = async (query: Query) => {
      const res = await app.inject({ method: 'POST', url: '/api/dscq-project/search/page', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
      if (res.statusCode !== 200) throw new Error(`search ${JSON.stringify(query)} → ${res.statusCode} ${res.body}`);
      return res;
    };
    const baseline = async () => handle.db.selectFrom('project').selectAll().limit(12).execute();

    const time = async (run: () => Promise<unknown>) => {
      const t0 = performance.now();
      await run();
      return performance.now() - t0;
    };
    for (let i = 0; i < WARMUP; i++) {
      await baseline();
      for (const kind of KINDS) await search(kind.queries[i % kind.queries.length]!);
    }
    // Round-robin: one request of every kind per round, so a noisy moment on a shared machine hits all alike.
    const baseTimes: number[] = [];
    const perKind = KINDS.map(() => ({ times: [] as number[], hits: 0 }));
    for (let i = 0; i < ITERATIONS; i++) {
      baseTimes.push(await time(baseline));
      for (const [k, kind] of KINDS.entries()) {
        const query = kind.queries[rng.int(0, kind.queries.length - 1)]!;
        const t0 = performance.now();
        const res = await search(query);
        perKind[k]!.times.push(performance.now() - t0);
        perKind[k]!.hits += (res.json() as { data: { total: number } }).data.total;
      }
    }
    const results: { name: string; times: number[]; hits?: number }[] = [{ name: 'baseline: bare select … limit 12', times: baseTimes }];
    const overall: number[] = [];
    for (const [k, kind] of KINDS.entries()) {
      overall.push(...perKind[k]!.times);
      results.push({ name: kind.name, times: perKind[k]!.times, hits: Math.round(perKind[k]!.hits / ITERATIONS) });
    }
    results.push({ name: 'overall (all search kinds)', times: overall });
    await app.close();

    console.log(`\nSearch benchmark: ${n} projects, SQLite (WAL, synchronous=FULL), ${ITERATIONS} requests per kind, through app.inject\n`);
    console.log(`${'query kind'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'avg hits'.padStart(9)}`);
    for (const r of results) {
      const sorted = [...r.times].sort((a, b) => a - b);
      console.log(`${r.name.padEnd(34)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))} ${ms(percentile(sorted, 99))} ${String(r.hits ?? '').padStart(9)}`);
    }
    const p99 = percentile([...overall].sort((a, b) => a - b), 99);
    const base50 = percentile([...baseTimes].sort((a, b) => a - b), 50);
    console.log(`\noverall p99 ${p99.toFixed(2)} ms: target p99 < 50 ms ${p99 < 50 ? 'met' : 'NOT met'} (overall p50 / baseline p50 = ${(percentile([...overall].sort((a, b) => a - b), 50) / base50).toFixed(1)}×)`);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
