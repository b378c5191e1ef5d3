/**
 * The judicial-auction service under /judicial: its own answer shape { status, message, content }, the
 * query by offset and limit (8) with its filters, courts, cities and one item's detail. The catalogue's
 * order and its portal listings: judicial-catalogue.test.ts.
 */
import type { JudicialCity, JudicialCourt, JudicialItem, JudicialItemDetail } from '#domain/contract/projects';
import { createTestApp, type Json, type TestApp } from './helpers.ts';

const QUERY = '/judicial/wechatProject/query';
let t: TestApp;
/** The catalogue's size: the 48 court items and the portal's 司法拍卖 listings. */
let total: number;

beforeAll(async () => {
  t = await createTestApp();
  total = 48 + (await t.post('/api/dscq-project/search/page', { typeCode: 5, size: 1 })).body.data.total;
});
afterAll(async () => {
  await t.close();
});

async function query(params: Record<string, string | number> = {}): Promise<{ list: JudicialItem[]; totalCount: number }> {
  const { res, body } = await t.post(QUERY, params);
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  expect(Object.keys(body).sort()).toEqual(['content', 'message', 'status']);
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

describe('query', () => {
  it('answers {status, message, content: {list, totalCount}}, 8 per page by default', async () => {
    const first = await query();
    // 48 court items of the service and the portal's 司法拍卖 listings (40 in the demo).
    expect(total).toBeGreaterThan(48);
    expect(first.totalCount).toBe(total);
    expect(first.list).toHaveLength(8);
    expect(Object.keys(first.list[0]!).sort()).toEqual(
      [
        'assetsId', 'auctiontime', 'cityName', 'courtName', 'imgUrl', 'itemState', 'lot', 'name', 'pkHouseproject', 'projectType', 'projecttype', 'round',
        'source', 'state', 'upsetprice',
      ].sort(),
    );
    const item = first.list[0]!;
    expect(item.auctiontime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(item.courtName).toMatch(/人民法院$/);
    expect(item.cityName).toMatch(/市$/);
    expect(item.upsetprice).toBeGreaterThan(0);
  });

  it('offset pages without overlap, in the order of the whole catalogue', async () => {
    const ids: string[] = [];
    for (let offset = 0; offset < total; offset += 8) {
      const page = await query({ offset, limit: 8 });
      ids.push(...page.list.map((i) => i.pkHouseproject));
    }
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual((await everything()).map((i) => i.pkHouseproject));
    expect(await query({ offset: total })).toEqual({ list: [], totalCount: total });
  });

  it('court items: rounds 0/1/2 and the service\'s states 正在报名, 即将开始, 已结束, 已成交, 已流拍, with dates around now', async () => {
    const all = (await everything()).filter((i) => i.source === 'court').map((i) => ({ ...i, state: i.itemState }));
    expect(all).toHaveLength(48);
    expect(new Set(all.map((i) => i.round))).toEqual(new Set([0, 1, 2]));
    expect(new Set(all.map((i) => i.state))).toEqual(new Set(['正在报名', '即将开始', '已结束', '已成交', '已流拍']));
    const now = '2026-11-21 12:00:00';
    expect(all.filter((i) => i.state === '正在报名').every((i) => i.auctiontime > now)).toBe(true);
    expect(all.filter((i) => i.state === '已结束').every((i) => i.auctiontime < now)).toBe(true);
    expect(new Set(all.map((i) => i.projecttype))).toEqual(new Set(['住宅用房', '机动车', '股权', '商业用房', '机械设备']));
    expect(all.every((i) => i.imgUrl.startsWith('/api/dscq-content/files/'))).toBe(true);
  });

  it('filters by name, court, city and state, together', async () => {
    const all = await everything();
    const cars = await everything({ name: '轿车' });
    expect(cars.length).toBeGreaterThan(0);
    expect(cars.map((i) => i.pkHouseproject).sort()).toEqual(all.filter((i) => i.name.includes('轿车')).map((i) => i.pkHouseproject).sort());

    const courts: JudicialCourt[] = (await t.get('/judicial/wechatProject/ajaxGetCourt')).body.content;
    const court = courts.find((c) => c.courtName === '石家庄市中级人民法院')!;
    const atCourt = await everything({ courtId: court.courtId });
    expect(atCourt.length).toBeGreaterThan(0);
    expect(atCourt.every((i) => i.courtName === '石家庄市中级人民法院')).toBe(true);

    const baoding = await everything({ cityCode: '1306' });
    expect(baoding.length).toBe(all.filter((i) => i.cityName === '保定市').length);
    expect(baoding.every((i) => i.cityName === '保定市')).toBe(true);

    // The state filter picks the displayed (hall) states: 已结束 also picks 流拍 and 已终结, as in the trading centre.
    const enrolling = await query({ state: '正在报名', limit: 100 });
    expect(enrolling.totalCount).toBe(all.filter((i) => i.state === '正在报名').length);
    const both = await everything({ state: '已结束', cityCode: '1301' });
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((i) => ['已结束', '流拍', '已终结'].includes(i.state) && i.cityName === '石家庄市')).toBe(true);
    expect(both.map((i) => i.pkHouseproject).sort()).toEqual(
      all.filter((i) => ['已结束', '流拍', '已终结'].includes(i.state) && i.cityName === '石家庄市').map((i) => i.pkHouseproject).sort(),
    );
    // A word that names no displayed state matches the item's own text (the service's 即将开始).
    const soon = await everything({ state: '即将开始' });
    expect(soon.length).toBe(all.filter((i) => i.itemState === '即将开始').length);
    expect(soon.every((i) => i.state === '即将竞价')).toBe(true);
    expect((await query({ name: '不存在的拍品' })).totalCount).toBe(0);
  });

  it('refuses bad parameters in its own shape', async () => {
    for (const [params, message] of [
      [{ limit: 0 }, '参数 limit 必须是 1 到 100 之间的整数'],
      [{ offset: -1 }, '参数 offset 必须是 0 到 1000000 之间的整数'],
      [{ cityCode: '13a1' }, '参数 cityCode 必须是4位城市代码'],
    ] as const) {
      const { res, body } = await t.post(QUERY, params);
      expect(res.statusCode).toBe(400);
      expect(body).toEqual({ status: 400, message, content: null });
    }
  });

  it('an unknown path under /judicial answers 404 in its own shape', async () => {
    const { res, body } = await t.get('/judicial/wechatProject/nothing');
    expect(res.statusCode).toBe(404);
    expect(body).toEqual({ status: 404, message: '接口不存在', content: null });
  });
});

describe('courts and cities', () => {
  it('ajaxGetCourt lists the Hebei courts, or one city\'s', async () => {
    const { body } = await t.get('/judicial/wechatProject/ajaxGetCourt');
    expect(body.status).toBe(0);
    const courts: JudicialCourt[] = body.content;
    expect(courts.length).toBe(29);
    expect(courts.map((c) => c.courtName)).toEqual(expect.arrayContaining(['石家庄市中级人民法院', '保定市竞秀区人民法院']));
    const baoding: JudicialCourt[] = (await t.get('/judicial/wechatProject/ajaxGetCourt', { cityCode: '1306' })).body.content;
    expect(baoding.map((c) => c.courtName)).toEqual(['保定市中级人民法院', '保定市竞秀区人民法院', '涿州市人民法院']);
    expect(baoding.every((c) => c.cityCode === '1306')).toBe(true);
  });

  it('ajaxGetCity lists the 11 cities with their codes', async () => {
    const { body } = await t.get('/judicial/wechatProject/ajaxGetCity');
    const cities: JudicialCity[] = body.content;
    expect(cities).toHaveLength(11);
    expect(cities[0]).toEqual({ cityCode: '1301', cityName: '石家庄市' });
    expect(cities[10]).toEqual({ cityCode: '1311', cityName: '衡水市' });
  });
});

describe('detail', () => {
  it('gives the item with appraisal, deposit, increment, case number and the sanitised description', async () => {
    const item = (await everything({ state: '正在报名' })).find((i) => i.source === 'court')!;
    const { res, body } = await t.get('/judicial/wechatProject/detail', { pkHouseproject: item.pkHouseproject });
    expect(res.statusCode).toBe(200);
    const d: JudicialItemDetail = (body as Json).content;
    expect(d).toMatchObject(item);
    expect(d.appraisedValue).toBeGreaterThan(d.upsetprice);
    expect(d.deposit).toBeGreaterThan(0);
    expect(d.increment).toBeGreaterThan(0);
    expect(d.caseNumber).toMatch(/^（20\d{2}）冀\d{4}执恢?\d+号$/);
    expect(d.contactPhone).toMatch(/^0\d{3}-\d{7}$/);
    expect(d.description).toContain(item.name.slice(0, 6));
    expect(d.description).not.toMatch(/<script/i);
    // Rounds start at their share of the appraisal: 一拍 70 %, 二拍 and 变卖 56 %.
    expect(d.upsetprice / d.appraisedValue).toBeCloseTo(d.round === 1 ? 0.7 : 0.56, 2);
  });

  it('404 for an unknown item, 400 for a malformed id', async () => {
    expect((await t.get('/judicial/wechatProject/detail', { pkHouseproject: 'SF0' })).body).toEqual({ status: 404, message: '拍卖标的不存在', content: null });
    expect((await t.get('/judicial/wechatProject/detail', { pkHouseproject: '../x' })).res.statusCode).toBe(400);
    expect((await t.get('/judicial/wechatProject/detail')).body.status).toBe(400);
  });
});
