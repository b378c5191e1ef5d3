/**
 * The demo that stays alive: the seeded demo lists activities of all eight modes in hall/page
 * and upcoming-bid, and with the demo scheduler (server/seed/scheduler.ts) it still does hours later —
 * the sweep settling what ends, the scheduler opening what is missing, one of each mode ending within
 * minutes, bidder01 … bidder05 qualified everywhere. Two processes' schedulers on one database never run
 * at once (the lease row claimed in the run's transaction). Fake clock; SQLite, PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIDDING_MODES } from '#domain/contract/hall';
import { DEMO_SOON_MS } from '../../server/seed/bidding.ts';
import { createDemoScheduler, demoLease, type DemoScheduler } from '../../server/seed/scheduler.ts';
import { createTestApp, DIALECT, NOW, type Json, type TestApp } from './helpers.ts';

const MINUTE = 60_000;
let t: TestApp;
const clock = { now: NOW };
let bidders: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
  bidders = (await t.handle.db.selectFrom('app_user').select('id').where('login_name', 'like', 'bidder0%').execute()).map((r) => r.id);
  expect(bidders).toHaveLength(5);
}, 60_000);

afterAll(async () => t?.close());

const schedulerOf = (db: TestApp['handle']['db'], holder: string): DemoScheduler =>
  createDemoScheduler({ db, now: () => clock.now, intervalMs: 5 * MINUTE, holder, notifyChannel: null, afterCommit: () => {}, timers: false });

/** The modes of hall/page's live rows and of upcoming-bid's, as a client reads them. */
async function listedModes() {
  await t.app.live.snapshot.rebuild();
  const hall = (await t.app.inject({ method: 'POST', url: '/api/dscq-sync/v1/bid-assets/hall/page', query: { size: '2000' } })).json().data.records as Json[];
  const upcoming = (await t.app.inject({ method: 'POST', url: '/api/dscq-project/activity/upcoming-bid', query: { size: '100' } })).json().data.records as Json[];
  return { hall: new Set(hall.map((r) => r.mode)), upcoming: new Set(upcoming.map((r) => r.mode)), hallRows: hall };
}

describe(`the demo that stays alive on ${DIALECT}`, () => {
  it('lists live and upcoming activities of all eight modes after the seed', async () => {
    const { hall, upcoming } = await listedModes();
    expect([...hall].sort()).toEqual([...BIDDING_MODES].sort());
    expect([...upcoming].sort()).toEqual([...BIDDING_MODES].sort());
  });

  it('still lists every mode, live and upcoming, six hours later: the sweep ends activities and the scheduler opens new ones', async () => {
    const scheduler = schedulerOf(t.handle.db, 'process-a');
    try {
      let settled = 0;
      for (let step = 1; step <= 36; step++) {
        clock.now = NOW + step * 10 * MINUTE;
        settled += await t.app.live.sweep();
        await scheduler.runOnce();
        await t.app.live.sweep(); // the scheduled ones whose start has come
        const { hall, upcoming, hallRows } = await listedModes();
        expect([...hall].sort(), `hall at +${step * 10} min`).toEqual([...BIDDING_MODES].sort());
        expect([...upcoming].sort(), `upcoming at +${step * 10} min`).toEqual([...BIDDING_MODES].sort());
        // Each mode has one ending within minutes (results and extensions to see).
        for (const mode of BIDDING_MODES) {
          expect(hallRows.some((r) => r.mode === mode && r.endTime <= clock.now + DEMO_SOON_MS), `${mode} ending soon at +${step * 10} min`).toBe(true);
        }
      }
      expect(settled).toBeGreaterThan(36);
      // Every activity under way has the five demo bidders qualified.
      const open = await t.handle.db.selectFrom('bid_activity').select('id').where('status', 'in', ['live', 'scheduled']).execute();
      const quals = await t.handle.db.selectFrom('bid_qualification').select(['activity_id']).where('user_id', 'in', bidders).where('activity_id', 'in', open.map((a) => a.id)).execute();
      for (const { id } of open) expect(quals.filter((q) => q.activity_id === id)).toHaveLength(5);
      // Never two activities under way on one project.
      const projects = await t.handle.db.selectFrom('bid_activity').select('project_id').where('status', 'in', ['live', 'scheduled']).execute();
      expect(new Set(projects.map((p) => p.project_id)).size).toBe(projects.length);
      // The ended ones were settled: results published.
      const results = await t.handle.db.selectFrom('news').select('id').where('ref_code', 'like', 'JG-BID-DEMO-%').execute();
      expect(results.length).toBeGreaterThan(36);
    } finally {
      await scheduler.stop();
    }
  }, 300_000);

  it('runs in one process at a time: two processes due at once, one creates, the other waits for its turn', async () => {
    const other = t.database.openAnother();
    const a = schedulerOf(t.handle.db, 'process-a');
    const b = schedulerOf(other.db, 'process-b');
    try {
      // Due (the last run was ≥ the interval ago), and something is missing: a mode's ending-soon lot is over.
      clock.now += 30 * MINUTE;
      await t.app.live.sweep();
      const before = await t.handle.db.selectFrom('bid_activity').select('id').execute();
      // PostgreSQL: truly at once (the second waits on the lease row). SQLite: one after the other at the same
      // time — in one test process a second connection's lock wait would block the event loop the first
      // one needs to commit (separate processes each have their own; the lock is the database's).
      const [ra, rb] = DIALECT === 'postgres' ? await Promise.all([a.runOnce(), b.runOnce()]) : [await a.runOnce(), await b.runOnce()];
      expect([ra, rb].filter((r) => r !== null)).toHaveLength(1);
      const created = (ra ?? rb)!;
      expect(created.live + created.scheduled).toBeGreaterThan(0);
      const after = await t.handle.db.selectFrom('bid_activity').select('id').execute();
      expect(after.length - before.length).toBe(created.live + created.scheduled);
      const lease = await demoLease(t.handle.db);
      expect(lease!.holder).toBe(ra ? 'process-a' : 'process-b');
      // The other one is not due before the interval has passed; then it is.
      const loser = ra ? b : a;
      expect(await loser.runOnce()).toBeNull();
      clock.now += 5 * MINUTE;
      expect(await loser.runOnce()).not.toBeNull();
      const projects = await t.handle.db.selectFrom('bid_activity').select('project_id').where('status', 'in', ['live', 'scheduled']).execute();
      expect(new Set(projects.map((p) => p.project_id)).size).toBe(projects.length);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 60_000);
});
