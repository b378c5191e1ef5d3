/**
 * The trading centre's search beyond the foundation's filters: keyword by Chinese text, full
 * pinyin, initials and code; city, county, price range, nature, feature; sorts; package children stay out.
 * Plus the short lists: top/new-publish, basic-assets/new-publish, hb-projects, assets-recommend, and the
 * feature tags, the filter bar and the cover. Expected sets come from the seed data, not from the SQL.
 */
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { ListedAsset } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import type { AssetsFeature, FilterConfig } from '#domain/contract/projects';
import { demoProjects, type ProjectSeed } from '../../server/seed/data/projects.ts';
import { featuresFor, detailFor } from '../../server/seed/data/projects-detail.ts';
import { createTestApp, NOW, type TestApp } from './helpers.ts';

const SEARCH = '/api/dscq-project/search/page';
const SEED = demoProjects(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function search(query: Record<string, string | number> = {}): Promise<Page<ListedAsset>> {
  const { res, body } = await t.post(SEARCH, query);
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** Every page of a search. */
async function all(query: Record<string, string | number> = {}): Promise<ListedAsset[]> {
  const out: ListedAsset[] = [];
  for (let current = 1; ; current++) {
    const page = await search({ ...query, size: 100, current });
    out.push(...page.records);
    if (current >= page.pages) return out;
  }
}

const codes = (rows: readonly { projectCode?: string; project_code?: string }[]) =>
  rows.map((r) => r.projectCode ?? r.project_code).sort();
const expectCodes = (rows: ListedAsset[], seeds: ProjectSeed[]) => expect(codes(rows)).toEqual(codes(seeds));

describe('keyword q', () => {
  it('matches the name by Chinese text', async () => {
    const rows = await all({ q: '石家庄' });
    expect(rows.length).toBeGreaterThan(10);
    expectCodes(rows, SEED.filter((p) => p.assets_name.includes('石家庄')));
  });

  it('matches by full pinyin without tones or spaces, case-insensitively, and with spaces typed', async () => {
    const expected = SEED.filter((p) => p.assets_name.includes('石家庄'));
    expectCodes(await all({ q: 'shijiazhuang' }), expected);
    expectCodes(await all({ q: 'ShiJiaZhuang' }), expected);
    expectCodes(await all({ q: 'shi jia zhuang' }), expected);
    // Partial pinyin of a word inside the name.
    const equity = await all({ q: 'guquan' });
    expect(equity.length).toBeGreaterThan(0);
    expect(equity.every((r) => r.assetsName.includes('股权'))).toBe(true);
  });

  it('matches by pinyin initials, case-insensitively', async () => {
    const rows = await all({ q: 'ZZKG' });
    // 增资扩股 → zzkg
    expectCodes(rows, SEED.filter((p) => p.assets_name.includes('增资扩股')));
    const sjz = await all({ q: 'sjz' });
    expect(sjz.filter((r) => r.assetsName.includes('石家庄')).length).toBe(SEED.filter((p) => p.assets_name.includes('石家庄')).length);
  });

  it('matches the project code, in any case', async () => {
    const { records } = await search({ q: 'hbcq-gq2026-0012' });
    expect(records.map((r) => r.projectCode)).toEqual(['HBCQ-GQ2026-0012']);
    const prefix = await all({ q: 'HBCQ-ZZ2026' });
    expectCodes(prefix, SEED.filter((p) => p.project_code.startsWith('HBCQ-ZZ2026')));
  });

  it('a keyword that matches nothing gives an empty page', async () => {
    expect(await search({ q: 'xyzxyz' })).toMatchObject({ total: 0, pages: 0, records: [] });
    expect(await search({ q: '不存在的标的' })).toMatchObject({ total: 0, records: [] });
  });

  it('combines with the other filters and keeps paging exact', async () => {
    const rows = await all({ q: 'shangpu', city: '石家庄市' });
    expectCodes(rows, SEED.filter((p) => p.assets_name.includes('商铺') && p.city === '石家庄市'));
    const page2 = await search({ q: 'guquan', size: 5, current: 2 });
    const everything = await all({ q: 'guquan' });
    expect(page2.total).toBe(everything.length);
    expect(page2.records.map((r) => r.id)).toEqual(everything.slice(5, 10).map((r) => r.id));
  });
});

describe('filters', () => {
  it('city and county', async () => {
    expectCodes(await all({ city: '保定市' }), SEED.filter((p) => p.city === '保定市'));
    const county = SEED.find((p) => p.city === '唐山市')!.county!;
    expectCodes(await all({ city: '唐山市', county }), SEED.filter((p) => p.city === '唐山市' && p.county === county));
    expect((await search({ city: '北京市' })).total).toBe(0);
  });

  it('minPrice and maxPrice are inclusive yuan on startPrice; unpriced listings (面议) drop out', async () => {
    const rows = await all({ minPrice: 100000, maxPrice: 1000000 });
    expectCodes(rows, SEED.filter((p) => p.price_type !== 3 && p.start_price_fen >= 10_000_000 && p.start_price_fen <= 100_000_000));
    expect(rows.every((r) => r.startPrice >= 100000 && r.startPrice <= 1000000 && r.priceType !== 3)).toBe(true);
    const exact = SEED.find((p) => p.price_type === 1 && p.start_price_fen > 0)!;
    const yuan = exact.start_price_fen / 100;
    expect(codes(await all({ minPrice: yuan, maxPrice: yuan }))).toContain(exact.project_code);
    expectCodes(await all({ minPrice: 50000000 }), SEED.filter((p) => p.price_type !== 3 && p.start_price_fen >= 5_000_000_000));
    expectCodes(await all({ maxPrice: 0 }), SEED.filter((p) => p.price_type !== 3 && p.start_price_fen <= 0));
  });

  it('projectNature: 1 state-owned, 2 private', async () => {
    expectCodes(await all({ projectNature: 1 }), SEED.filter((p) => p.project_nature === 1));
    const privately = await all({ projectNature: 2 });
    expectCodes(privately, SEED.filter((p) => p.project_nature === 2));
    expect(privately.some((r) => r.typeCode === 5)).toBe(true);
  });

  it('assetsFeature: listings carrying that tag', async () => {
    const features: AssetsFeature[] = (await t.get('/api/dscq-project/assets-feature/list')).body.data;
    const soe = features.find((f) => f.name === '国企直供')!;
    const rows = await all({ assetsFeature: soe.id });
    expectCodes(rows, SEED.filter((p) => featuresFor(p, detailFor(p)).includes('soe-direct')));
    expect(rows.length).toBeGreaterThan(10);
  });

  it('state, typeCode and nature together', async () => {
    const rows = await all({ state: '已成交', typeCode: 1, projectNature: 1 });
    expectCodes(rows, SEED.filter((p) => p.state === '已成交' && p.type_code === 1 && p.project_nature === 1));
  });

  it('package children are not listed on their own', async () => {
    const rows = await all();
    expect(rows).toHaveLength(SEED.length);
    expect(rows.some((r) => /-\d{2}$/.test(r.projectCode.replace(/^HBCQ-[A-Z]{2}2026-\d{4}/, '')))).toBe(false);
  });

  it('rejects malformed numbers with a Chinese message', async () => {
    for (const [query, msg] of [
      [{ minPrice: 'abc' }, '参数 minPrice 必须是不小于 0 的金额（元）'],
      [{ maxPrice: '-5' }, '参数 maxPrice 必须是不小于 0 的金额（元）'],
      [{ projectNature: 'x' }, '参数 projectNature 必须是 1 到 9 之间的整数'],
      [{ assetsFeature: '0' }, '参数 assetsFeature 必须是正整数'],
      [{ size: 101 }, '参数 size 必须是 1 到 100 之间的整数'],
    ] as const) {
      const { res, body } = await t.post(SEARCH, query);
      expect(res.statusCode).toBe(400);
      expect(body).toMatchObject({ code: 400, success: false, msg });
    }
  });
});

describe('sorts', () => {
  const sorted = (values: number[], dir: 'asc' | 'desc') => [...values].sort((a, b) => (dir === 'asc' ? a - b : b - a));

  it.each([
    ['price', 'asc'],
    ['price', 'desc'],
    ['views', 'desc'],
    ['views', 'asc'],
    ['publishDate', 'asc'],
  ] as const)('orderBy %s %s orders every page, without overlap', async (orderBy, order) => {
    const rows = await all({ orderBy, order });
    expect(new Set(rows.map((r) => r.id)).size).toBe(SEED.length);
    const key = (r: ListedAsset) => (orderBy === 'price' ? r.startPrice : orderBy === 'views' ? r.circuseeCount : Date.parse(r.announcementStartTime.replace(' ', 'T')));
    expect(rows.map(key)).toEqual(sorted(rows.map(key), order));
  });

  it('the cheapest and the dearest come first their way', async () => {
    const cheapest = Math.min(...SEED.map((p) => p.start_price_fen)) / 100;
    const dearest = Math.max(...SEED.map((p) => p.start_price_fen)) / 100;
    expect((await search({ orderBy: 'price', order: 'asc', size: 1 })).records[0]!.startPrice).toBe(cheapest);
    expect((await search({ orderBy: 'price', order: 'desc', size: 1 })).records[0]!.startPrice).toBe(dearest);
  });

  it('an unknown sort falls back to newest first', async () => {
    const fallback = await search({ orderBy: 'nonsense', order: 'sideways', size: 20 });
    const starts = fallback.records.map((r) => r.announcementStartTime);
    expect(starts).toEqual([...starts].sort().reverse());
  });
});

describe('short lists', () => {
  const open = (p: ProjectSeed) => p.state === '正在报名' || p.state === '预披露';

  it('top/new-publish gives the newest open listings (spec: size 6)', async () => {
    const { res, body } = await t.get('/api/dscq-project/top/new-publish');
    expect(res.statusCode).toBe(200);
    const rows: ListedAsset[] = body.data;
    expect(rows).toHaveLength(6);
    const expected = SEED.filter(open).sort((a, b) => b.announcement_start_at - a.announcement_start_at);
    expect(rows.every((r) => ['正在报名', '预披露'].includes(r.listingState))).toBe(true);
    expect(rows.map((r) => r.announcementStartTime)).toEqual(expected.slice(0, 6).map((p) => formatChinaTime(p.announcement_start_at)));
    expect((await t.get('/api/dscq-project/top/new-publish', { size: 2 })).body.data).toHaveLength(2);
  });

  it('basic-assets/new-publish filters projectTypes and the plate (typeCode), limit 8', async () => {
    const { res, body } = await t.post('/api/dscq-sync/v1/basic-assets/new-publish', { projectTypes: '0,3' });
    expect(res.statusCode).toBe(200);
    const rows: ListedAsset[] = body.data;
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => (r.projectType === 0 || r.projectType === 3) && ['正在报名', '预披露'].includes(r.listingState))).toBe(true);
    const plate = (await t.post('/api/dscq-sync/v1/basic-assets/new-publish', { projectTypes: '0', plateId: 6, limit: 3 })).body.data as ListedAsset[];
    expect(plate).toHaveLength(3);
    expect(plate.every((r) => r.typeCode === 6 && r.projectType === 0)).toBe(true);
    // A JSON body with an array, as the real client posts it.
    const json = await t.app.inject({ method: 'POST', url: '/api/dscq-sync/v1/basic-assets/new-publish', payload: { projectTypes: [1, 2], limit: 50 } });
    const packages: ListedAsset[] = json.json().data;
    // The stored words: the live top-up closes the enrolment of the lots it auctions (lot timeline).
    const stored = await t.handle.db.selectFrom('project').select('id').where('parent_id', 'is', null).where('state', 'in', ['正在报名', '预披露']).where('project_type', 'in', [1, 2]).execute();
    expect(packages.length).toBe(stored.length);
  });

  it('hb-projects pages the Hebei state-owned projects by default (spec: size 8), or a nature asked for', async () => {
    const { res, body } = await t.get('/api/dscq-project/project/hb-projects', { current: 1 });
    expect(res.statusCode).toBe(200);
    const stateOwned = SEED.filter((p) => p.project_nature === 1);
    expect(body.data).toMatchObject({ total: stateOwned.length, size: 8, current: 1, pages: Math.ceil(stateOwned.length / 8) });
    expect(body.data.records.every((r: ListedAsset) => r.projectNature === 1)).toBe(true);
    const privately = (await t.get('/api/dscq-project/project/hb-projects', { projectNature: 2, size: 100 })).body.data;
    expect(privately.total).toBe(SEED.filter((p) => p.project_nature === 2).length);
  });

  it('assets-recommend: same type first, then same city, enrolling first; never the asset itself (spec: size 4)', async () => {
    const base = (await search({ q: 'HBCQ-FW2026-0012' })).records[0]!;
    const { res, body } = await t.post('/api/dscq-project/search/assets-recommend', { assetsId: base.id });
    expect(res.statusCode).toBe(200);
    const rows: ListedAsset[] = body.data;
    expect(rows).toHaveLength(4);
    expect(rows.some((r) => r.id === base.id)).toBe(false);
    expect(rows.every((r) => r.typeCode === base.typeCode)).toBe(true);
    const sameCityEnrolling = SEED.filter((p) => p.type_code === base.typeCode && p.city === base.city && p.state === '正在报名' && p.project_code !== base.projectCode);
    expect(rows.slice(0, Math.min(4, sameCityEnrolling.length)).every((r) => r.city === base.city && r.state === '正在报名')).toBe(true);
    expect((await t.post('/api/dscq-project/search/assets-recommend', { assetsId: 999999 })).body).toMatchObject({ code: 404, msg: '项目不存在' });
  });
});

describe('configuration and covers', () => {
  it('assets-feature/list gives the feature tags', async () => {
    const { body } = await t.get('/api/dscq-project/assets-feature/list');
    expect(body.data.map((f: AssetsFeature) => f.name)).toEqual(['优质资产', '国企直供', '低于评估价', '带租约', '手续齐全', '可预约看样']);
    expect(body.data.every((f: AssetsFeature) => Number.isInteger(f.id))).toBe(true);
  });

  it('filter-query-config/open-list gives the trading centre\'s filter bar, whose values the search takes', async () => {
    const { res, body } = await t.get('/api/blade-desk/filter-query-config/open-list');
    expect(res.statusCode).toBe(200);
    const config: FilterConfig[] = body.data;
    expect(config.map((g) => g.field)).toEqual(['typeCode', 'associationId', 'city', 'state', 'price', 'orderBy']);
    expect(config.find((g) => g.field === 'city')!.options).toHaveLength(11);
    for (const option of config.find((g) => g.field === 'price')!.options) {
      const [min, max] = option.value.split('-');
      const rows = await search({ ...(min ? { minPrice: min } : {}), ...(max ? { maxPrice: max } : {}) });
      expect(rows.total, option.label).toBeGreaterThan(0);
    }
    for (const option of config.find((g) => g.field === 'orderBy')!.options) {
      const [orderBy, order] = option.value.split(':');
      expect((await t.post(SEARCH, { orderBy: orderBy!, order: order! })).res.statusCode).toBe(200);
    }
    expect((await t.get('/api/blade-desk/filter-query-config/open-list', { code: 'project' })).body.data).toEqual(config);
    expect((await t.get('/api/blade-desk/filter-query-config/open-list', { code: 'nothing' })).body.data).toEqual([]);
    expect((await t.get('/api/blade-desk/filter-query-config/open-list', { code: '<x>' })).res.statusCode).toBe(400);
  });

  it('cover/aliAssetsId gives the lot\'s own cover photo, a picture that is served', async () => {
    const equity = (await search({ typeCode: 1, size: 1 })).records[0]!;
    const { body } = await t.get('/api/dscq-project/ali-basic-assets/cover/aliAssetsId', { aliAssetsId: equity.id });
    expect(body.data.imgUrl).toMatch(/^\/api\/dscq-project\/lot-photo\/[0-9a-f]+-thumb\.webp$/);
    expect(body.data.imgUrl).toBe(equity.imgUrl);
    const picture = await t.app.inject({ method: 'GET', url: body.data.imgUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const admin = (await search({ associationId: 88, size: 1 })).records[0]!;
    const adminCover = (await t.get('/api/dscq-project/ali-basic-assets/cover/aliAssetsId', { aliAssetsId: admin.id })).body.data.imgUrl;
    expect(adminCover).not.toBe(body.data.imgUrl);
    expect((await t.get('/api/dscq-project/ali-basic-assets/cover/aliAssetsId', { aliAssetsId: 999999 })).body).toMatchObject({ code: 404 });
  });
});
