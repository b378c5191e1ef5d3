/**
 * Route parameters as declared schemas (server/plugins/params.ts): a JSON or form body is merged under
 * the query string (the query wins), and the checks keep their order — login (401), then the bidding
 * mode (404), then the parameters (400 with the rule's Chinese message).
 */
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';

let t: AccountsTestApp;
let token: string;

beforeAll(async () => {
  t = await createAccountsApp();
  token = (await t.login('demo_person')).body.access_token;
});
afterAll(async () => {
  await t.close();
});

const SEARCH = '/api/dscq-project/search/page';
const ADD = '/api/dscq-user/collect-assets/add';

describe('merging', () => {
  it('reads a JSON body, with the query string winning', async () => {
    const json = await t.app.inject({ method: 'POST', url: SEARCH, query: { size: '3' }, payload: { size: 500, current: 1 } });
    expect(json.statusCode).toBe(200);
    expect(json.json().data).toMatchObject({ size: 3, current: 1 });
  });

  it('reads a form body', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: SEARCH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'size=4&current=2',
    });
    expect(form.json().data).toMatchObject({ size: 4, current: 2 });
  });

  it('ignores an array body', async () => {
    const array = await t.app.inject({ method: 'POST', url: SEARCH, payload: [{ size: 500 }] });
    expect(array.statusCode).toBe(200);
    expect(array.json().data).toMatchObject({ size: 10, current: 1 });
  });
});

describe('order of checks', () => {
  it('answers an anonymous call 401 whatever its parameters', async () => {
    for (const query of [{ assetsId: 'x' }, {}] as Record<string, string>[]) {
      const anonymous = await t.call('POST', ADD, { query });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 401, msg: '用户未登录' });
    }
    const bid = await t.call('POST', '/api/dscq-sync/v1/bidding/no-such-mode/bid', { query: { activityId: 'x' } });
    expect(bid.status).toBe(401);
  });

  it('checks the parameters of a logged-in call', async () => {
    const bad = await t.call('POST', ADD, { token, query: { assetsId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 400, success: false, msg: '参数 assetsId 必须是正整数', data: null });
  });

  it('answers an unknown bidding mode 404 before checking the bid', async () => {
    const unknown = await t.call('POST', '/api/dscq-sync/v1/bidding/no-such-mode/bid', { token, query: { activityId: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('竞价方式不存在');
    const known = await t.call('POST', '/api/dscq-sync/v1/bidding/ongoing/bid', { token, query: { activityId: 'x' } });
    expect(known.status).toBe(400);
    expect(known.body.msg).toBe('参数 activityId 必须是正整数');
  });
});
