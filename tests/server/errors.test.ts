/** Bad input → 400 with a Chinese message naming the field; unknown API → 404; failures → 500 without internals. */
import { captureLogs, createTestApp, ENVELOPE_KEYS, type Json, type TestApp } from './helpers.ts';

let t: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  t = await createTestApp({ logStream: logs.stream });
});
afterAll(async () => {
  await t.close();
});

function expectFailure(res: { statusCode: number; json(): Json }, code: number, msg: string) {
  expect(res.statusCode).toBe(code);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
  expect(body).toEqual({ code, success: false, msg, data: null });
}

describe('400 bad input', () => {
  it.each([
    [{ size: '0' }, '参数 size 必须是 1 到 100 之间的整数'],
    [{ size: '101' }, '参数 size 必须是 1 到 100 之间的整数'],
    [{ size: 'abc' }, '参数 size 必须是 1 到 100 之间的整数'],
    [{ size: '2.5' }, '参数 size 必须是 1 到 100 之间的整数'],
    [{ current: '0' }, '参数 current 必须是 1 到 100000 之间的整数'],
    [{ typeCode: 'x' }, '参数 typeCode 必须是 0 到 9999 之间的整数'],
    [{ notTypeCodeList: '1,x' }, '参数 notTypeCodeList 必须是以逗号分隔的整数列表'],
    [{ associationId: '-1' }, '参数 associationId 必须是正整数'],
    [{ q: '股'.repeat(101) }, '参数 q 长度不能超过 100 个字符'],
  ])('search %j → 400', async (query, msg) => {
    const { res } = await t.post('/api/dscq-project/search/page', query);
    expectFailure(res, 400, msg);
  });

  it('checks JSON bodies too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dscq-project/search/page', payload: { size: 500 } });
    expectFailure(res, 400, '参数 size 必须是 1 到 100 之间的整数');
    const text = await t.app.inject({ method: 'POST', url: '/api/dscq-project/search/page', payload: { q: ['a'] } });
    expectFailure(text, 400, '参数 q 必须是文本');
  });

  it('refuses malformed JSON in Chinese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dscq-project/search/page',
      headers: { 'content-type': 'application/json' },
      payload: '{"size": 1',
    });
    expectFailure(res, 400, '请求体不是合法的 JSON');
  });

  it('news detail needs a positive id', async () => {
    expectFailure((await t.post('/api/dscq-content/news-content/detail')).res, 400, '参数 id 不能为空');
    expectFailure((await t.post('/api/dscq-content/news-content/detail', { id: 'abc' })).res, 400, '参数 id 必须是正整数');
    expectFailure((await t.post('/api/dscq-content/news-content/detail', { id: 0 })).res, 400, '参数 id 必须是正整数');
  });

  it('notice flags are 0 or 1', async () => {
    expectFailure((await t.post('/api/dscq-project/notice/page', { isFrontPage: 2 })).res, 400, '参数 isFrontPage 必须是 0 或 1');
    expectFailure((await t.post('/api/dscq-content/news-content/page', { plateId: 'x' })).res, 400, '参数 plateId 必须是正整数');
  });
});

describe('404', () => {
  it.each([
    ['GET', '/api/no-such/thing'],
    ['POST', '/api/no-such/thing'],
    ['GET', '/api'],
    // Right path, wrong method.
    ['GET', '/api/dscq-project/search/page'],
  ] as const)('%s %s → JSON 接口不存在', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expectFailure(res, 404, '接口不存在');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('missing news → 新闻不存在', async () => {
    expectFailure((await t.post('/api/dscq-content/news-content/detail', { id: 99999 })).res, 404, '新闻不存在');
  });
});

describe('500', () => {
  it('hides the cause from the client and logs it with its stack', async () => {
    // A broken database: every query fails inside the driver.
    const broken = await createTestApp({ seed: false, logStream: logs.stream });
    await broken.handle.close();
    const res = await broken.app.inject({ method: 'POST', url: '/api/dscq-project/search/page' });
    expectFailure(res, 500, '系统繁忙，请稍后再试');
    expect(res.body).not.toMatch(/select|sqlite|stack|at /i);
    await broken.app.close();
    await broken.database.cleanup();

    const errorLine = logs.lines().find((l) => l.msg === 'unhandled error');
    expect(errorLine).toBeDefined();
    expect(JSON.stringify(errorLine)).toMatch(/"stack":"\w*Error/);
  });
});
