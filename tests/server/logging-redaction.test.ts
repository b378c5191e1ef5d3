/**
 * The log never carries card or account numbers, ID numbers, names, phone numbers, codes, passwords or
 * tokens, however they travel: in the query string (whatever the case of the name), in a JSON or form
 * body, in the credential headers or a Referer's query, or in anything passed to a log call (query, body,
 * params, headers, an error's fields). Each parameter below is sent with a marker value through each way,
 * and the captured log output must hold none of the markers (while the harmless parameters still show).
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loggerOptions } from '../../server/http/logging.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { captureLogs } from './helpers.ts';

/** The parameter names the routes use for them (and the common spellings of the same things). */
const SENSITIVE = [
  // Card and account numbers: card binding, the invoice request, the deposit proof.
  'cardNo', 'bankAccount', 'accountNo', 'payerAccount',
  // ID numbers: real-name verification, account recovery, the invoice's taxpayer number.
  'idNumber', 'legalIdNumber', 'idCard', 'idNo', 'certNo', 'creditCode', 'taxpayerNo',
  // Names of people: real-name verification, card holder, payer, contact.
  'name', 'realName', 'accountName', 'legalPerson', 'payerName', 'contactName',
  // Phone numbers and e-mail addresses (the signatory look-up's keyword is a phone or a login name).
  'phone', 'telPhone', 'mobile', 'contactPhone', 'email', 'contactEmail', 'keyword',
  // Codes, passwords, tokens, tickets.
  'code', 'smsCode', 'captcha', 'password', 'newPassword', 'oldPassword', 'token', 'access_token', 'refresh_token', 'faceToken', 'ticket', 'dognum', 'userguid',
];
const mark = (name: string, via: string) => `MARK${via}${name.replace(/[^A-Za-z]/g, '')}X`;

let t: AccountsTestApp;
let token = '';
const logs = captureLogs();

beforeAll(async () => {
  t = await createAccountsApp({ logStream: logs.stream });
  token = (await t.login('demo_person')).body.access_token as string;
}, 120_000);
afterAll(async () => t?.close());

function expectNoMarker(text: string, markers: string[]) {
  const leaked = markers.filter((m) => text.includes(m));
  expect(leaked).toEqual([]);
}

it('the card binding and the invoice request (the probe’s calls) log no card or account number, name or code', async () => {
  const before = logs.text().length;
  const bind = await t.app.inject({
    method: 'POST',
    url: '/api/dscq-user/fund/card/bind',
    query: { bankCode: 'ICBC', cardNo: '6222020200112233446', accountName: '张建国', smsCode: '135790' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(bind.statusCode).toBeGreaterThanOrEqual(200);
  const invoice = await t.app.inject({
    method: 'POST',
    url: '/api/dscq-user/invoice/request',
    query: { dealId: '1', kind: 'special', title: '河北冀通物流有限公司', taxpayerNo: '91130100MA0CXXXX0X', bankName: '工行', bankAccount: '0402020209000123456', phone: '0311-88886666' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(invoice.statusCode).toBeGreaterThanOrEqual(200);
  const text = logs.text().slice(before);
  expect(text).toContain('/api/dscq-user/fund/card/bind');
  expect(text).toContain('bankCode=ICBC');
  expectNoMarker(text, ['6222020200112233446', '张建国', '135790', '0402020209000123456', '91130100MA0CXXXX0X', '0311-88886666', token]);
});

it('every listed parameter, in the query (any case), a JSON body, a form body, the credential headers and a Referer', async () => {
  const before = logs.text().length;
  const markers: string[] = [];
  const query: Record<string, string> = { size: '5' };
  const upper: Record<string, string> = {};
  const body: Record<string, string> = {};
  for (const name of SENSITIVE) {
    query[name] = mark(name, 'Q');
    upper[name.toUpperCase()] = mark(name, 'U');
    body[name] = mark(name, 'B');
    markers.push(mark(name, 'Q'), mark(name, 'U'), mark(name, 'B'));
  }
  const referer = `https://www.hebcq.com/page?phone=${mark('referer', 'R')}&idNumber=${mark('refererid', 'R')}`;
  markers.push(mark('referer', 'R'), mark('refererid', 'R'), 'MARKBEARERX', 'MARKCOOKIEX', 'MARKXTOKENX');
  const headers = { authorization: 'Bearer MARKBEARERX', cookie: 'session=MARKCOOKIEX', referer, 'x-access-token': 'MARKXTOKENX', 'user-agent': 'vitest' };

  for (const url of ['/api/dscq-project/search/page', '/api/dscq-user/fund/card/bind', '/api/dscq-user/contract/signatory/find']) {
    await t.app.inject({ method: 'POST', url, query, payload: body, headers });
    await t.app.inject({ method: 'POST', url, query: upper, payload: new URLSearchParams(body).toString(), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } });
    // A body that is not JSON: the parser's error is logged.
    await t.app.inject({ method: 'POST', url, payload: `${JSON.stringify(body)} trailing`, headers: { ...headers, 'content-type': 'application/json' } });
  }
  // A URL that does not decode (the framework's error names the path).
  await t.app.inject({ method: 'GET', url: `/api/dscq-project/search/page?phone=${mark('phone', 'F')}&x=%FF`, headers });
  markers.push(mark('phone', 'F'));

  const text = logs.text().slice(before);
  expect(text).toContain('/api/dscq-project/search/page');
  expect(text).toContain('size=5');
  expect(text).toContain('vitest');
  expectNoMarker(text, markers);
});

it('anything passed to a log call: query, body, params, headers, an error’s fields — by the same list', async () => {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions({ level: 'info', stream }) });
  const log = app.log;
  const bag = (via: string) => Object.fromEntries(SENSITIVE.map((name) => [name, mark(name, via)]));
  const markers = SENSITIVE.flatMap((name) => ['1', '2', '3', '4', '5', '6'].map((via) => mark(name, via)));
  log.info({ query: bag('1'), body: { ...bag('2'), nested: { list: [bag('3')] } }, params: bag('4'), headers: { authorization: 'Bearer MARKBEARERX', cookie: 'MARKCOOKIEX' }, size: 'VISIBLE-SIZE' }, 'with request data');
  const err = Object.assign(new Error('duplicate key value violates unique constraint "app_user_phone_key"'), {
    detail: 'Key (phone)=(MARKPGDETAILX) already exists.',
    query: bag('5'),
    body: bag('6'),
  });
  log.error({ err }, 'unhandled error');
  const notNull = Object.assign(new Error('null value in column "name" violates not-null constraint'), { detail: 'Failing row contains (7, MARKROWX, null).' });
  log.error({ err: notNull }, 'unhandled error');
  await app.close();
  const text = chunks.join('');
  expect(text).toContain('VISIBLE-SIZE');
  expect(text).toContain('app_user_phone_key');
  expect(text).toContain('Key (phone)=');
  expectNoMarker(text, [...markers, 'MARKBEARERX', 'MARKCOOKIEX', 'MARKPGDETAILX', 'MARKROWX']);
});
