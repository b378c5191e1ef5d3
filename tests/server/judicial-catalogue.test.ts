/**
 * One judicial catalogue (issue 26): /judicial/wechatProject/query lists every court lot — the judicial
 * service's items and the portal's 司法拍卖 listings bid in the hall — with the hall's states and names, live
 * lots first, then upcoming by start (soonest first), then enrolling, then ended. On the seeded demo data at
 * the test clock, plus two scheduled auctions added here (a portal lot among the court items' upcoming
 * ones, and an enrolling one).
 */
import type { BiddingEntry } from '#domain/contract/hall';
import type { ListedAsset } from '#domain/contract/portal';
import type { JudicialItem } from '#domain/contract/projects';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import { JUDICIAL_TYPE_CODE } from '#domain/rules/lotTimeline';
import { createActivity, liveSpec } from './bidding-fixtures.ts';
import { createTestApp, NOW, type TestApp } from './helpers.ts';

const QUERY = '/judicial/wechatProject/query';
const HALL = '/api/dscq-sync/v1/bid-assets/hall/page';
const SEARCH = '/api/dscq-project/search/page';
const DETAIL = '/api/dscq-project/project/detail';
const DAY = 86_400_000;

/** The groups of the order, written out here from the issue (not from the production table). */
const GROUP_OF: Record<string, number> = {
  竞价中: 0,
  已中止: 0,
  即将竞价: 1,
  报名已截止: 1,
  正在报名: 2,
  预披露: 3,
  已成交: 4,
  流拍: 4,
  已终结: 4,
  已结束: 4,
};

let t: TestApp;
let hall: BiddingEntry[];
/** The two scheduled auctions added: a 报名已截止 listing's (即将竞价) and a 正在报名 listing's. */
let upcomingLot: { id: number; start: number };
let enrollingLot: { id: number; start: number };

async function query(params: Record<string, string | number> = {}): Promise<{ list: JudicialItem[]; totalCount: number }> {
  const { res, body } = await t.post(QUERY, params);
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ status: 0, message: '' });
  return body.content;
}

/** The whole catalogue under the filters, 100 a page (the largest limit). */
async function everything(params: Record<string, string | number> = {}): Promise<JudicialItem[]> {
  const items: JudicialItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await query({ ...params, offset, limit: 100 });
    items.push(...page.list);
    if (items.length >= page.totalCount || page.list.length === 0) return items;
  }
}

async function scheduled(projectId: number, startAt: number): Promise<void> {
  const id = await createActivity(t.handle.db, liveSpec('ongoing', NOW, [], { startAt, endAt: startAt + DAY }), projectId);
  await t.handle.db.updateTable('bid_activity').set({ status: 'scheduled' }).where('id', '=', id).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  hall = (await t.post(HALL, { size: 200 })).body.data.records;
  const listing = (state: string) =>
    t.handle.db
      .selectFrom('project')
      .select('project.id')
      .where('project.type_code', '=', JUDICIAL_TYPE_CODE)
      .where('project.parent_id', 'is', null)
      .where('project.state', '=', state)
      // One without any auction yet: the added one is its current activity.
      .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
      .orderBy('project.id')
      .executeTakeFirstOrThrow();
  // Between the court items' upcoming auctions (2026-12-16 … 12-29): 2026-12-20 10:00 China time.
  upcomingLot = { id: (await listing('报名已截止')).id, start: Date.UTC(2026, 11, 20, 2, 0, 0) };
  enrollingLot = { id: (await listing('正在报名')).id, start: Date.UTC(2026, 11, 1, 2, 0, 0) };
  await scheduled(upcomingLot.id, upcomingLot.start);
  await scheduled(enrollingLot.id, enrollingLot.start);
});
afterAll(async () => {
  await t.close();
});

it('lists every court lot: the 48 court items and every 司法拍卖 listing of the portal', async () => {
  const all = await everything();
  const listings = (await t.post(SEARCH, { typeCode: JUDICIAL_TYPE_CODE, size: 100 })).body.data as { records: ListedAsset[]; total: number };
  expect(all.filter((i) => i.source === 'court')).toHaveLength(48);
  expect(listings.total).toBeLessThanOrEqual(100);
  expect(all.filter((i) => i.source === 'lot').map((i) => i.assetsId).sort()).toEqual(listings.records.map((r) => r.id).sort());
  expect((await query()).totalCount).toBe(48 + listings.total);
});

it('the court lots live in the hall come first on page 1, as the hall shows them, then the upcoming ones', async () => {
  const all = await everything();
  const lots = new Set(all.flatMap((i) => (i.source === 'lot' ? [i.assetsId] : [])));
  const liveInHall = hall.filter((row) => lots.has(row.assetsId));
  expect(liveInHall.length).toBeGreaterThanOrEqual(5);

  // Page 1 (8 a page) opens with them: all of it when there are 8 or more.
  const page1 = (await query()).list;
  expect(page1).toHaveLength(8);
  expect(page1.slice(0, Math.min(8, liveInHall.length)).every((i) => i.source === 'lot' && i.state === '竞价中')).toBe(true);
  const head = all.slice(0, liveInHall.length);
  expect(page1).toEqual(all.slice(0, 8));
  expect(head.map((i) => i.assetsId).sort()).toEqual(liveInHall.map((r) => r.assetsId).sort());
  // The hall's order within them: soonest end first.
  expect(head.map((i) => i.assetsId)).toEqual([...liveInHall].sort((a, b) => a.endTime - b.endTime).map((r) => r.assetsId));
  for (const item of head) {
    const row = liveInHall.find((r) => r.assetsId === item.assetsId)!;
    expect(item.state).toBe('竞价中');
    expect(item.lot).toMatchObject({ status: 'bidding', label: '竞价中', activityId: row.activityId, activityStatus: 'live' });
    // The same state as the lot's page (the one rule every answer carries).
    expect(item.state).toBe((await t.get(DETAIL, { id: item.assetsId! })).body.data.state);
  }
  // No other lot is live: the live group is exactly the hall's court lots.
  expect(all.filter((i) => i.state === '竞价中' || i.state === '已中止')).toHaveLength(liveInHall.length);
  // Then the upcoming ones, the soonest start first.
  const next = all[liveInHall.length]!;
  expect(next.state).toBe('即将竞价');
  const upcomingTimes = all.filter((i) => i.state === '即将竞价').map((i) => i.auctiontime);
  expect(next.auctiontime).toBe([...upcomingTimes].sort()[0]);
});

it('orders live, upcoming by start ascending, enrolling, then ended (latest first); every state named as the hall names it', async () => {
  const all = await everything();
  const labels = new Set<string>(Object.values(LISTING_STATUS_LABELS));
  for (const item of all) expect(labels.has(item.state), item.state).toBe(true);
  expect(new Set(all.map((i) => i.state))).toEqual(new Set(['竞价中', '即将竞价', '报名已截止', '正在报名', '预披露', '已成交', '流拍', '已结束']));
  // The service's words are read as the hall's: 即将开始 → 即将竞价, 已流拍 → 流拍; 正在报名 stays 正在报名.
  for (const item of all.filter((i) => i.source === 'court')) {
    expect(item.state).toBe({ 即将开始: '即将竞价', 正在报名: '正在报名', 已结束: '已结束', 已成交: '已成交', 已流拍: '流拍' }[item.itemState]);
  }

  const groups = all.map((i) => GROUP_OF[i.state]!);
  expect(groups).toEqual([...groups].sort((a, b) => a - b));
  const timesOf = (group: number) => all.filter((i) => GROUP_OF[i.state] === group && i.auctiontime !== '').map((i) => i.auctiontime);
  expect(timesOf(1)).toEqual([...timesOf(1)].sort());
  expect(timesOf(2)).toEqual([...timesOf(2)].sort());
  expect(timesOf(4)).toEqual([...timesOf(4)].sort().reverse());
  // Items without a time close their group.
  for (const group of [1, 2, 3, 4]) {
    const inGroup = all.filter((i) => GROUP_OF[i.state] === group);
    const firstUntimed = inGroup.findIndex((i) => i.auctiontime === '');
    if (firstUntimed >= 0) expect(inGroup.slice(firstUntimed).every((i) => i.auctiontime === '')).toBe(true);
  }

  // The portal's scheduled lots take their place by their auction's start among the court items.
  const upcoming = all.filter((i) => i.state === '即将竞价');
  const mine = upcoming.findIndex((i) => i.assetsId === upcomingLot.id);
  expect(upcoming[mine]).toMatchObject({ source: 'lot', auctiontime: '2026-12-20 10:00:00', itemState: '报名已截止' });
  expect(upcoming[mine - 1]!.auctiontime < '2026-12-20 10:00:00' && upcoming[mine + 1]!.auctiontime > '2026-12-20 10:00:00').toBe(true);
  expect(upcoming.slice(mine - 1, mine + 2).map((i) => i.source)).toEqual(['court', 'lot', 'court']);
  const enrolling = all.filter((i) => i.state === '正在报名');
  expect(enrolling.find((i) => i.assetsId === enrollingLot.id)).toMatchObject({ auctiontime: '2026-12-01 10:00:00', lot: { activityStatus: 'scheduled' } });
  expect(enrolling.filter((i) => i.source === 'court').length).toBeGreaterThan(0);
});

it('filters the portal lots too: name, court, city and the displayed state', async () => {
  const all = await everything();
  const live = all.filter((i) => i.state === '竞价中');
  expect((await everything({ state: '竞价中' })).map((i) => i.pkHouseproject)).toEqual(live.map((i) => i.pkHouseproject));

  const lot = live[0]!;
  const named = await everything({ name: lot.name.slice(0, 8) });
  expect(named.map((i) => i.pkHouseproject)).toContain(lot.pkHouseproject);
  expect(named.every((i) => i.name.includes(lot.name.slice(0, 8)))).toBe(true);

  const cities: Array<{ cityCode: string; cityName: string }> = (await t.get('/judicial/wechatProject/ajaxGetCity')).body.content;
  const city = cities.find((c) => c.cityName === lot.cityName)!;
  const inCity = await everything({ cityCode: city.cityCode });
  expect(inCity.map((i) => i.pkHouseproject)).toEqual(all.filter((i) => i.cityName === lot.cityName).map((i) => i.pkHouseproject));

  // A court picks the court items and the listings the court organises (by its name).
  const courts: Array<{ courtId: number; courtName: string }> = (await t.get('/judicial/wechatProject/ajaxGetCourt')).body.content;
  const shared = courts.find((c) => all.some((i) => i.source === 'lot' && i.courtName === c.courtName) && all.some((i) => i.source === 'court' && i.courtName === c.courtName))!;
  expect(shared).toBeDefined();
  const atCourt = await everything({ courtId: shared.courtId });
  expect(atCourt.map((i) => i.pkHouseproject)).toEqual(all.filter((i) => i.courtName === shared.courtName).map((i) => i.pkHouseproject));
  expect(new Set(atCourt.map((i) => i.source))).toEqual(new Set(['court', 'lot']));
  expect(await everything({ courtId: 999_999 })).toEqual([]);
});
