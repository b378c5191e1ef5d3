/**
 * The baseline of `npm run bench:poll`: hall/page answered the naive way, with a database query per
 * request (what the shared snapshot replaces). Same data, same answer shape, no ETag.
 * Run by the benchmark as a process of its own beside our server, on the same database (the bids go to
 * our server and land here through the database): PORT, PORTAL_DATA_DIR (SQLite) or DATABASE_URL.
 * Prints `ready` once listening; SIGTERM closes it.
 */
import path from 'node:path';
import Fastify from 'fastify';
import { fenToYuan } from '#domain/rules/money';
import { openDatabase } from '../db/connection.ts';

const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, sqliteFile: path.join(process.env.PORTAL_DATA_DIR ?? './data', 'portal.sqlite') });
const app = Fastify();
app.post('/api/dscq-sync/v1/bid-assets/hall/page', async (request) => {
  const q = request.query as { size?: string; current?: string };
  const size = Math.min(2000, Number(q.size ?? 30));
  const current = Math.max(1, Number(q.current ?? 1));
  const now = Date.now();
  const live = handle.db.selectFrom('bid_activity as a').where('a.status', '=', 'live');
  const { n } = await live.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await live
    .innerJoin('project as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.project_id', 'p.assets_name', 'p.project_type', 'a.org_name', 'a.start_at', 'a.end_at', 'a.start_price_fen', 'a.current_price_fen', 'a.max_price_fen', 'a.bid_count', 'p.price_type', 'p.price_unit', 'a.mode'])
    .orderBy('a.end_at')
    .orderBy('a.id')
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  const records = rows.map((r) => ({
    activityId: r.id,
    assetsId: r.project_id,
    assetsName: r.assets_name,
    projectType: r.project_type,
    orgName: r.org_name,
    leftTime: Math.max(0, Math.floor((r.end_at - now) / 1000)),
    startTime: r.start_at,
    endTime: r.end_at,
    startPrice: fenToYuan(r.start_price_fen),
    biddingPrice: fenToYuan(r.current_price_fen),
    maxPrice: fenToYuan(r.max_price_fen),
    biddingCount: r.bid_count,
    priceType: r.price_type,
    priceUnitName: r.price_type === 2 ? r.price_unit : '',
    mode: r.mode,
  }));
  return { code: 200, success: true, msg: '操作成功', data: { records, total: Number(n), size, current, pages: Math.ceil(Number(n) / size), serverTime: now } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => handle.close()).then(() => process.exit(0)));
