/**
 * The operator's side of enrolment: `npm run ops -- enrolment|deposit|proof|activity …` (runOps, on a
 * SQLite data directory as the CLI uses it) and the operator API (/api/dscq-ops, for configured operators
 * only; the database follows TEST_DATABASE_URL).
 */
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { runOps } from '../../server/ops/cli.ts';
import { parseOpsTime } from '../../server/ops/commands/shared.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { BASIC } from './accounts-helpers.ts';
import { createTestDatabase, NOW } from './helpers.ts';

describe('npm run ops -- enrolment / deposit / activity', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ops-'));
  const config = loadConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' });
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runOps(argv, config, (line) => lines.push(line));
    return lines.join('\n');
  };
  let assetsId = 0;
  let userId = 0;

  beforeAll(async () => {
    const handle = openDatabase(config);
    await prepareDatabase(handle, { seed: true, now: Date.now() });
    const db = handle.db;
    const project = await db
      .selectFrom('project')
      .select('id')
      .where('state', 'like', '%正在报名%')
      .where('parent_id', 'is', null)
      .where('announcement_end_at', '>', Date.now())
      .where('deposit_fen', '>', 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('project as c').select('c.id').whereRef('c.parent_id', '=', 'project.id'))))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    assetsId = project.id;
    userId = (await db.selectFrom('app_user').select('id').where('login_name', '=', 'demo_person').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    await db
      .insertInto('enrolment')
      .values({
        enrol_code: 'BMOPSTEST00000001', user_id: userId, project_id: assetsId, kind: 'normal', status: 'submitted', bidder_type: 1, bidder_name: '张建国', id_masked: '',
        contact_name: '张建国', contact_phone: '13912345678', contact_email: '', address: '', attachments: '[]', commitments: JSON.stringify(ENROLMENT_COMMITMENTS.map((c) => c.key)),
        deposit_fen: 500_000, reject_reason: '', reviewer: '', activity_id: null, bid_code: null, submitted_at: now, reviewed_at: null, qualified_at: null, updated_at: now,
      })
      .execute();
    await handle.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists, approves (once), confirms the deposit, and qualifies when the activity is created', async () => {
    const list = await run('enrolment', 'list');
    expect(list).toContain('BMOPSTEST00000001');
    expect(list).toContain('已提交');
    const id = /#(\d+)\tBMOPSTEST/.exec(list)![1]!;
    expect(await run('enrolment', 'approve', id)).toBe(`已通过报名 #${id}`);
    await expect(run('enrolment', 'approve', id)).rejects.toThrow('当前状态不能执行该操作');
    const deposits = await run('deposit', 'list');
    const depositId = /#(\d+)\tBZJ\d+\t待缴纳\tdemo_person/.exec(deposits)![1]!;
    expect(await run('deposit', 'confirm', depositId)).toBe(`已确认保证金 #${depositId} 到账`);
    await expect(run('deposit', 'confirm', depositId)).rejects.toThrow('当前状态不能执行该操作');

    const created = await run('activity', 'create', String(assetsId), '--start', '+10m', '--end', '+2h', '--start-price', '100000', '--increment', '1000');
    expect(created).toMatch(/已创建竞价活动 #\d+（OPS-\d+-\d+，.*），1 位已缴保证金的报名人取得竞买资格/);
    expect(await run('activity', 'list')).toContain('scheduled');
    await expect(run('activity', 'create', String(assetsId), '--end', '+3h', '--start-price', '1', '--increment', '1')).rejects.toThrow('已有未结束的竞价活动');
    const all = await run('enrolment', 'list', '--all');
    expect(all).toContain('已取得竞买资格');
  });

  it('refuses bad usage with a message', async () => {
    await expect(run('enrolment', 'reject', '1')).rejects.toThrow('--reason');
    await expect(run('activity', 'create', String(assetsId), '--end', 'tomorrow', '--start-price', '1', '--increment', '1')).rejects.toThrow('--end');
    expect(parseOpsTime('2026-11-22 10:00', 0, '--start')).toBe(Date.UTC(2026, 10, 22, 2, 0, 0));
    expect(parseOpsTime('+2h', 1000, '--end')).toBe(1000 + 7_200_000);
  });
});

describe('the operator API', () => {
  it('is 403 for ordinary users and works for a configured operator', async () => {
    // A second app on the same database with demo_org as operator (as PORTAL_OPERATORS=demo_org would).
    const database = await createTestDatabase('seeded');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ops-api-'));
    const app = await buildApp({
      db: database.handle.db,
      config: { staticDir: path.join(tmpdir(), 'none'), logLevel: 'info', dataDir, nodeEnv: 'test', accounts: { fixedCaptcha: 'e2e7', fixedSmsCode: undefined, secrets: {} } },
      logger: false,
      now: () => NOW,
      live: { timers: false, schema: database.handle.schema },
      enrolment: { operators: ['demo_org'] },
    });
    try {
      const login = async (username: string) => {
        const pk = (await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' })).json();
        const key = createPublicKey({ key: Buffer.from(pk.data.publicKey, 'base64'), format: 'der', type: 'spki' });
        const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Demo@2026')).toString('base64');
        const uuid = (await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json().key as string;
        const res = await app.inject({ method: 'POST', url: '/api/oauth/token', query: { scope: 'all', grant_type: 'password', username, password, uuid, captcha: 'e2e7' }, headers: { authorization: BASIC } });
        return res.json().access_token as string;
      };
      const operator = await login('demo_org');
      const person = await login('demo_person');
      const denied = await app.inject({ method: 'GET', url: '/api/dscq-ops/enroll/list', headers: { authorization: `Bearer ${person}` } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().msg).toBe('无操作权限');
      const listed = await app.inject({ method: 'GET', url: '/api/dscq-ops/enroll/list', query: { status: 'qualified' }, headers: { authorization: `Bearer ${operator}` } });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.length).toBeGreaterThan(0);
      const missing = await app.inject({ method: 'POST', url: '/api/dscq-ops/enroll/reject', payload: { id: 999999, reason: '材料不全' }, headers: { authorization: `Bearer ${operator}` } });
      expect(missing.statusCode).toBe(409);
    } finally {
      await app.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
