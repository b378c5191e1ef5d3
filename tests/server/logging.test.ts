/** Secrets never reach the log: credential headers are redacted, secret query values blanked. */
import { redactUrl } from '../../server/http/logging.ts';
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

  const incoming = logs.lines().find((l) => l.msg === 'incoming request') as { req: Json } | undefined;
  expect(incoming).toBeDefined();
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
  expect(logs.lines().some((l) => l.msg === 'request completed')).toBe(true);
});

it('redactUrl leaves other parameters and plain paths alone', () => {
  expect(redactUrl('/api/x')).toBe('/api/x');
  expect(redactUrl('/api/x?q=%E8%82%A1%E6%9D%83&size=1')).toBe('/api/x?q=%E8%82%A1%E6%9D%83&size=1');
  expect(redactUrl('/api/oauth/token?username=a&Password=b')).toBe('/api/oauth/token?username=a&Password=***');
  expect(redactUrl('/api/x?code=1&code=2')).toBe('/api/x?code=***');
});
