/**
 * The payment gateway and the SMS sender are chosen by configuration. With
 * NODE_ENV=production the sandbox bank and the SMS outbox are refused at start (config, buildApp and the
 * real process) unless PORTAL_DEMO=1; where the sandbox bank is not the gateway its "pay" route does not
 * exist (404); a real gateway and SMS provider plug in as modules; the site's runtime answer tells the
 * pages whether to show the 演示环境 notice.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { buildApp } from '../../server/app.ts';
import { ConfigError, DEMO_SEED_IN_PRODUCTION, loadConfig, OUTBOX_IN_PRODUCTION, SANDBOX_IN_PRODUCTION } from '../../server/config.ts';
import type { SmsMessage } from '../../server/services/accounts/context.ts';
import { MSG_SMS_UNAVAILABLE, SMS_OUTBOX_FILE } from '../../server/services/accounts/sms.ts';
import { issueTokens } from '../../server/services/accounts/tokens.ts';
import { approveEnrolment } from '../../server/services/enrolment/enrolment.ts';
import { MSG_GATEWAY_REFUSED } from '../../server/services/payments/gateway.ts';
import { MSG_NO_ONLINE_PAYMENT } from '../../server/services/payments/orders.ts';
import { loadProviders } from '../../server/services/common/providers.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import createTestGateway, { type TestGateway } from './fixtures/test-gateway.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { createTestDatabase, NOW, type Json, type TestAppOptions } from './helpers.ts';
import { FIRST_BIDDING_TERMS } from '../../server/db/migrations/0018_accepted_terms.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'tests/server/fixtures');
const SANDBOX_PAY = '/api/dscq-user/deposit/sandbox/pay';
const PAY_ORDER = '/api/dscq-user/deposit/pay-order';
const ORDER_STATUS = '/api/dscq-user/deposit/pay-order/status';
const NOTIFY = '/api/dscq-pay/notify';
const RUNTIME = '/api/dscq-system/site/runtime';
const OPS = { name: 'ops:test', ip: '' };
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-providers-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('configuration', () => {
  const production = (extra: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', PORTAL_DATA_DIR: dataDir, PORTAL_DEMO_SEED: '0', ...extra });

  it('production refuses the sandbox bank and the SMS outbox (the defaults) with a Chinese and English message naming the variables', () => {
    expect(() => production()).toThrow(ConfigError);
    expect(() => production()).toThrow(SANDBOX_IN_PRODUCTION);
    expect(() => production()).toThrow(OUTBOX_IN_PRODUCTION);
    for (const message of [SANDBOX_IN_PRODUCTION, OUTBOX_IN_PRODUCTION]) {
      expect(message).toMatch(/生产环境/);
      expect(message).toMatch(/in production/);
      expect(message).toContain('PORTAL_DEMO=1');
    }
    expect(SANDBOX_IN_PRODUCTION).toContain('PORTAL_PAYMENT_GATEWAY');
    expect(OUTBOX_IN_PRODUCTION).toContain('PORTAL_SMS_SENDER');
    // Named explicitly, still refused; one refused, only its message.
    expect(() => production({ PORTAL_PAYMENT_GATEWAY: 'sandbox', PORTAL_SMS_SENDER: 'none' })).toThrow(SANDBOX_IN_PRODUCTION);
    expect(() => production({ PORTAL_PAYMENT_GATEWAY: 'none', PORTAL_SMS_SENDER: 'outbox' })).toThrow(OUTBOX_IN_PRODUCTION);
    expect(() => production({ PORTAL_PAYMENT_GATEWAY: 'none', PORTAL_SMS_SENDER: 'outbox' })).not.toThrow(SANDBOX_IN_PRODUCTION);
  });

  it('production starts with none, with provider modules, or with both built-ins when PORTAL_DEMO=1', () => {
    expect(production({ PORTAL_PAYMENT_GATEWAY: 'none', PORTAL_SMS_SENDER: 'none' })).toMatchObject({ payment: { kind: 'none' }, sms: { kind: 'none' }, demo: false });
    expect(production({ PORTAL_PAYMENT_GATEWAY: './tests/server/fixtures/test-gateway.ts', PORTAL_SMS_SENDER: '/opt/sms/aliyun.js' })).toMatchObject({
      payment: { kind: 'module', path: path.join(ROOT, 'tests/server/fixtures/test-gateway.ts') },
      sms: { kind: 'module', path: '/opt/sms/aliyun.js' },
    });
    expect(production({ PORTAL_DEMO: '1' })).toMatchObject({ demo: true, payment: { kind: 'sandbox' }, sms: { kind: 'outbox' } });
    // Development and tests keep the built-ins by default.
    expect(loadConfig({ PORTAL_DATA_DIR: dataDir })).toMatchObject({ demo: false, payment: { kind: 'sandbox' }, sms: { kind: 'outbox' } });
    expect(() => production({ PORTAL_PAYMENT_GATEWAY: 'alipay', PORTAL_SMS_SENDER: 'none' })).toThrow(/PORTAL_PAYMENT_GATEWAY: 须为 sandbox、none 或提供者模块的路径/);
  });

  it('demo data (published passwords): not written in production by default, refused when asked for, kept for demonstrations and development', () => {
    const noProviders = { PORTAL_PAYMENT_GATEWAY: 'none', PORTAL_SMS_SENDER: 'none' };
    const bare = loadConfig({ NODE_ENV: 'production', PORTAL_DATA_DIR: dataDir, ...noProviders });
    expect(bare.seedDemoData).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_DATA_DIR: dataDir, PORTAL_DEMO_SEED: '1', ...noProviders })).toThrow(DEMO_SEED_IN_PRODUCTION);
    expect(DEMO_SEED_IN_PRODUCTION).toMatch(/生产环境.*PORTAL_DEMO=1/);
    expect(loadConfig({ NODE_ENV: 'production', PORTAL_DATA_DIR: dataDir, PORTAL_DEMO: '1' }).seedDemoData).toBe(true);
    expect(loadConfig({ PORTAL_DATA_DIR: dataDir }).seedDemoData).toBe(true);
    expect(loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_DEMO_SEED: '0' }).seedDemoData).toBe(false);
  });

  it('buildApp refuses them in production too, unless config.demo', async () => {
    const database = await createTestDatabase();
    try {
      await prepareDatabase(database.handle, { seed: false, now: NOW });
      const config = { staticDir: dataDir, logLevel: 'silent' as const, dataDir, nodeEnv: 'production' as const };
      const build = (extra: object) => buildApp({ db: database.handle.db, config, logger: false, live: { timers: false }, enrolment: { timers: false }, ...extra });
      await expect(build({ accountProviders: { smsSender: null } })).rejects.toThrow(SANDBOX_IN_PRODUCTION);
      await expect(build({ enrolment: { timers: false, gateway: null } })).rejects.toThrow(OUTBOX_IN_PRODUCTION);
      const none = await build({ enrolment: { timers: false, gateway: null }, accountProviders: { smsSender: null } });
      expect((await none.inject({ method: 'GET', url: RUNTIME })).json().data).toMatchObject({ demo: false, payment: 'none', paymentName: '', sms: 'none' });
      await none.close();
      const demo = await buildApp({ db: database.handle.db, config: { ...config, demo: true }, logger: false, live: { timers: false }, enrolment: { timers: false } });
      expect((await demo.inject({ method: 'GET', url: RUNTIME })).json().data).toMatchObject({ demo: true, payment: 'sandbox', paymentName: '模拟网银（沙箱）', sms: 'outbox' });
      await demo.close();
    } finally {
      await database.cleanup();
    }
  });

  it('loads provider modules (default export: a factory given the environment) and refuses a module that is not one', async () => {
    const config = { nodeEnv: 'production' as const, dataDir };
    const providers = await loadProviders(
      { ...config, payment: { kind: 'module', path: path.join(FIXTURES, 'test-gateway.ts') }, sms: { kind: 'module', path: path.join(FIXTURES, 'test-sms.ts') } },
      silentLog,
      { TEST_GATEWAY_KEY: 'k1' },
    );
    expect(providers.gateway).toMatchObject({ name: 'testbank', displayName: '测试银行', ack: 'OK' });
    expect(typeof providers.smsSender?.send).toBe('function');
    expect(await loadProviders({ ...config, payment: { kind: 'none' }, sms: { kind: 'outbox' } }, silentLog)).toEqual({ gateway: null, smsSender: undefined });
    await expect(loadProviders({ ...config, payment: { kind: 'module', path: path.join(FIXTURES, 'not-a-provider.ts') }, sms: { kind: 'none' } }, silentLog)).rejects.toThrow(
      /PORTAL_PAYMENT_GATEWAY: 无法使用提供者模块 .*not-a-provider\.ts：默认导出须为工厂函数/,
    );
    await expect(loadProviders({ ...config, payment: { kind: 'none' }, sms: { kind: 'module', path: path.join(FIXTURES, 'test-gateway.ts') } }, silentLog)).rejects.toThrow(
      /PORTAL_SMS_SENDER: .*工厂须返回 SmsSender/,
    );
    await expect(loadProviders({ ...config, payment: { kind: 'module', path: path.join(FIXTURES, 'no-such-file.ts') }, sms: { kind: 'none' } }, silentLog)).rejects.toThrow(ConfigError);
  });
});

/** Starts server/main.ts; resolves with its base URL once it listens, or with its exit and output. */
function startServer(env: Record<string, string>): Promise<{ base: string | null; code: number | null; out: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, PORTAL_STATIC_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
  void exited.then(() => clearTimeout(kill));
  return new Promise((resolve) => {
    const onData = (d: Buffer) => {
      out += String(d);
      const m = /已启动: (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve({ base: m[1]!.replace('localhost', '127.0.0.1'), code: null, out, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => resolve({ base: null, code, out, stop }));
  });
}

describe('the real process (the issue: NODE_ENV=production PORTAL_DEMO_SEED=0 had the sandbox bank live)', () => {
  it('refuses to start with the defaults, naming both, in Chinese and English', async () => {
    const r = await startServer({ NODE_ENV: 'production', PORTAL_DEMO_SEED: '0' });
    expect(r.base).toBeNull();
    expect(r.code).toBe(1);
    expect(r.out).toContain('PORTAL_PAYMENT_GATEWAY');
    expect(r.out).toContain('PORTAL_SMS_SENDER');
    expect(r.out).toContain('生产环境');
    expect(r.out).toContain('cannot be the payment gateway in production');
  }, 40_000);

  it('with provider modules: starts, no sandbox route (404), the runtime says real gateway, no demo', async () => {
    const r = await startServer({ NODE_ENV: 'production', PORTAL_DEMO_SEED: '0', PORTAL_PAYMENT_GATEWAY: './tests/server/fixtures/test-gateway.ts', PORTAL_SMS_SENDER: './tests/server/fixtures/test-sms.ts' });
    try {
      expect(r.base, r.out).not.toBeNull();
      const pay = await fetch(`${r.base}${SANDBOX_PAY}?orderNo=PO2026112100000001`, { method: 'POST' });
      expect(pay.status).toBe(404);
      expect(await pay.json()).toMatchObject({ code: 404, success: false, msg: '接口不存在' });
      expect(((await (await fetch(`${r.base}${RUNTIME}`)).json()) as Json).data).toMatchObject({ demo: false, payment: 'gateway', paymentName: '测试银行', sms: 'gateway' });
    } finally {
      await r.stop();
    }
  }, 40_000);

  it('with PORTAL_DEMO=1: starts with the sandbox bank (its route exists: 401 without login) and says 演示环境', async () => {
    const r = await startServer({ NODE_ENV: 'production', PORTAL_DEMO_SEED: '0', PORTAL_DEMO: '1' });
    try {
      expect(r.base, r.out).not.toBeNull();
      expect((await fetch(`${r.base}${SANDBOX_PAY}?orderNo=PO2026112100000001`, { method: 'POST' })).status).toBe(401);
      expect(((await (await fetch(`${r.base}${RUNTIME}`)).json()) as Json).data).toMatchObject({ demo: true, payment: 'sandbox', sms: 'outbox' });
    } finally {
      await r.stop();
    }
  }, 40_000);
});

describe('the cashier and its routes by gateway', () => {
  let t: AccountsTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appWith(options: TestAppOptions & { fixedCodes?: boolean }): Promise<{ t: AccountsTestApp; token: string; depositId: number }> {
    t = await createAccountsApp(options);
    // Tokens issued directly: in production there is no fixed captcha to log in with.
    const user = await t.handle.db.selectFrom('app_user').selectAll().where('login_name', '=', 'bidder01').executeTakeFirstOrThrow();
    const token = (await issueTokens(t.app.accounts, user, 'password', '127.0.0.1')).access_token;
    const project = await t.handle.db
      .selectFrom('project')
      .select(['id'])
      .where('state', 'like', '%正在报名%')
      .where('parent_id', 'is', null)
      .where('announcement_start_at', '<=', NOW)
      .where('announcement_end_at', '>', NOW + 86_400_000)
      .where('deposit_fen', '>', 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('project as c').select('c.id').whereRef('c.parent_id', '=', 'project.id'))))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/dscq-project/enroll/submit',
      headers: { authorization: `Bearer ${token}` },
      payload: { assetsId: project.id, contactName: '张建国', contactPhone: '13912345678', commitments: ENROLMENT_COMMITMENTS.map((c) => c.key), termsVersion: FIRST_BIDDING_TERMS.version },
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const enrolmentId = enrol.json().data.id as number;
    expect(await approveEnrolment(t.handle.db, enrolmentId, OPS, t.clock.now)).toBe(true);
    const deposit = await t.handle.db.selectFrom('deposit').select('id').where('enrolment_id', '=', enrolmentId).executeTakeFirstOrThrow();
    return { t, token, depositId: deposit.id };
  }
  const depositStatus = async (app: AccountsTestApp, id: number) => (await app.handle.db.selectFrom('deposit').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('no gateway (none): no online payment (409 with the transfer hint), no sandbox route and no notify path (404)', async () => {
    const { t: app, token, depositId } = await appWith({ enrolment: { timers: false, gateway: null }, accountProviders: { smsSender: { send: async () => {} } } });
    const order = await app.call('POST', PAY_ORDER, { token, query: { depositId } });
    expect(order).toMatchObject({ status: 409, body: { code: 409, success: false, msg: MSG_NO_ONLINE_PAYMENT } });
    const pay = await app.call('POST', SANDBOX_PAY, { token, query: { orderNo: 'PO2026112100000001' } });
    expect(pay).toMatchObject({ status: 404, body: { code: 404, msg: '接口不存在' } });
    expect((await app.call('POST', NOTIFY, { query: { orderNo: 'PO2026112100000001' } })).status).toBe(404);
    expect(await depositStatus(app, depositId)).toBe('pending');
    expect((await app.call('GET', RUNTIME)).body.data).toMatchObject({ demo: false, payment: 'none', paymentName: '', sms: 'gateway' });
  });

  it('a real gateway (module): the order carries its pay page, the sandbox route is 404, its signed notification confirms the deposit', async () => {
    const gateway: TestGateway = createTestGateway({ env: { TEST_GATEWAY_KEY: 'k2' }, nodeEnv: 'production', dataDir, log: silentLog });
    const sent: SmsMessage[] = [];
    const { t: app, token, depositId } = await appWith({
      nodeEnv: 'production',
      enrolment: { timers: false, gateway },
      accountProviders: { smsSender: { send: async (m) => void sent.push(m) } },
      fixedCodes: false,
    });
    const order = await app.call('POST', PAY_ORDER, { token, query: { depositId } });
    expect(order.status).toBe(200);
    const orderNo = order.body.data.orderNo as string;
    expect(order.body.data).toMatchObject({ gateway: 'testbank', gatewayName: '测试银行', status: 'created', payUrl: `https://pay.testbank.example/order/${orderNo}` });
    expect((await app.call('POST', SANDBOX_PAY, { token, query: { orderNo } })).status).toBe(404);
    const row = await app.handle.db.selectFrom('payment_order').select('amount_fen').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    const body = gateway.notification({ notifyId: 'N1', orderNo, txnId: 'T1', amountFen: Number(row.amount_fen), status: 'paid', paidAt: app.clock.now });
    const forged = await app.app.inject({ method: 'POST', url: NOTIFY, payload: { ...body, amountFen: 1 } });
    expect(forged.statusCode).toBe(400);
    const notified = await app.app.inject({ method: 'POST', url: NOTIFY, payload: body });
    expect(notified.body).toBe('OK');
    expect(await depositStatus(app, depositId)).toBe('confirmed');
    expect((await app.call('GET', ORDER_STATUS, { token, query: { orderNo } })).body.data).toMatchObject({ status: 'paid', gatewayName: '测试银行' });
    expect((await app.call('GET', RUNTIME)).body.data).toMatchObject({ demo: false, payment: 'gateway', paymentName: '测试银行', sms: 'gateway' });
  });

  it('a gateway that refuses the order: 502 with the Chinese reason; no order is stored and the deposit stays payable', async () => {
    const refusing: TestGateway = {
      ...createTestGateway({ env: {}, nodeEnv: 'production', dataDir, log: silentLog }),
      async createOrder() {
        throw new Error('bank: merchant suspended');
      },
    };
    const { t: app, token, depositId } = await appWith({ enrolment: { timers: false, gateway: refusing }, accountProviders: { smsSender: { send: async () => {} } } });
    const order = await app.call('POST', PAY_ORDER, { token, query: { depositId } });
    expect(order).toMatchObject({ status: 502, body: { code: 502, success: false, msg: MSG_GATEWAY_REFUSED } });
    const orders = await app.handle.db.selectFrom('payment_order').select('order_no').where('deposit_id', '=', depositId).execute();
    expect(orders).toEqual([]);
    expect(await depositStatus(app, depositId)).toBe('pending');
  });

  it('a production demo (PORTAL_DEMO=1): the sandbox bank works end to end and the runtime says demo', async () => {
    const { t: app, token, depositId } = await appWith({ nodeEnv: 'production', demo: true, fixedCodes: false });
    const order = await app.call('POST', PAY_ORDER, { token, query: { depositId } });
    expect(order.body.data).toMatchObject({ gateway: 'sandbox', status: 'created' });
    expect(order.body.data.payUrl).toBeUndefined();
    expect((await app.call('POST', SANDBOX_PAY, { token, query: { orderNo: order.body.data.orderNo } })).status).toBe(200);
    app.clock.now += 2000;
    await app.app.enrolment.runJobs();
    expect(await depositStatus(app, depositId)).toBe('confirmed');
    expect((await app.call('GET', RUNTIME)).body.data).toMatchObject({ demo: true, payment: 'sandbox', paymentName: '模拟网银（沙箱）', sms: 'outbox' });
  });

  it('no SMS sender (none): asking for a code answers 503 in Chinese; nothing is stored or written', async () => {
    t = await createAccountsApp({ seed: false, accountProviders: { smsSender: null } });
    const answer = await t.sendSms('13900000001', 1008);
    expect(answer).toMatchObject({ status: 503, body: { code: 503, success: false, msg: MSG_SMS_UNAVAILABLE } });
    expect(await t.count('sms_code')).toBe(0);
    expect(() => readFileSync(path.join(t!.dataDir, SMS_OUTBOX_FILE))).toThrow();
    expect((await t.call('GET', RUNTIME)).body.data).toMatchObject({ demo: true, payment: 'sandbox', sms: 'none' });
  });

  it('tells pages the fee schedule in force, so their 费用测算 uses the installation\'s own', async () => {
    const feeSchedule = { bands: [{ uptoFen: 50_000_000, ratePermille: 20 }, { uptoFen: null, ratePermille: 8 }], minFen: 50_000 };
    t = await createAccountsApp({ seed: false, settlement: { confirmWorkingDays: 3, payWorkingDays: 3, feeSchedule } });
    expect((await t.call('GET', RUNTIME)).body.data.feeSchedule).toEqual(feeSchedule);
  });
});
