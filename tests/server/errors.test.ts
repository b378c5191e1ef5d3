/** Bad input → 400 with a Chinese message naming the field; unknown API → 404; failures → 500 without internals. */
import { connect } from 'node:net';
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
    await broken.close();

    const errorLine = logs.lines().find((l) => l.msg === 'unhandled error');
    expect(errorLine).toBeDefined();
    expect(JSON.stringify(errorLine)).toMatch(/"stack":"\w*Error/);
  });
});

describe('failures before a route answers', () => {
  // Node's HTTP parser meets these before any request exists: only a real socket shows them.
  let port = 0;
  beforeAll(async () => {
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  /** One raw HTTP/1.1 exchange: status line and parsed body. */
  async function raw(requestLine: string): Promise<{ status: number; body: Json }> {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
    return { status, body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Json };
  }

  it('a URL that does not decode → 400 envelope in Chinese, without echoing the path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dscq-content/files/%FF' });
    expectFailure(res, 400, '请求地址不正确');
    expect(res.body).not.toContain('%FF');
  });

  it('an over-long request (a 20 kB query string) → 431 envelope in Chinese', async () => {
    const { status, body } = await raw(`GET /api/dscq-project/search/page?q=${'a'.repeat(20_000)} HTTP/1.1`);
    expect(status).toBe(431);
    expect(body).toEqual({ code: 431, success: false, msg: '请求地址或请求头过长', data: null });
  });

  it('a malformed request line → 400 envelope in Chinese', async () => {
    const { status, body } = await raw('GET /api/x HTTP/9.9 nonsense');
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, success: false, msg: '请求格式不正确', data: null });
  });
});
