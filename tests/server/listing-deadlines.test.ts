/**
 * A listing's word follows its enrolment deadline for every listing, not only the demo's: the
 * listing-deadlines job (plugins/jobs.ts) turns 正在报名 into 报名已截止 once announcement_end_at has passed
 * (a lot published by staff or through the operator API included), leaves the others alone, and two
 * processes' runs never both run inside one interval (the lease). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeasedJob } from '../../server/services/common/leased-job.ts';
import { closeDueEnrolments, LISTING_DEADLINES_JOB } from '../../server/services/projects/enrolment-deadlines.ts';
import { createTestApp, DIALECT, NOW, type TestApp } from './helpers.ts';

const HOUR = 3_600_000;
let t: TestApp;
const clock = { now: NOW };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
}, 60_000);
afterAll(async () => t?.close());

describe(`listing deadlines (${DIALECT})`, () => {
  it('turns the listings past their enrolment deadline to 报名已截止, whoever published them; the rest keep their word', async () => {
    const db = t.handle.db;
    const [passed, open] = await db.selectFrom('project').select(['id']).where('state', '=', '正在报名').orderBy('id').limit(2).execute();
    expect(open).toBeDefined();
    // One lot as the operator API publishes it (no demo code), its deadline an hour ago; another still open.
    await db.updateTable('project').set({ project_code: 'OPS-2026-0001', announcement_end_at: clock.now - HOUR }).where('id', '=', passed!.id).execute();
    await db.updateTable('project').set({ announcement_end_at: clock.now + 24 * HOUR }).where('id', '=', open!.id).execute();
    const enrollingBefore = await db.selectFrom('project').select('id').where('state', '=', '正在报名').where('announcement_end_at', '<=', clock.now).execute();

    expect(await t.app.listingDeadlines.runOnce()).toBe(enrollingBefore.length);
    const state = async (id: number) => (await db.selectFrom('project').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
    expect(await state(passed!.id)).toBe('报名已截止');
    expect(await state(open!.id)).toBe('正在报名');
    const stillEnrolling = await db.selectFrom('project').select('id').where('state', '=', '正在报名').where('announcement_end_at', '<=', clock.now).execute();
    expect(stillEnrolling).toEqual([]);

    // The page and the search read the new word.
    const detail = (await t.app.inject({ method: 'GET', url: '/api/dscq-project/project/detail', query: { id: String(passed!.id) } })).json();
    expect(detail.data.state).toBe('报名已截止');
  });

  it('two processes: inside one interval only one of them runs', async () => {
    const job = (holder: string) => createLeasedJob({ db: t.handle.db, now: () => clock.now, name: LISTING_DEADLINES_JOB, intervalMs: 60_000, holder, timers: false, work: closeDueEnrolments });
    clock.now += 10 * 60_000;
    const [a, b] = [job('process-a'), job('process-b')];
    const first = await a.runOnce();
    expect(first).not.toBeNull();
    expect(await b.runOnce()).toBeNull();
    clock.now += 60_000;
    expect(await b.runOnce()).not.toBeNull();
  });
});
