/** GET /api/blade-desk/navigation-config/list: the visible menu as a sorted tree. */
import type { NavigationEntry } from '#domain/contract/portal';
import { createTestApp, NOW, type TestApp } from './helpers.ts';

const MENU = '/api/blade-desk/navigation-config/list';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function menu(): Promise<NavigationEntry[]> {
  const { res, body } = await t.get(MENU);
  expect(res.statusCode).toBe(200);
  expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
  return body.data;
}

const flatten = (entries: NavigationEntry[]): NavigationEntry[] => entries.flatMap((e) => [e, ...flatten(e.children)]);

it('lists the top entries in order, without the hidden one', async () => {
  const top = await menu();
  expect(top.map((e) => e.navigationName)).toEqual([
    '首页', '竞价大厅', '交易中心', '国有资产', '司法拍卖', '新闻中心', '政策法规', '交易服务', '党建工作', '关于我们',
  ]);
  expect(top.map((e) => e.navigationUrl).slice(0, 5)).toEqual(['/index', '/hall', '/project', '/gyzcProject', '/sfProject']);
  expect(top.find((e) => e.navigationName === '首页')).toEqual({
    id: expect.any(Number), navigationName: '首页', navigationUrl: '/index', inStation: 1, openPage: 0, menuFlag: 1, sort: 10, children: [],
  });
});

it('nests the trading-centre categories, external link last', async () => {
  const centre = (await menu()).find((e) => e.navigationName === '交易中心')!;
  expect(centre.children.map((c) => [c.navigationName, c.navigationUrl])).toEqual([
    ['产权转让', '/project?typeCode=1'],
    ['实物资产', '/project?typeCode=2'],
    ['增资扩股', '/project?typeCode=4'],
    ['资产租赁', '/project?typeCode=3'],
    ['房屋租赁', '/project?typeCode=6'],
    ['行政事业资产', '/project?associationId=88'],
    ['全国公共资源交易平台', 'https://www.ggzy.gov.cn/'],
  ]);
  const external = centre.children.at(-1)!;
  expect(external).toMatchObject({ inStation: 0, openPage: 1, menuFlag: 1 });
  expect(centre.children.slice(0, -1).every((c) => c.inStation === 1 && c.openPage === 0)).toBe(true);
});

it('points news children at plate ids (结果公示 is plate 4)', async () => {
  const news = (await menu()).find((e) => e.navigationName === '新闻中心')!;
  expect(news.children.find((c) => c.navigationName === '结果公示')!.navigationUrl).toBe('/xwzx?plateId=4');
  expect(news.children.find((c) => c.navigationName === '交易所动态')!.navigationUrl).toBe('/xwzx?plateId=2');
});

it('returns only menuFlag 1, though hidden rows exist in the table', async () => {
  const all = flatten(await menu());
  expect(all.every((e) => e.menuFlag === 1)).toBe(true);
  expect(all.map((e) => e.navigationName)).not.toContain('技术产权');
  expect(all.map((e) => e.navigationName)).not.toContain('信息公开');
  const hidden = await t.handle.db.selectFrom('navigation').select('name').where('menu_flag', '=', 0).orderBy('name').execute();
  expect(hidden.map((r) => r.name).sort()).toEqual(['信息公开', '技术产权'].sort());
  expect(all).toHaveLength(29 - 2);
});

it('sorts by sort, and a hidden parent hides its children', async () => {
  const db = t.handle.db;
  const base = { in_station: 1, open_page: 0, created_at: NOW };
  await db.insertInto('navigation').values({ ...base, code: 't.first', parent_id: null, name: '置顶测试', url: '/x', menu_flag: 1, sort: 1 }).execute();
  const hiddenParent = await db
    .insertInto('navigation')
    .values({ ...base, code: 't.hidden', parent_id: null, name: '隐藏父级', url: '/y', menu_flag: 0, sort: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('navigation').values({ ...base, code: 't.orphan', parent_id: hiddenParent.id, name: '隐藏子级', url: '/z', menu_flag: 1, sort: 1 }).execute();

  const top = await menu();
  expect(top[0]!.navigationName).toBe('置顶测试');
  const names = flatten(top).map((e) => e.navigationName);
  expect(names).not.toContain('隐藏父级');
  expect(names).not.toContain('隐藏子级');
});
