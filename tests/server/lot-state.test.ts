/**
 * One lot state: a listing's displayed state follows its bidding activity (domain/rules/lotState.ts),
 * the same in every answer — the hall, the project detail, the trading centre's search (rows and the state
 * filter), favourites and the home page's lists — before, during and after the auction. On the seeded demo
 * data (about thirty live lots, some scheduled) at the test clock.
 */
import type { ListedAsset } from '#domain/contract/portal';
import type { BiddingEntry } from '#domain/contract/hall';
import { isSealedLot } from '#domain/rules/liveValues';
import { lotStageSql, withLots } from '../../server/services/auctions/lot-states.ts';
import { toListedAsset } from '../../server/services/projects/search.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import type { Json } from './helpers.ts';

const HALL = '/api/dscq-sync/v1/bid-assets/hall/page';
const DETAIL = '/api/dscq-project/project/detail';
const SEARCH = '/api/dscq-project/search/page';
let t: AccountsTestApp;
let hall: BiddingEntry[];

beforeAll(async () => {
  t = await createAccountsApp();
  hall = (await t.post(HALL, { size: 200 })).body.data.records;
});
afterAll(async () => {
  await t.close();
});

const detail = async (id: number): Promise<Json> => (await t.get(DETAIL, { id })).body.data;
const search = async (query: Record<string, string | number>): Promise<{ records: ListedAsset[]; total: number }> => (await t.post(SEARCH, query)).body.data;

it('every live lot of the hall reads 竞价中 with its current price on its page, in search and in favourites', async () => {
  expect(hall.length).toBeGreaterThanOrEqual(24);
  const token = (await t.login('bidder01')).body.access_token as string;
  for (const row of hall) {
    const sealed = isSealedLot({ mode: row.mode, status: 'live' });
    const page = await detail(row.assetsId);
    expect(page.state).toBe('竞价中');
    expect(page.lot).toMatchObject({
      status: 'bidding',
      label: '竞价中',
      activityId: row.activityId,
      activityStatus: 'live',
      mode: row.mode,
      price: sealed ? null : row.biddingPrice,
      priceLabel: sealed ? null : '当前价',
      biddingCount: row.biddingCount,
    });
    expect(page.activity).toMatchObject({ activityId: row.activityId, status: 'live' });

    const found = await search({ q: page.projectCode });
    expect(found.records.map((r) => [r.id, r.state, r.lot.price])).toEqual([[row.assetsId, '竞价中', page.lot.price]]);
    expect(found.records[0]!.listingState).toBe(page.listingState);

    await t.call('POST', '/api/dscq-user/collect-assets/add', { token, query: { assetsId: row.assetsId } });
  }
  const favourites = (await t.call('POST', '/api/dscq-user/collect-assets/assets-list', { token, query: { size: 100 } })).body.data.records as ListedAsset[];
  expect(favourites).toHaveLength(new Set(hall.map((r) => r.assetsId)).size);
  expect(favourites.every((f) => f.state === '竞价中' && f.lot.activityStatus === 'live')).toBe(true);

  // The state filter picks exactly these lots, whatever their listings' own words (正在报名, 预披露 …).
  const bidding = await search({ state: '竞价中', size: 100 });
  expect(bidding.records.map((r) => r.id).sort((a, b) => a - b)).toEqual([...new Set(hall.map((r) => r.assetsId))].sort((a, b) => a - b));
  // …whose listings no longer take enrolments: the demo puts no auction on a pre-disclosure and closes the
  // enrolment before the auction (issue 26, tests/server/demo-lot-timeline.test.ts).
  expect(bidding.records.every((r) => r.listingState !== '正在报名' && r.listingState !== '预披露')).toBe(true);
  const enrolling = await search({ state: '正在报名', size: 100 });
  expect(enrolling.records.every((r) => r.state === '正在报名')).toBe(true);
});

it('the search filter (SQL) and the answers (the domain rule) agree on every listing', async () => {
  const db = t.handle.db;
  const rows = await db
    .selectFrom('project')
    .selectAll()
    .select(lotStageSql().as('stage'))
    .orderBy('id')
    .execute();
  expect(rows.length).toBeGreaterThan(350);
  const derived = await withLots(db, t.clock.now, rows.map(toListedAsset));
  const mismatches = rows.filter((r, i) => r.stage !== derived[i]!.lot.status).map((r) => r.id);
  expect(mismatches).toEqual([]);
  const stages = new Set(derived.map((d) => d.lot.status));
  for (const stage of ['bidding', 'enrolling', 'preDisclosure', 'enrolmentClosed', 'dealDone', 'ended']) expect(stages).toContain(stage);
});

it('a scheduled auction: 正在报名 while the listing takes enrolments, else 即将竞价, with the bidding start', async () => {
  const db = t.handle.db;
  const scheduled = await db
    .selectFrom('bid_activity')
    .innerJoin('project', 'project.id', 'bid_activity.project_id')
    .select(['bid_activity.id', 'bid_activity.project_id', 'bid_activity.start_at', 'project.state'])
    .where('bid_activity.status', '=', 'scheduled')
    .orderBy('bid_activity.id')
    .execute();
  expect(scheduled.length).toBeGreaterThanOrEqual(2);
  const [a, b] = scheduled;
  await db.updateTable('project').set({ state: '正在报名' }).where('id', '=', a!.project_id).execute();
  await db.updateTable('project').set({ state: '报名已截止' }).where('id', '=', b!.project_id).execute();

  const enrolling = await detail(a!.project_id);
  expect(enrolling).toMatchObject({ state: '正在报名', listingState: '正在报名' });
  expect(enrolling.lot).toMatchObject({ status: 'enrolling', activityId: a!.id, activityStatus: 'scheduled', price: null });
  expect(enrolling.lot.biddingStartTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  const upcoming = await detail(b!.project_id);
  expect(upcoming).toMatchObject({ state: '即将竞价', listingState: '报名已截止' });
  expect(upcoming.lot).toMatchObject({ status: 'upcoming', label: '即将竞价', activityId: b!.id });
  expect((await search({ state: '即将竞价', size: 100 })).records.map((r) => r.id)).toContain(b!.project_id);
  expect((await search({ state: '报名已截止', size: 100 })).records.map((r) => r.id)).not.toContain(b!.project_id);
  // '报名' names two stages: both kinds are in.
  const either = (await search({ state: '报名', size: 100 })).records;
  expect(either.every((r) => r.state === '正在报名' || r.state === '报名已截止')).toBe(true);
});

it('after the end: 已成交 with the price when sold, 流拍 when not; the home lists say the same', async () => {
  const db = t.handle.db;
  // Every lot of the hall has ended an hour after its end (sweep settles them).
  const last = Math.max(...hall.map((r) => r.endTime));
  // Lots of the modes that settle at their end (final and two-stage open a further phase there instead).
  const settlesAtEnd = new Set(
    (await db.selectFrom('bid_activity').select('id').where('mode', 'in', ['ongoing', 'phased', 'onceOff', 'dutch-auction']).execute()).map((r) => r.id),
  );
  const soon = hall.filter((r) => r.endTime < t.clock.now + 20 * 60_000 && settlesAtEnd.has(r.activityId));
  expect(soon.length).toBeGreaterThan(0);
  t.clock.now = Math.max(...soon.map((r) => r.endTime)) + 60_000;
  expect(t.clock.now).toBeLessThan(last);
  await t.app.live.sweep();
  const ended = await db.selectFrom('bid_activity').select(['id', 'project_id', 'outcome', 'current_price_fen']).where('status', '=', 'ended').where('id', 'in', soon.map((r) => r.activityId)).execute();
  expect(ended).toHaveLength(soon.length);
  const sold = ended.filter((a) => a.outcome === 'sold');
  const failed = ended.filter((a) => a.outcome === 'failed');
  expect(sold.length).toBeGreaterThan(0);
  expect(failed.length).toBeGreaterThan(0);
  for (const a of sold) {
    const page = await detail(a.project_id);
    expect(page).toMatchObject({ state: '已成交', listingState: '已成交' });
    expect(page.lot).toMatchObject({ status: 'dealDone', activityStatus: 'ended', price: a.current_price_fen / 100, priceLabel: '成交价' });
  }
  for (const a of failed) {
    const page = await detail(a.project_id);
    // The settlement writes the spec's 已结束 on the listing; the lot reads its result.
    expect(page).toMatchObject({ state: '流拍', listingState: '已结束' });
    expect(page.lot).toMatchObject({ status: 'failed', label: '流拍', price: null });
  }
  const failedIds = failed.map((a) => a.project_id);
  // The sweep also settled lots of the other modes that ended meanwhile: every lot found reads 流拍.
  const failedFound = (await search({ state: '流拍', size: 100 })).records;
  expect(failedFound.map((r) => r.id)).toEqual(expect.arrayContaining(failedIds));
  expect(failedFound.every((r) => r.state === '流拍')).toBe(true);
  // 已结束 names the ended lots, 流拍 among them.
  for (const id of failedIds) expect((await search({ state: '已结束', q: (await detail(id)).projectCode })).records.map((r) => r.id)).toEqual([id]);
  // The lots live now: the rest of the hall, and the scheduled ones the sweep has started meanwhile.
  const live = await db.selectFrom('bid_activity').select('project_id').distinct().where('status', '=', 'live').execute();
  const stillLive = (await search({ state: '竞价中', size: 100 })).records.map((r) => r.id);
  expect(stillLive.sort((a, b) => a - b)).toEqual(live.map((r) => r.project_id).sort((a, b) => a - b));
  expect(stillLive).toEqual(expect.arrayContaining(hall.filter((r) => r.endTime > t.clock.now).map((r) => r.assetsId)));

  // The home page's lists carry the lot state too (hot investments, key recommendations, hb-projects).
  const lists: Json[][] = [
    (await t.get('/api/blade-desk/hot-investments/list', { size: 8 })).body.data,
    (await t.post('/api/dscq-content/ad-ads/keyProjects-page', { code: 'zdtj', size: 8, current: 1 })).body.data.records,
    (await t.get('/api/dscq-project/project/hb-projects', { size: 8, current: 1 })).body.data.records,
  ];
  for (const list of lists) {
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) expect(item.state).toBe(item.lot.label);
  }
});

it('a lot without activity keeps its listing word; an unknown word reads --', async () => {
  const row = await t.handle.db
    .selectFrom('project')
    .select('id')
    .where('parent_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // (中止 names a stage now, the floor's 已中止: 暂缓 names none.)
  await t.handle.db.updateTable('project').set({ state: '暂缓' }).where('id', '=', row.id).execute();
  expect(await detail(row.id)).toMatchObject({ state: '--', listingState: '暂缓', lot: { status: 'unknown', activityId: null } });
  // A word that names no stage still filters on the listing's own text.
  expect((await search({ state: '暂缓' })).records.map((r) => r.id)).toEqual([row.id]);
});
