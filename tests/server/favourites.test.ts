/**
 * Favourites (POST /dscq-user/collect-assets/add, /cancel, /assets-list): the bearer's own rows only,
 * idempotent add and cancel, 401 when anonymous; the detail's `collected` follows the optional bearer.
 */
import type { ListedAsset } from '#domain/contract/portal';
import type { CollectedAsset } from '#domain/contract/projects';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';

const ADD = '/api/dscq-user/collect-assets/add';
const CANCEL = '/api/dscq-user/collect-assets/cancel';
const LIST = '/api/dscq-user/collect-assets/assets-list';
let t: AccountsTestApp;
let alice: string;
let bob: string;
let projects: ListedAsset[];

beforeAll(async () => {
  t = await createAccountsApp();
  alice = (await t.login('demo_person')).body.access_token;
  bob = (await t.login('demo_org')).body.access_token;
  projects = (await t.post('/api/dscq-project/search/page', { size: 5 })).body.data.records;
});
afterAll(async () => {
  await t.close();
});

const list = async (token: string, query: Record<string, string | number> = {}) => (await t.call('POST', LIST, { token, query })).body.data;
const collected = async (id: number, token?: string) =>
  (await t.call('GET', '/api/dscq-project/project/detail', { query: { id }, ...(token ? { token } : {}) })).body.data.collected as boolean;

it('anonymous calls answer 401 用户未登录', async () => {
  for (const url of [ADD, CANCEL, LIST]) {
    const a = await t.call('POST', url, { query: { assetsId: projects[0]!.id } });
    expect(a.status).toBe(401);
    expect(a.body).toMatchObject({ code: 401, success: false, msg: '用户未登录' });
  }
  const forged = await t.call('POST', ADD, { query: { assetsId: projects[0]!.id }, token: 'not-a-token' });
  expect(forged.status).toBe(401);
  expect(await t.count('collect_asset')).toBe(0);
});

it('adds, lists newest first with the collect time, and marks the detail collected for its owner only', async () => {
  t.clock.now += 60_000;
  expect((await t.call('POST', ADD, { token: alice, query: { assetsId: projects[0]!.id } })).body).toMatchObject({ code: 200, data: null });
  t.clock.now += 60_000;
  await t.call('POST', ADD, { token: alice, query: { assetsId: projects[1]!.id } });

  const page = await list(alice);
  expect(page).toMatchObject({ total: 2, size: 10, current: 1, pages: 1 });
  const records: CollectedAsset[] = page.records;
  expect(records.map((r) => r.id)).toEqual([projects[1]!.id, projects[0]!.id]);
  expect(records[0]).toMatchObject({ ...projects[1], collectTime: '2026-11-21 12:02:00' });
  expect(records[1]!.collectTime).toBe('2026-11-21 12:01:00');

  expect(await collected(projects[0]!.id, alice)).toBe(true);
  expect(await collected(projects[2]!.id, alice)).toBe(false);
  expect(await collected(projects[0]!.id, bob)).toBe(false);
  expect(await collected(projects[0]!.id)).toBe(false);
  // A bad bearer on the public detail is simply anonymous.
  expect(await collected(projects[0]!.id, 'garbage')).toBe(false);
});

it('adding twice keeps one row and answers ok', async () => {
  const again = await t.call('POST', ADD, { token: alice, query: { assetsId: projects[0]!.id } });
  expect(again.body).toMatchObject({ code: 200, data: null });
  expect((await list(alice)).total).toBe(2);
  expect(await t.count('collect_asset')).toBe(2);
});

it('another user sees nothing of them and cannot remove them', async () => {
  expect(await list(bob)).toMatchObject({ total: 0, records: [] });
  expect((await t.call('POST', CANCEL, { token: bob, query: { assetsId: projects[0]!.id } })).body).toMatchObject({ code: 200 });
  expect((await list(alice)).total).toBe(2);
  await t.call('POST', ADD, { token: bob, query: { assetsId: projects[0]!.id } });
  expect((await list(bob)).records.map((r: CollectedAsset) => r.id)).toEqual([projects[0]!.id]);
  expect((await list(alice)).total).toBe(2);
});

it('cancel removes the favourite; cancelling a non-favourite is fine', async () => {
  expect((await t.call('POST', CANCEL, { token: alice, query: { assetsId: projects[0]!.id } })).body).toMatchObject({ code: 200, data: null });
  expect((await list(alice)).records.map((r: CollectedAsset) => r.id)).toEqual([projects[1]!.id]);
  expect(await collected(projects[0]!.id, alice)).toBe(false);
  expect((await t.call('POST', CANCEL, { token: alice, query: { assetsId: projects[4]!.id } })).body).toMatchObject({ code: 200 });
  expect((await t.call('POST', CANCEL, { token: alice, query: { assetsId: 999999 } })).body).toMatchObject({ code: 200 });
});

it('pages the list', async () => {
  for (const p of projects) await t.call('POST', ADD, { token: alice, query: { assetsId: p.id } });
  const second = await list(alice, { size: 2, current: 2 });
  expect(second).toMatchObject({ total: 5, size: 2, current: 2, pages: 3 });
  expect(second.records).toHaveLength(2);
});

it('refuses an unknown project and a missing id', async () => {
  expect((await t.call('POST', ADD, { token: alice, query: { assetsId: 999999 } })).body).toMatchObject({ code: 404, msg: '项目不存在' });
  expect((await t.call('POST', ADD, { token: alice })).body).toMatchObject({ code: 400, msg: '参数 assetsId 不能为空' });
});
