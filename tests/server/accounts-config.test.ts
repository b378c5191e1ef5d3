/**
 * Install secrets (guide item 6: generated per install, kept, overridable, never a default in code),
 * the test-only fixed codes refused in production (at config, at app build, and by the real process),
 * and the operator command.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { ConfigError, FIXED_CODES_IN_PRODUCTION, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { loadSecrets } from '../../server/services/accounts/secrets.ts';
import { DEMO_LEGAL_ID, DEMO_ORG_CREDIT_CODE, DEMO_PERSON_ID } from '../../server/seed/accounts.ts';
import { seedDemoData } from '../../server/seed/seed.ts';
import { validateCreditCode } from '#domain/rules/creditCode';
import { validateIdCard } from '#domain/rules/idCard';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { createTestDatabase, NOW, type TestDatabase } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

let database: TestDatabase;
let dataDir: string;
beforeEach(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-acct-'));
});
afterEach(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('test-only fixed codes', () => {
  it('loadConfig refuses them in production with a clear message, accepts them elsewhere', () => {
    for (const extra of [{ PORTAL_FIXED_CAPTCHA: 'e2e7' }, { PORTAL_FIXED_SMS_CODE: '246810' }]) {
      expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_DATA_DIR: dataDir, ...extra })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_DATA_DIR: dataDir, ...extra })).toThrow(FIXED_CODES_IN_PRODUCTION);
    }
    const test = loadConfig({ NODE_ENV: 'test', PORTAL_DATA_DIR: dataDir, PORTAL_FIXED_CAPTCHA: 'e2e7', PORTAL_FIXED_SMS_CODE: '246810' });
    expect(test.accounts).toMatchObject({ fixedCaptcha: 'e2e7', fixedSmsCode: '246810' });
    expect(loadConfig({ NODE_ENV: 'production', PORTAL_DATA_DIR: dataDir, PORTAL_DEMO: '1' }).accounts).toMatchObject({ fixedCaptcha: undefined, fixedSmsCode: undefined });
    expect(() => loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_FIXED_SMS_CODE: '12345' })).toThrow(/PORTAL_FIXED_SMS_CODE/);
    expect(() => loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_JWT_SECRET: 'short' })).toThrow(/PORTAL_JWT_SECRET/);
    expect(() => loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_FIELD_KEY: 'abc' })).toThrow(/PORTAL_FIELD_KEY/);
  });

  it('buildApp refuses them in production too', async () => {
    await prepareDatabase(database.handle, { seed: false, now: NOW });
    await expect(
      buildApp({
        db: database.handle.db,
        config: { staticDir: dataDir, logLevel: 'silent', dataDir, nodeEnv: 'production', demo: true, accounts: { fixedCaptcha: 'e2e7', fixedSmsCode: undefined, secrets: {} } },
        logger: false,
      }),
    ).rejects.toThrow(FIXED_CODES_IN_PRODUCTION);
  });

  it('the server process refuses to start in production with them set', async () => {
    const r = await run(['server/main.ts'], { NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, PORTAL_FIXED_CAPTCHA: 'e2e7' });
    expect(r.code).toBe(1);
    expect(r.out).toContain('PORTAL_FIXED_CAPTCHA');
    expect(r.out).toContain('生产环境');
    expect(r.out).not.toContain('已启动');
  });
});

describe('install secrets', () => {
  it('are generated once per install, kept in the database, and differ between installs', async () => {
    await prepareDatabase(database.handle, { seed: false, now: NOW });
    const first = await loadSecrets(database.handle.db);
    const again = await loadSecrets(database.openAnother().db);
    expect(again.rsaPublicKeySpki).toBe(first.rsaPublicKeySpki);
    expect(Buffer.from(again.jwtKey).equals(Buffer.from(first.jwtKey))).toBe(true);
    expect(again.fieldKey.equals(first.fieldKey)).toBe(true);
    expect(again.ssoSecret).toBe(first.ssoSecret);
    expect(first.fieldKey).toHaveLength(32);
    expect(first.jwtKey.length).toBeGreaterThanOrEqual(32);

    const other = await createTestDatabase();
    try {
      await prepareDatabase(other.handle, { seed: false, now: NOW });
      const theirs = await loadSecrets(other.handle.db);
      expect(theirs.rsaPublicKeySpki).not.toBe(first.rsaPublicKeySpki);
      expect(Buffer.from(theirs.jwtKey).equals(Buffer.from(first.jwtKey))).toBe(false);
      expect(theirs.fieldKey.equals(first.fieldKey)).toBe(false);
    } finally {
      await other.cleanup();
    }
  });

  it('several processes starting at once agree on one set', async () => {
    await prepareDatabase(database.handle, { seed: false, now: NOW });
    const sets = await Promise.all([database.handle, database.openAnother(), database.openAnother()].map((h) => loadSecrets(h.db)));
    expect(new Set(sets.map((s) => s.rsaPublicKeySpki)).size).toBe(1);
    expect(new Set(sets.map((s) => s.ssoSecret)).size).toBe(1);
  });

  it('environment values win over the stored ones', async () => {
    await prepareDatabase(database.handle, { seed: false, now: NOW });
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const fieldKey = randomBytes(32).toString('base64');
    const s = await loadSecrets(database.handle.db, { jwtSecret: 'j'.repeat(40), fieldKey, ssoSecret: 's'.repeat(20), rsaPrivateKeyPem: pem });
    expect(Buffer.from(s.jwtKey).toString()).toBe('j'.repeat(40));
    expect(s.fieldKey.toString('base64')).toBe(fieldKey);
    expect(s.ssoSecret).toBe('s'.repeat(20));
    const config = loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_JWT_SECRET: 'j'.repeat(40), PORTAL_FIELD_KEY: fieldKey, PORTAL_SSO_SECRET: 's'.repeat(20) });
    expect(config.accounts.secrets).toMatchObject({ jwtSecret: 'j'.repeat(40), fieldKey, ssoSecret: 's'.repeat(20) });
  });

  it('no secret is written in the code', () => {
    const files = ['server/services/accounts/secrets.ts', 'server/services/accounts/tokens.ts', 'server/config.ts'];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      expect(text).not.toMatch(/BEGIN (RSA )?PRIVATE KEY-----\n[A-Za-z0-9+/]/);
      expect(text).not.toMatch(/(secret|key)\s*[:=]\s*['"][A-Za-z0-9+/=_-]{16,}['"]/i);
    }
  });
});

describe('demo accounts', () => {
  it('are seeded once (a re-run hashes nothing and changes nothing), with a valid ID number and credit code', async () => {
    await prepareDatabase(database.handle, { seed: true, now: NOW });
    const db = database.handle.db;
    const users = await db.selectFrom('app_user').selectAll().orderBy('id').execute();
    expect(users.map((u) => [u.login_name, u.user_type, u.auth_status, u.phone])).toEqual([
      ['demo_person', 1, 0, '13800000001'],
      ['demo_org', 2, 1, '13800000002'],
      ['demo_new', 1, 3, '13800000003'],
      ['bidder01', 1, 0, '13800001010'],
      ['bidder02', 1, 0, '13800001011'],
      ['bidder03', 1, 0, '13800001012'],
      ['bidder04', 1, 0, '13800001013'],
      ['bidder05', 1, 0, '13800001014'],
      // The work system's demo work (server/seed/staff-work.ts): three real-name requests waiting, and a buyer.
      ['demo_apply1', 1, 4, '13800000011'],
      ['demo_apply2', 1, 4, '13800000012'],
      ['demo_apply_org', 2, 4, '13800000013'],
      ['demo_buyer', 1, 0, '13800000014'],
    ]);
    expect(validateIdCard(DEMO_PERSON_ID)).toEqual({ ok: true });
    expect(validateIdCard(DEMO_LEGAL_ID)).toEqual({ ok: true });
    expect(validateCreditCode(DEMO_ORG_CREDIT_CODE)).toEqual({ ok: true });
    const verifications = await db.selectFrom('verification').select(['kind', 'state']).orderBy('id').execute();
    expect(verifications).toEqual([
      { kind: 'person', state: 'approved' },
      { kind: 'org', state: 'approved' },
      ...Array.from({ length: 5 }, () => ({ kind: 'person', state: 'approved' })),
      { kind: 'person', state: 'pending' },
      { kind: 'person', state: 'pending' },
      { kind: 'org', state: 'pending' },
      { kind: 'person', state: 'approved' },
    ]);
    await seedDemoData(db, { now: NOW + 86_400_000 });
    expect(await db.selectFrom('app_user').selectAll().orderBy('id').execute()).toEqual(users);
    expect(await db.selectFrom('verification').select(['kind', 'state']).orderBy('id').execute()).toEqual(verifications);
  });
});

describe('operator command (npm run ops)', () => {
  it('lists, approves and rejects verifications, prints an SSO link, unlocks a user', async () => {
    // The real CLI on its own SQLite data directory (the same way the server finds its database).
    const env = { PORTAL_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const handle = openDatabase({ sqliteFile: path.join(dataDir, 'portal.sqlite') });
    try {
      await prepareDatabase(handle, { seed: true, now: NOW });
      const user = await handle.db.selectFrom('app_user').select('id').where('login_name', '=', 'demo_new').executeTakeFirstOrThrow();
      const base = { state: 'pending', provider: 'manual', reason: '', reviewer: '', submitted_at: NOW, reviewed_at: null, kind: 'person', name: '刘洋', id_type: 5, id_number_enc: '', id_number_index: '', id_number_last4: '', org_name: '', credit_code_enc: '', credit_code_index: '', credit_code_last4: '', legal_person: '', legal_id_type: null, legal_id_number_enc: '', legal_id_number_last4: '', licence_file_id: '' };
      await handle.db.insertInto('verification').values([{ user_id: user.id, ...base }, { user_id: user.id, ...base, submitted_at: NOW + 1 }]).execute();
      await handle.db.insertInto('login_lock').values({ login_key: 'demo_person', failures: 5, last_failure_at: NOW, locked_until: Date.now() + 3_600_000 }).execute();
    } finally {
      await handle.close();
    }

    const list = await run(['server/ops/cli.ts', 'verification', 'list'], env);
    expect(list.code).toBe(0);
    const ids = [...list.out.matchAll(/^#(\d+)\tpending\t个人\tdemo_new/gm)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(list.out).toContain('刘*');

    const approve = await run(['server/ops/cli.ts', 'verification', 'approve', ids[0]!], env);
    expect(approve.code).toBe(0);
    expect(approve.out).toContain('authStatus=0');
    const reject = await run(['server/ops/cli.ts', 'verification', 'reject', ids[1]!, '--reason', '材料不全'], env);
    expect(reject.code).toBe(0);
    expect(reject.out).toContain('材料不全');
    const twice = await run(['server/ops/cli.ts', 'verification', 'approve', ids[0]!], env);
    expect(twice.code).toBe(1);
    const noReason = await run(['server/ops/cli.ts', 'verification', 'reject', ids[1]!], env);
    expect(noReason.code).toBe(2);

    const link = await run(['server/ops/cli.ts', 'sso-link', 'demo_person', '--base', 'http://portal.test'], env);
    expect(link.code).toBe(0);
    expect(link.out.trim()).toMatch(/^http:\/\/portal\.test\/#\/hbtsSso\?userguid=[^&]+&loginid=demo_person&dognum=[^&]+&token=[0-9a-f]{64}$/);

    const unlock = await run(['server/ops/cli.ts', 'user', 'unlock', 'demo_person'], env);
    expect(unlock.code).toBe(0);

    const check = openDatabase({ sqliteFile: path.join(dataDir, 'portal.sqlite') });
    try {
      const rows = await check.db.selectFrom('verification').select(['id', 'state', 'reason']).where('id', 'in', ids.map(Number)).orderBy('id').execute();
      expect(rows.map((r) => [r.state, r.reason])).toEqual([
        ['approved', ''],
        ['rejected', '材料不全'],
      ]);
      expect(await check.db.selectFrom('login_lock').selectAll().where('login_key', '=', 'demo_person').executeTakeFirst()).toBeUndefined();
    } finally {
      await check.close();
    }
  }, 90_000);
});
