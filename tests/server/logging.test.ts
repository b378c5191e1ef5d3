/**
 * Secrets never reach the log: credential headers are redacted, secret query values blanked. One line per
 * request, the live pages' polls at debug; readable lines in development, JSON elsewhere.
 */
import { Writable } from 'node:stream';
import { buildApp } from '../../server/app.ts';
import { formatLogLine, POLLED_PATHS, prettyLogStream, redactUrl, requestLogLevel } from '../../server/http/logging.ts';
import { captureLogs, createTestApp, type Json, type TestApp } from './helpers.ts';

const SECRETS = ['BEARER-SECRET-1', 'COOKIE-SECRET-2', 'PW-SECRET-3', 'RT-SECRET-4', 'CODE-SECRET-5', 'CAPTCHA-SECRET-6', 'TOKEN-SECRET-7', 'TICKET-SECRET-8'];

let t: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  t = await createTestApp({ seed: false, logStream: logs.stream });
});
afterAll(async () => {
  await t.close();
});

it('logs requests without credentials or secret parameters', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url:
      '/api/dscq-project/search/page?size=5&password=PW-SECRET-3&refresh_token=RT-SECRET-4&code=CODE-SECRET-5' +
      '&captcha=CAPTCHA-SECRET-6&token=TOKEN-SECRET-7&ticket=TICKET-SECRET-8',
    headers: {
      authorization: 'Bearer BEARER-SECRET-1',
      cookie: 'session=COOKIE-SECRET-2',
      'client-id': 'hbcq',
      'user-agent': 'vitest',
    },
  });
  expect(res.statusCode).toBe(200);

  const text = logs.text();
  for (const secret of SECRETS) expect(text).not.toContain(secret);

  // One line per request, written when it is answered (Fastify's own pair is off).
  expect(logs.lines().filter((l) => l.msg === 'incoming request')).toEqual([]);
  const completed = logs.lines().filter((l) => l.msg === 'request completed') as Array<{ req: Json; res: Json; responseTime: number; level: number }>;
  expect(completed).toHaveLength(1);
  const incoming = completed[0];
  expect(incoming!.level).toBe(30);
  expect(incoming!.res).toEqual({ statusCode: 200 });
  expect(incoming!.responseTime).toBeGreaterThanOrEqual(0);
  expect(incoming!.req.method).toBe('POST');
  expect(incoming!.req.url).toBe(
    '/api/dscq-project/search/page?size=5&password=***&refresh_token=***&code=***&captcha=***&token=***&ticket=***',
  );
  expect(incoming!.req.headers).toEqual({
    authorization: '[已隐藏]',
    cookie: '[已隐藏]',
    'client-id': 'hbcq',
    'user-agent': 'vitest',
  });
});

it('redactUrl leaves other parameters and plain paths alone', () => {
  expect(redactUrl('/api/x')).toBe('/api/x');
  expect(redactUrl('/api/x?q=%E8%82%A1%E6%9D%83&size=1')).toBe('/api/x?q=%E8%82%A1%E6%9D%83&size=1');
  expect(redactUrl('/api/oauth/token?username=a&Password=b')).toBe('/api/oauth/token?username=a&Password=***');
  expect(redactUrl('/api/x?code=1&code=2')).toBe('/api/x?code=***');
});

describe('request line levels', () => {
  it('the live pages\' polls and static files answered normally are debug; other requests info; server failures warn', () => {
    for (const path of [
      '/api/dscq-sync/v1/bid-assets/hall/page',
      '/api/dscq-project/activity/upcoming-bid',
      '/api/dscq-sync/v1/bid-assets/bidding-rate',
      '/api/dscq-sync/v1/bid-assets/assets-max-rate',
      '/api/dscq-sync/v1/bid-assets/bidding-data',
      '/api/dscq-sync/v1/server-time',
      '/api/dscq-sync/v1/live/events',
      '/version.json',
    ]) {
      expect(POLLED_PATHS.has(path), path).toBe(true);
      expect(requestLogLevel(path, 200), path).toBe('debug');
      expect(requestLogLevel(`${path}?t=1&activityIds=1,2`, 304), path).toBe('debug');
      expect(requestLogLevel(`${path}/`, 200), path).toBe('debug');
      // A refused poll is worth seeing.
      expect(requestLogLevel(path, 404), path).toBe('info');
      expect(requestLogLevel(path, 503), path).toBe('warn');
    }
    expect(requestLogLevel('/api/dscq-project/search/page?size=5', 200)).toBe('info');
    expect(requestLogLevel('/api/oauth/token', 400)).toBe('info');
    expect(requestLogLevel('/api/dscq-sync/v1/bidding/ongoing/bid', 200)).toBe('info'); // a bid is never a poll
    expect(requestLogLevel('/', 200)).toBe('info'); // a page load
    // The built app's files: debug while served, a missing one is worth a line.
    expect(requestLogLevel('/assets/index-abc.js', 200)).toBe('debug');
    expect(requestLogLevel('/assets/index-abc.js', 304)).toBe('debug');
    expect(requestLogLevel('/favicon.svg', 200)).toBe('debug');
    expect(requestLogLevel('/assets/gone-123.js', 404)).toBe('info');
    expect(requestLogLevel('/api/x', 500)).toBe('warn');
  });

  it('at info an idle hall tab\'s polls write nothing; at debug one line each', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    for (const level of ['info', 'debug'] as const) {
      lines.length = 0;
      const app = await buildApp({ db: t.handle.db, config: { staticDir: '/nonexistent', logLevel: level, dataDir: t.dataDir, nodeEnv: 'production', demo: true }, logger: { stream }, live: { timers: false } });
      await app.ready();
      await app.inject({ method: 'POST', url: '/api/dscq-sync/v1/bid-assets/hall/page', payload: {} });
      await app.inject({ method: 'GET', url: '/api/dscq-sync/v1/server-time?n=1' });
      await app.inject({ method: 'POST', url: '/api/dscq-project/search/page?size=1' });
      await app.close();
      const requests = lines.filter((l) => l.msg === 'request completed').map((l) => [(l.req as Json).url, l.level]);
      expect(requests).toEqual(
        level === 'info'
          ? [['/api/dscq-project/search/page?size=1', 30]]
          : [
              ['/api/dscq-sync/v1/bid-assets/hall/page', 20],
              ['/api/dscq-sync/v1/server-time?n=1', 20],
              ['/api/dscq-project/search/page?size=1', 30],
            ],
      );
    }
  });
});

describe('readable lines in development', () => {
  const at = new Date(2026, 10, 21, 9, 5, 7, 89).getTime();

  it('a request is one line: time, level, method, URL, status, milliseconds', () => {
    const line = JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', reqId: 'req-1', req: { method: 'POST', url: '/api/x?password=***', headers: {} }, res: { statusCode: 200 }, responseTime: 3.2, msg: 'request completed' });
    expect(formatLogLine(line)).toBe('09:05:07.089 INFO  POST /api/x?password=*** 200 3.2 ms');
  });

  it('other lines keep their message and fields; an error its stack, indented', () => {
    expect(formatLogLine(JSON.stringify({ level: 40, time: at, pid: 1, msg: 'live: slow push stream dropped', userId: 7, bytes: 1024 }))).toBe(
      '09:05:07.089 WARN  live: slow push stream dropped userId=7 bytes=1024',
    );
    const error = formatLogLine(JSON.stringify({ level: 50, time: at, msg: 'unhandled error', reqId: 'r', req: { method: 'GET', url: '/api/y' }, err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (x.ts:1:1)' } }));
    expect(error.split('\n')).toEqual(['09:05:07.089 ERROR unhandled error GET /api/y', '    Error: boom', '        at f (x.ts:1:1)']);
    const clientError = formatLogLine(JSON.stringify({ level: 30, time: at, msg: 'client error', err: { type: 'BusinessError', message: '参数错误', stack: 'BusinessError: 参数错误\n    at g' } }));
    expect(clientError).toBe('09:05:07.089 INFO  client error BusinessError: 参数错误');
    expect(formatLogLine('not json')).toBe('not json');
  });

  it('the development stream writes whole lines, colouring only a terminal', () => {
    const out: string[] = [];
    const sink = Object.assign(new Writable({ write: (chunk, _e, done) => (out.push(String(chunk)), done()) }), { isTTY: false });
    const stream = prettyLogStream(sink);
    const line = JSON.stringify({ level: 30, time: at, msg: 'database ready', dialect: 'sqlite' });
    stream.write(`${line.slice(0, 10)}`);
    expect(out).toEqual([]);
    stream.write(`${line.slice(10)}\n`);
    expect(out).toEqual(['09:05:07.089 INFO  database ready dialect=sqlite\n']);
  });

  it('development builds the readable stream, production and test keep JSON', async () => {
    const written: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    const capture = (nodeEnv: 'development' | 'production' | 'test') =>
      buildApp({ db: t.handle.db, config: { staticDir: '/nonexistent', logLevel: 'info', dataDir: t.dataDir, nodeEnv, demo: true }, live: { timers: false } });
    process.stdout.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      for (const nodeEnv of ['development', 'production'] as const) {
        const app = await capture(nodeEnv);
        await app.ready();
        await app.inject({ method: 'POST', url: '/api/dscq-project/search/page?size=1' });
        await app.close();
      }
    } finally {
      process.stdout.write = original;
    }
    const requestLines = written.join('').split('\n').filter((l) => l.includes('/api/dscq-project/search/page'));
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} INFO  POST \/api\/dscq-project\/search\/page\?size=1 200 [\d.]+ ms$/);
    expect(JSON.parse(requestLines[1]!)).toMatchObject({ level: 30, msg: 'request completed', res: { statusCode: 200 } });
  });
});
