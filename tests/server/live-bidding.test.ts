/**
 * The live hall and the bidding engine against the real database (SQLite; PostgreSQL when
 * TEST_DATABASE_URL is set): snapshot answers with ETag/304, bids with every rule, idempotency,
 * concurrency, soft close, the lifecycle sweep, and a second process seeing a bid through the feed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_TARGET, UPCOMING_TARGET } from '../../server/seed/bidding.ts';
import { changeEventOf } from '../../server/live/changeEvents.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { buildSecondProcess, listeningLive, DIALECT, NOW, TEST_DATABASE_URL, type Json } from './helpers.ts';

const HALL = '/api/dscq-sync/v1/bid-assets/hall/page';
const RATE = '/api/dscq-sync/v1/bid-assets/bidding-rate';
const DATA = '/api/dscq-sync/v1/bid-assets/bidding-data';
const MAX_RATE = '/api/dscq-sync/v1/bid-assets/assets-max-rate';
const UPCOMING = '/api/dscq-project/activity/upcoming-bid';
const BID = '/api/dscq-sync/v1/bidding/ongoing/bid';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
let keySeq = 0;
const key = () => `test-key-${process.pid}-${++keySeq}`;

async function post(url: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers });
  return { res, status: res.statusCode, body: (res.body ? res.json() : null) as Json };
}

async function bid(user: string, activityId: number, amount: number | string, idempotencyKey = key(), mode = 'ongoing') {
  return post(BID.replace('ongoing', mode), { activityId, amount, idempotencyKey }, { authorization: `Bearer ${tokens[user]}` });
}

async function activity(id: number) {
  return t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A live seeded activity without bids, ending later than `minLeftMs` from now. */
async function freshLive(minLeftMs = 3_600_000) {
  const row = await t.handle.db
    .selectFrom('bid_activity')
    .selectAll()
    .where('status', '=', 'live')
    // The demo has every mode; these tests bid as in the English auction.
    .where('mode', '=', 'ongoing')
    .where('bid_count', '=', 0)
    .where('end_at', '>', t.clock.now + minLeftMs)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row;
}

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['bidder01', 'bidder02', 'bidder03', 'bidder04', 'bidder05', 'demo_person', 'demo_new']) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
  }
}, 60_000);

afterAll(async () => t?.close());

describe(`live hall on ${DIALECT}`, () => {
  it('seeds live and scheduled demo activities with the demo bidders qualified', async () => {
    const live = await t.handle.db.selectFrom('bid_activity').select('id').where('status', '=', 'live').execute();
    const scheduled = await t.handle.db.selectFrom('bid_activity').select('id').where('status', '=', 'scheduled').execute();
    expect(live).toHaveLength(LIVE_TARGET);
    expect(scheduled).toHaveLength(UPCOMING_TARGET);
    const quals = await t.handle.db.selectFrom('bid_qualification').select('id').execute();
    expect(quals).toHaveLength((LIVE_TARGET + UPCOMING_TARGET) * 5);
    // Some end within minutes of start-up.
    const soon = await t.handle.db.selectFrom('bid_activity').select('id').where('status', '=', 'live').where('end_at', '<', NOW + 15 * 60_000).execute();
    expect(soon.length).toBeGreaterThanOrEqual(3);
  });

  it('hall/page answers 30 live rows ending soonest first, with the entry fields and server time', async () => {
    const { status, body, res } = await post(HALL);
    expect(status).toBe(200);
    expect(body.data.size).toBe(30);
    expect(body.data.total).toBe(LIVE_TARGET);
    expect(body.data.serverTime).toBe(t.clock.now);
    const rows = body.data.records as Json[];
    expect(rows).toHaveLength(30);
    const ends = rows.map((r) => r.endTime);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    const first = rows[0];
    expect(Object.keys(first).sort()).toEqual(
      // The spec's Bidding entry, plus ours: startTime, endTime, mode and lockVersion (the order of an activity's states).
      ['activityId', 'lockVersion', 'assetsId', 'assetsName', 'projectType', 'orgName', 'leftTime', 'startTime', 'endTime', 'startPrice', 'biddingPrice', 'maxPrice', 'biddingCount', 'leaderBidCode', 'priceType', 'priceUnitName', 'mode'].sort(),
    );
    expect(first.leftTime).toBe(Math.floor((first.endTime - t.clock.now) / 1000));
    expect(res.headers.etag).toMatch(/^W\/"/);
  });

  it('pages and searches by assetsName', async () => {
    const page2 = await post(HALL, { size: 10, current: 3 });
    expect(page2.body.data.records).toHaveLength(10);
    expect(page2.body.data.pages).toBe(3);
    const some = page2.body.data.records[0].assetsName as string;
    const found = await post(HALL, { assetsName: some.slice(0, 6) });
    expect(found.body.data.records.every((r: Json) => r.assetsName.includes(some.slice(0, 6)))).toBe(true);
    expect(found.body.data.records.length).toBeGreaterThan(0);
    const none = await post(HALL, { assetsName: '不存在的项目名称' });
    expect(none.body.data).toMatchObject({ records: [], total: 0 });
  });

  it('validates parameters with Chinese messages', async () => {
    expect((await post(HALL, { size: 5000 })).body.msg).toContain('size');
    expect((await post(HALL, { size: 5000 })).status).toBe(400);
    expect((await post(DATA, {})).body.msg).toBe('参数 activityId 不能为空');
    expect((await post(RATE, { activityIds: 'a,b' })).status).toBe(400);
  });

  it('an unchanged poll is a 304; a bid changes the tag and the answer', async () => {
    const first = await post(HALL);
    const etag = first.res.headers.etag as string;
    const again = await post(HALL, {}, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.res.body).toBe('');
    // Only time passed: still 304 (clients count down from endTime).
    t.clock.now += 3000;
    expect((await post(HALL, {}, { 'if-none-match': etag })).status).toBe(304);

    const target = await freshLive();
    const placed = await bid('bidder01', target.id, target.start_price_fen / 100);
    expect(placed.status).toBe(200);
    await t.app.live.snapshot.rebuild();
    const after = await post(HALL, { size: 100 }, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.res.headers.etag).not.toBe(etag);
    const row = after.body.data.records.find((r: Json) => r.activityId === target.id);
    expect(row).toMatchObject({ biddingCount: 1, biddingPrice: target.start_price_fen / 100 });
  });

  it('a committed bid changes its own row from what the engine committed: nothing read back, no rebuild; the other rows stay', async () => {
    const before = await post(HALL, { size: 100 });
    const target = await freshLive();
    const cache = (t.app.live.snapshot as unknown as { cache: { load(ids: number[] | null): Promise<void> } }).cache;
    const load = vi.spyOn(cache, 'load');
    try {
      expect((await bid('bidder02', target.id, target.start_price_fen / 100)).status).toBe(200);
      // In hand when the answer comes: the row already shows the bid.
      expect((await post(HALL, { size: 100 })).body.data.records.find((r: Json) => r.activityId === target.id)?.biddingCount).toBe(1);
      // No read of the target's row (nor a full rebuild). Another test's late change (a NOTIFY, a trailing
      // reload) may share the window: it loads its own row only.
      const loads = load.mock.calls.map(([ids]) => ids);
      expect(loads.every((ids) => Array.isArray(ids) && ids.length <= 3 && !ids.includes(target.id))).toBe(true);
      const after = await post(HALL, { size: 100 });
      expect(after.body.data.total).toBe(before.body.data.total);
    } finally {
      load.mockRestore();
    }
  });

  it('the row handed over by the engine is the row a read gives, and the answer carries the pushed state', async () => {
    const target = await freshLive();
    const events: Json[] = [];
    const off = t.app.live.snapshot.onChange((rows, serverTime, newest) => {
      for (const row of rows) if (row.entry.activityId === target.id) events.push(changeEventOf(row, serverTime, newest.get(target.id)));
    });
    try {
      const placed = await bid('bidder03', target.id, target.start_price_fen / 100);
      expect(placed.status).toBe(200);
      const state = placed.body.data.state;
      expect(state).toMatchObject({ activityId: target.id, lockVersion: placed.body.data.lockVersion, biddingCount: 1 });
      // The watchers' event (built from what the engine handed over) says what the answer says.
      await expect.poll(() => events.length).toBeGreaterThan(0);
      const { serverTime: _a, ...pushed } = events.at(-1)!;
      const { serverTime: _b, ...answered } = state;
      expect(pushed).toEqual(answered);
      // A full read of the same data gives the same answers and tags.
      const handed = await post(RATE, { activityIds: String(target.id) });
      await t.app.live.snapshot.rebuild();
      const read = await post(RATE, { activityIds: String(target.id) });
      expect(read.res.headers.etag).toBe(handed.res.headers.etag);
      expect(read.body.data.rates).toEqual(handed.body.data.rates);
    } finally {
      off();
    }
  });

  it('bidding-rate answers the asked rows with premium rates; unknown ids are left out', async () => {
    const withBids = await t.handle.db.selectFrom('bid_activity').selectAll().where('status', '=', 'live').where('bid_count', '>', 1).orderBy('id').executeTakeFirstOrThrow();
    const { body, res } = await post(RATE, { activityIds: `${withBids.id},999999` });
    expect(body.data.rates).toHaveLength(1);
    const rate = body.data.rates[0];
    const expected = ((Math.abs(withBids.max_price_fen - withBids.start_price_fen) / withBids.start_price_fen) * 100).toFixed(2);
    expect(rate).toMatchObject({ activityId: withBids.id, status: 'live', biddingCount: withBids.bid_count, premiumRate: `${expected}%` });
    expect((await post(RATE, { activityIds: `${withBids.id},999999` }, { 'if-none-match': res.headers.etag as string })).status).toBe(304);
  });

  it('assets-max-rate ranks live lots with bids by premium', async () => {
    const { body } = await post(MAX_RATE, { size: 5 });
    const rates = (body.data as Json[]).map((r) => Number.parseFloat(r.premiumRate));
    expect(rates.length).toBeGreaterThan(0);
    expect(rates.length).toBeLessThanOrEqual(5);
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
  });

  it('upcoming-bid lists scheduled activities, 8 by default, starting soonest first', async () => {
    const { body } = await post(UPCOMING);
    expect(body.data.size).toBe(8);
    expect(body.data.total).toBe(UPCOMING_TARGET);
    const starts = (body.data.records as Json[]).map((r) => r.startTime);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(starts[0]).toBeGreaterThan(t.clock.now);
  });
});

describe(`bidding engine on ${DIALECT}`, () => {
  it('refuses the anonymous (401), the unverified and the unqualified (403) in Chinese', async () => {
    const target = await freshLive();
    const anonymous = await post(BID, { activityId: target.id, amount: target.start_price_fen / 100, idempotencyKey: key() });
    expect(anonymous.status).toBe(401);
    expect((await bid('demo_new', target.id, target.start_price_fen / 100)).body.msg).toBe('请先完成实名认证后再出价');
    const unqualified = await bid('demo_person', target.id, target.start_price_fen / 100);
    expect(unqualified.status).toBe(403);
    expect(unqualified.body.msg).toContain('竞买资格');
  });

  it('applies the amount rules: start price first, then whole increments above the current price', async () => {
    const target = await freshLive();
    const start = target.start_price_fen / 100;
    const step = target.increment_fen / 100;
    expect((await bid('bidder01', target.id, start - step)).body.msg).toBe('出价不得低于起始价');
    expect((await bid('bidder01', target.id, start)).status).toBe(200);
    expect((await bid('bidder01', target.id, start + step)).body.msg).toBe('您当前已是最高出价人，无需再次出价');
    expect((await bid('bidder02', target.id, start)).body.msg).toBe('出价须至少高于当前价一个加价幅度');
    expect((await bid('bidder02', target.id, start + step + 0.01)).body.msg).toBe('出价须为当前价加整数倍的加价幅度');
    const jump = await bid('bidder02', target.id, start + 3 * step);
    expect(jump.status).toBe(200);
    expect(jump.body.data).toMatchObject({ seq: 2, amount: start + 3 * step, extended: false });
    expect((await post(BID, { activityId: target.id, amount: '12.345', idempotencyKey: key() }, { authorization: `Bearer ${tokens.bidder03}` })).body.msg).toBe(
      '出价金额须为大于 0 的数字，最多两位小数',
    );
    expect((await bid('bidder03', target.id, start + 4 * step, key(), 'phased')).body.msg).toBe('竞价方式与该活动不符');
    expect((await bid('bidder03', target.id, start + 4 * step, key(), 'no-such-mode')).status).toBe(404);
    expect((await bid('bidder03', 999_999, start)).status).toBe(404);
  });

  it('replays an idempotency key: one bid, the same answer; another body under the key is refused', async () => {
    const target = await freshLive();
    const k = key();
    const answers = await Promise.all(Array.from({ length: 10 }, () => bid('bidder03', target.id, target.start_price_fen / 100, k)));
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body])))).toHaveLength(1);
    expect(answers[0]!.status).toBe(200);
    expect((await activity(target.id)).bid_count).toBe(1);
    const other = await bid('bidder03', target.id, target.start_price_fen / 100 + target.increment_fen / 100, k);
    expect(other.status).toBe(409);
  });

  it('many bidders sending the same amount at once: exactly one is accepted, the sequence has no gaps', async () => {
    const target = await freshLive();
    const amount = target.start_price_fen / 100;
    const users = ['bidder01', 'bidder02', 'bidder03', 'bidder04', 'bidder05'];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => bid(users[i % 5]!, target.id, amount)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // A second wave at increasing amounts: accepted amounts strictly increase with seq.
    const step = target.increment_fen / 100;
    await Promise.all(Array.from({ length: 40 }, (_, i) => bid(users[i % 5]!, target.id, amount + (1 + (i % 8)) * step)));
    const bids = await t.handle.db.selectFrom('bid').selectAll().where('activity_id', '=', target.id).orderBy('seq').execute();
    expect(bids.map((b) => b.seq)).toEqual(bids.map((_, i) => i + 1));
    for (let i = 1; i < bids.length; i++) expect(bids[i]!.amount_fen).toBeGreaterThan(bids[i - 1]!.amount_fen);
    const after = await activity(target.id);
    expect(after.current_price_fen).toBe(bids.at(-1)!.amount_fen);
    expect(after.bid_count).toBe(bids.length);
  });

  it('soft close: end − 50 ms is accepted and extends the end by 5 minutes; end + 1 ms is closed', async () => {
    const saved = t.clock.now;
    try {
      const target = await freshLive();
      t.clock.now = target.end_at - 50;
      tokens.bidder04 = (await t.login('bidder04')).body.access_token; // the clock moved past the old token's life
      tokens.bidder05 = (await t.login('bidder05')).body.access_token;
      const late = await bid('bidder04', target.id, target.start_price_fen / 100);
      expect(late.status).toBe(200);
      expect(late.body.data).toMatchObject({ extended: true, endTime: target.end_at - 50 + 5 * 60_000 });
      const extended = await activity(target.id);
      expect(extended.extension_count).toBe(1);
      t.clock.now = extended.end_at + 1;
      const closed = await bid('bidder05', target.id, target.start_price_fen / 100 + target.increment_fen / 100);
      expect(closed.status).toBe(400);
      expect(closed.body.msg).toBe('竞价已结束，出价无效');
    } finally {
      t.clock.now = saved;
      tokens.bidder04 = (await t.login('bidder04')).body.access_token;
      tokens.bidder05 = (await t.login('bidder05')).body.access_token;
    }
  });

  it('the bid log is append-only', async () => {
    await expect(t.handle.db.updateTable('bid').set({ amount_fen: 1 }).execute()).rejects.toThrow(/append-only/);
    await expect(t.handle.db.deleteFrom('bid').execute()).rejects.toThrow(/append-only/);
  });

  it('bidding-data shows bids newest first, the leader and the asker’s own bid code', async () => {
    const target = await freshLive();
    const start = target.start_price_fen / 100;
    await bid('bidder01', target.id, start);
    await bid('bidder02', target.id, start + target.increment_fen / 100);
    await t.app.live.snapshot.rebuild();
    const anonymous = await post(DATA, { activityId: target.id });
    expect(anonymous.body.data).toMatchObject({ biddingCount: 2, myBidCode: null, status: 'live', mode: 'ongoing' });
    expect(anonymous.body.data.bids.map((b: Json) => b.seq)).toEqual([2, 1]);
    // The room links to the project's own page: it needs the project type (package or single asset).
    const project = await t.handle.db.selectFrom('project').select('project_type').where('id', '=', target.project_id).executeTakeFirstOrThrow();
    expect(anonymous.body.data.projectType).toBe(project.project_type);
    const mine = await post(DATA, { activityId: target.id }, { authorization: `Bearer ${tokens.bidder02}` });
    expect(mine.body.data.myBidCode).toBe(mine.body.data.leaderBidCode);
    expect((await post(DATA, { activityId: 999_999 })).status).toBe(404);
  });

  it('the sweep starts scheduled activities and ends live ones with their outcome', async () => {
    const saved = t.clock.now;
    try {
      const sold = await t.handle.db.selectFrom('bid_activity').selectAll().where('status', '=', 'live').where('bid_count', '>', 0).orderBy('end_at').executeTakeFirstOrThrow();
      const next = await t.handle.db.selectFrom('bid_activity').selectAll().where('status', '=', 'scheduled').orderBy('start_at').executeTakeFirstOrThrow();
      t.clock.now = Math.max(sold.end_at + 1000, next.start_at);
      const changed = await t.app.live.sweep();
      expect(changed).toBeGreaterThanOrEqual(2);
      expect(await activity(sold.id)).toMatchObject({ status: 'ended', outcome: 'sold' });
      expect(await activity(next.id)).toMatchObject({ status: 'live' });
      const project = await t.handle.db.selectFrom('project').select('state').where('id', '=', sold.project_id).executeTakeFirstOrThrow();
      expect(project.state).toBe('已成交');
      expect(await t.app.live.sweep()).toBe(0); // idempotent
      await t.app.live.snapshot.rebuild();
      const hall = await post(HALL, { size: 100 });
      expect(hall.body.data.records.some((r: Json) => r.activityId === sold.id)).toBe(false);
      const rate = await post(RATE, { activityIds: String(sold.id) });
      expect(rate.body.data.rates[0]).toMatchObject({ activityId: sold.id, status: 'ended' });
    } finally {
      t.clock.now = saved;
    }
  });
});

describe(`a second server process on ${DIALECT}`, () => {
  it('sees a bid committed by the first one without a request of its own to the database per poll', async () => {
    const second = await buildSecondProcess(t, () => t.clock.now, listeningLive(t.handle.schema));
    try {
      await second.ready();
      const target = await freshLive();
      const before = (await second.inject({ method: 'POST', url: RATE, query: { activityIds: String(target.id) } })).json();
      expect(before.data.rates[0].biddingCount).toBe(0);
      if (TEST_DATABASE_URL) await new Promise((r) => setTimeout(r, 300)); // LISTEN is connected
      expect((await bid('bidder05', target.id, target.start_price_fen / 100)).status).toBe(200);
      await expect
        .poll(async () => (await second.inject({ method: 'POST', url: RATE, query: { activityIds: String(target.id) } })).json().data.rates[0].biddingCount, {
          timeout: 2000,
          interval: 100,
        })
        .toBe(1);
      // A bid through the second process reaches its own snapshot too (its NOTIFY, or its local feed).
      const own = await second.inject({
        method: 'POST',
        url: BID,
        query: { activityId: String(target.id), amount: String((target.start_price_fen + target.increment_fen) / 100), idempotencyKey: key() },
        headers: { authorization: `Bearer ${tokens.bidder04}` },
      });
      expect(own.statusCode).toBe(200);
      await expect
        .poll(async () => (await second.inject({ method: 'POST', url: RATE, query: { activityIds: String(target.id) } })).json().data.rates[0].biddingCount, {
          timeout: 2000,
          interval: 50,
        })
        .toBe(2);
    } finally {
      await second.close();
    }
  });
});
