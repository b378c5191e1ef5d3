/**
 * The path into the room: GET /dscq-user/desk/lots (the bearer's lots with the one lot state, his
 * bid code, bid count, the public leader and his enrolment), the hall rows' public leader (the standing the
 * hall shows), and the enrolment check's deadline (the hall's 如何参与). On the seeded demo data, where
 * bidder01 … bidder05 are qualified in every demo auction.
 */
import { bidderStanding, outbidTitle } from '#domain/rules/desk';
import { DESK_PATHS, type DeskSignal, type MyLot } from '#domain/contract/desk';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import type { BiddingEntry, RateEntry, WatchPage } from '#domain/contract/hall';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { FIRST_BIDDING_TERMS } from '../../server/db/migrations/0018_accepted_terms.ts';

const LOTS = `/api${DESK_PATHS.lots}`;
const HALL = '/api/dscq-sync/v1/bid-assets/hall/page';
let t: AccountsTestApp;
const tokens: Record<string, string> = {};
let keySeq = 0;

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['bidder01', 'bidder02', 'demo_person', 'demo_org']) tokens[user] = (await t.login(user)).body.access_token;
});
afterAll(async () => {
  await t.close();
});

const lotsOf = async (user: string): Promise<MyLot[]> => {
  const answer = await t.call('GET', LOTS, { token: tokens[user]! });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const hall = async (): Promise<BiddingEntry[]> => (await t.post(HALL, { size: 200 })).body.data.records;
const bid = (user: string, activityId: number, amount: number) =>
  t.call('POST', '/api/dscq-sync/v1/bidding/ongoing/bid', { token: tokens[user]!, query: { activityId, amount, idempotencyKey: `desk-${process.pid}-${++keySeq}` } });

it('answers only with a bearer', async () => {
  expect((await t.call('GET', LOTS)).status).toBe(401);
  expect(await lotsOf('demo_org')).toEqual([]);
});

it("a qualified bidder's desk: every live lot with his code, his bid count and the hall's leader; bidding lots first, soonest end first", async () => {
  const rows = await hall();
  const lots = await lotsOf('bidder01');
  const live = lots.filter((l) => l.listing.lot.status === 'bidding');
  expect(live.map((l) => l.listing.lot.activityId).sort((a, b) => a! - b!)).toEqual(rows.map((r) => r.activityId).sort((a, b) => a - b));
  // Bidding first, by their end; then the scheduled ones.
  expect(lots.slice(0, live.length)).toEqual(live);
  const ends = live.map((l) => l.listing.lot.biddingEndTime!);
  expect([...ends].sort()).toEqual(ends);
  expect(lots.slice(live.length).some((l) => l.listing.lot.activityStatus === 'scheduled')).toBe(true);

  const codes = await t.handle.db.selectFrom('bid_qualification').select(['activity_id', 'bid_code']).where('user_id', '=', (await userId('bidder01'))).execute();
  const codeOf = new Map(codes.map((c) => [c.activity_id, c.bid_code]));
  for (const lot of live) {
    const row = rows.find((r) => r.activityId === lot.listing.lot.activityId)!;
    expect(lot.bidCode).toBe(codeOf.get(row.activityId));
    expect(lot.bidCode).toMatch(/^\d{6}$/);
    expect(lot.leaderBidCode).toBe(row.leaderBidCode);
    const mine = await t.handle.db.selectFrom('bid').select('id').where('activity_id', '=', row.activityId).where('user_id', '=', await userId('bidder01')).execute();
    expect(lot.myBidCount).toBe(mine.length);
    expect(lot.favourite).toBe(false);
  }
});

it('the hall rows and bidding-rate carry the public leader (none while sealed), the standing follows a bid', async () => {
  const rows = await hall();
  const sealed = rows.filter((r) => r.mode === 'onceOff');
  expect(sealed.length).toBeGreaterThan(0);
  expect(sealed.every((r) => r.leaderBidCode === null)).toBe(true);
  const withBids = rows.filter((r) => r.mode === 'ongoing' && r.biddingCount > 0);
  expect(withBids.length).toBeGreaterThan(0);
  for (const r of withBids) {
    const a = await t.handle.db.selectFrom('bid_activity').select('leader_bid_code').where('id', '=', r.activityId).executeTakeFirstOrThrow();
    expect(r.leaderBidCode).toBe(a.leader_bid_code);
  }

  // bidder01 takes the lead of an ongoing lot, then bidder02 outbids him: the desk and the hall follow.
  const target = rows.find((r) => r.mode === 'ongoing' && r.endTime - t.clock.now > 30 * 60_000)!;
  const increment = (await t.handle.db.selectFrom('bid_activity').select('increment_fen').where('id', '=', target.activityId).executeTakeFirstOrThrow()).increment_fen / 100;
  const before = (await lotsOf('bidder01')).find((l) => l.listing.lot.activityId === target.activityId)!;
  const first = target.biddingCount === 0 ? target.startPrice : target.biddingPrice + increment;
  if (target.leaderBidCode === before.bidCode) await bid('bidder02', target.activityId, first);
  const now = (await t.post('/api/dscq-sync/v1/bid-assets/bidding-data', { activityId: target.activityId })).body.data;
  expect((await bid('bidder01', target.activityId, now.biddingCount === 0 ? now.startPrice : now.biddingPrice + increment)).status).toBe(200);
  await t.app.live.snapshot.rebuild();
  const leading = (await lotsOf('bidder01')).find((l) => l.listing.lot.activityId === target.activityId)!;
  expect(leading.leaderBidCode).toBe(leading.bidCode);
  expect(leading.myBidCount).toBe(before.myBidCount + 1);
  const standing = (l: MyLot, leader: string | null) =>
    bidderStanding({ enrolled: true, bidCode: l.bidCode, myBidCount: l.myBidCount, mode: 'ongoing', status: 'live', outcome: null, leaderBidCode: leader });
  expect(standing(leading, (await hall()).find((r) => r.activityId === target.activityId)!.leaderBidCode)).toBe('leading');

  expect((await bid('bidder02', target.activityId, leading.listing.lot.price! + increment)).status).toBe(200);
  await t.app.live.snapshot.rebuild();
  const row = (await hall()).find((r) => r.activityId === target.activityId)!;
  const outbid = (await lotsOf('bidder01')).find((l) => l.listing.lot.activityId === target.activityId)!;
  expect(row.leaderBidCode).not.toBe(outbid.bidCode);
  expect(outbid.leaderBidCode).toBe(row.leaderBidCode);
  expect(standing(outbid, row.leaderBidCode)).toBe('outbid');
  const rate: RateEntry = (await t.post('/api/dscq-sync/v1/bid-assets/bidding-rate', { activityIds: String(target.activityId) })).body.data.rates[0];
  expect(rate.leaderBidCode).toBe(row.leaderBidCode);
  // bidder02's desk shows his own code there, not bidder01's.
  const theirs = (await lotsOf('bidder02')).find((l) => l.listing.lot.activityId === target.activityId)!;
  expect(theirs.bidCode).not.toBe(outbid.bidCode);
  expect(theirs.leaderBidCode).toBe(theirs.bidCode);
});

it("an enrolment and a favourite put a lot on the user's desk, with its steps; the check tells the deadline", async () => {
  const project = await t.handle.db
    .selectFrom('project')
    .select(['id', 'announcement_end_at'])
    .where('state', 'like', '%正在报名%')
    .where('parent_id', 'is', null)
    .where('announcement_start_at', '<=', t.clock.now)
    .where('announcement_end_at', '>', t.clock.now + 86_400_000)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('project as c').select('c.id').whereRef('c.parent_id', '=', 'project.id'))))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // Anonymous: the check answers notLoggedIn with the deadline (the hall's 如何参与).
  const anonymous = (await t.call('GET', '/api/dscq-project/enroll/check', { query: { assetsId: project.id } })).body.data;
  expect(anonymous).toMatchObject({ canEnrol: false, reason: 'notLoggedIn', enrolEndTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });

  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dscq-project/enroll/submit',
    headers: { authorization: `Bearer ${tokens.demo_person}` },
    payload: { assetsId: project.id, contactName: '张建国', contactPhone: '13912345678', commitments: ENROLMENT_COMMITMENTS.map((c) => c.key), termsVersion: FIRST_BIDDING_TERMS.version },
  });
  const submitted = { status: res.statusCode, body: res.json() };
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const mine = (await lotsOf('demo_person')).find((l) => l.listing.id === project.id)!;
  expect(mine).toMatchObject({ bidCode: null, myBidCount: 0, favourite: false, enrolment: { id: submitted.body.data.id, status: 'submitted', statusText: '已提交' } });
  expect(bidderStanding({ enrolled: mine.enrolment !== null, bidCode: null, myBidCount: 0, mode: 'ongoing', status: 'live', outcome: null, leaderBidCode: null })).toBe('enrolled');
  const check = (await t.call('GET', '/api/dscq-project/enroll/check', { token: tokens.demo_person!, query: { assetsId: project.id } })).body.data;
  expect(check).toMatchObject({ reason: 'alreadyEnrolled', enrolmentId: submitted.body.data.id });

  const other = await t.handle.db.selectFrom('project').select('id').where('parent_id', 'is', null).where('id', '!=', project.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  await t.call('POST', '/api/dscq-user/collect-assets/add', { token: tokens.demo_person!, query: { assetsId: other.id } });
  const lots = await lotsOf('demo_person');
  expect(lots.map((l) => l.listing.id).sort()).toEqual([project.id, other.id].sort());
  expect(lots.find((l) => l.listing.id === other.id)).toMatchObject({ favourite: true, enrolment: null, bidCode: null });
  // Nobody else sees them.
  expect((await lotsOf('demo_org')).length).toBe(0);
});

it('the desk signal: unread count, newest messages, open rooms with leaders, an ETag; an outbid message names its lot', async () => {
  const SIGNAL = `/api${DESK_PATHS.signal}`;
  const signalOf = async (user: string, etag?: string) => {
    const res = await t.app.inject({ method: 'POST', url: SIGNAL, headers: { authorization: `Bearer ${tokens[user]}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    return { status: res.statusCode, etag: res.headers.etag as string, body: res.statusCode === 200 ? (res.json().data as DeskSignal) : null };
  };
  expect((await t.app.inject({ method: 'POST', url: SIGNAL })).statusCode).toBe(401);
  const first = await signalOf('bidder01');
  expect(first.status).toBe(200);
  expect(first.etag).toMatch(/^W\/"[\w-]+"$/);
  const live = await hall();
  expect(first.body!.rooms.map((r) => r.activityId)).toEqual(expect.arrayContaining(live.map((r) => r.activityId)));
  for (const room of first.body!.rooms.filter((r) => live.some((l) => l.activityId === r.activityId))) {
    expect(room.leaderBidCode).toBe(live.find((l) => l.activityId === room.activityId)!.leaderBidCode);
    expect(room.bidCode).toMatch(/^\d{6}$/);
  }
  // Unchanged: 304, no body.
  expect((await signalOf('bidder01', first.etag)).status).toBe(304);

  // bidder01 leads a lot, bidder02 outbids him: his signal has one more unread, the newest names the lot.
  const target = live.find((r) => r.mode === 'ongoing' && r.endTime - t.clock.now > 30 * 60_000 && r.activityId !== live[0]!.activityId)!;
  const increment = (await t.handle.db.selectFrom('bid_activity').select('increment_fen').where('id', '=', target.activityId).executeTakeFirstOrThrow()).increment_fen / 100;
  const next = async () => {
    const d = (await t.post('/api/dscq-sync/v1/bid-assets/bidding-data', { activityId: target.activityId })).body.data;
    return d.biddingCount === 0 ? d.startPrice : d.biddingPrice + increment;
  };
  const lead = await t.handle.db.selectFrom('bid_activity').select('leader_user_id').where('id', '=', target.activityId).executeTakeFirstOrThrow();
  if (lead.leader_user_id === (await userId('bidder01'))) expect((await bid('bidder02', target.activityId, await next())).status).toBe(200);
  await t.app.live.snapshot.rebuild();
  expect((await bid('bidder01', target.activityId, await next())).status).toBe(200);
  await t.app.live.snapshot.rebuild();
  const before = (await signalOf('bidder01')).body!;
  expect((await bid('bidder02', target.activityId, await next())).status).toBe(200);
  const after = await signalOf('bidder01', first.etag);
  expect(after.status).toBe(200);
  expect(after.body!.unread).toBe(before.unread + 1);
  const newest = after.body!.latest[0]!;
  expect(newest).toMatchObject({ kind: 'outbid', title: outbidTitle(target.assetsName), link: `/quoteHall?activityId=${target.activityId}`, read: false });
  expect(newest.title).toMatch(/^「.+」出价已被超越$/);
  expect(after.body!.latest.length).toBeLessThanOrEqual(10);

  // An enrolment (or deposit) change moves the state key.
  const org = await signalOf('demo_org');
  const project = await t.handle.db.selectFrom('project').select('id').where('state', 'like', '%正在报名%').where('parent_id', 'is', null).where('announcement_end_at', '>', t.clock.now + 86_400_000).where('announcement_start_at', '<=', t.clock.now).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dscq-project/enroll/submit',
    headers: { authorization: `Bearer ${tokens.demo_org}` },
    payload: { assetsId: project.id, contactName: '李经理', contactPhone: '13912345678', commitments: ENROLMENT_COMMITMENTS.map((c) => c.key), termsVersion: FIRST_BIDDING_TERMS.version },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await signalOf('demo_org')).body!.stateKey).not.toBe(org.body!.stateKey);
});

it('the watch board answer: the asked activities of any status in the order asked, with an ETag', async () => {
  const live = await hall();
  const scheduled = await t.handle.db.selectFrom('bid_activity').select(['id', 'start_at']).where('status', '=', 'scheduled').orderBy('id').limit(2).execute();
  const ids = [scheduled[0]!.id, live[3]!.activityId, 99_999_999, live[0]!.activityId];
  const ask = (etag?: string) =>
    t.app.inject({ method: 'POST', url: '/api/dscq-sync/v1/bid-assets/watch', payload: { activityIds: ids }, headers: etag ? { 'if-none-match': etag } : {} });
  const res = await ask();
  expect(res.statusCode).toBe(200);
  const page: WatchPage = res.json().data;
  expect(page.records.map((r) => [r.activityId, r.status])).toEqual([
    [scheduled[0]!.id, 'scheduled'],
    [live[3]!.activityId, 'live'],
    [live[0]!.activityId, 'live'],
  ]);
  expect(page.records[1]).toMatchObject({ biddingPrice: live[3]!.biddingPrice, leaderBidCode: live[3]!.leaderBidCode, biddingCount: live[3]!.biddingCount });
  // A scheduled lot's leftTime counts to its start.
  expect(page.records[0]!.leftTime).toBe(Math.floor((scheduled[0]!.start_at - page.serverTime) / 1000));
  expect((await ask(res.headers.etag as string)).statusCode).toBe(304);
  expect((await t.app.inject({ method: 'POST', url: '/api/dscq-sync/v1/bid-assets/watch', payload: { activityIds: 'x' } })).statusCode).toBe(400);
});

async function userId(login: string): Promise<number> {
  return (await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', login).executeTakeFirstOrThrow()).id;
}
