/**
 * The backup drill (docs/operations.md, "Backups"), on SQLite and on PostgreSQL (TEST_DATABASE_URL):
 * seed, bid through the real bid route, back up while the app runs, destroy the database (SQLite: the
 * file; PostgreSQL: the schema) and the stored files, restore, and find the bid log, the ledger's
 * balances and the files identical. A damaged or foreign backup is refused and changes nothing; a
 * non-empty target needs --force; SQLite refuses while another connection (a server) has the file open.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import type { Database } from '../../server/db/schema.ts';
import { hasTool, runBackupCommand, type BackupTarget } from '../../server/ops/backup.ts';
import { runOps } from '../../server/ops/cli.ts';
import { UsageError } from '../../server/ops/commands/shared.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, TEST_DATABASE_URL } from './helpers.ts';

const BID = '/api/dscq-sync/v1/bidding/ongoing/bid';
const pgToolsPresent = TEST_DATABASE_URL ? await Promise.all(['pg_dump', 'pg_restore', 'psql'].map(hasTool)).then((all) => all.every(Boolean)) : true;
if (!pgToolsPresent) console.warn('backup-drill: pg_dump/pg_restore/psql 未安装（apt-get install postgresql-client），跳过 PostgreSQL 的备份演练');

async function bidLog(db: Kysely<Database>) {
  return db.selectFrom('bid').select(['activity_id', 'seq', 'bid_code', 'amount_fen', 'placed_at']).orderBy('activity_id').orderBy('seq').execute();
}

async function balances(db: Kysely<Database>) {
  const { rows } = await sql<{ account_id: number; balance: number }>`
    select account_id, sum(amount_fen) as balance from ledger_posting group by account_id order by account_id`.execute(db);
  return rows.map((r) => ({ account: Number(r.account_id), balance: Number(r.balance) }));
}

function fileDigests(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(dataDir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  for (const sub of ['content-files', 'project-files', 'uploads']) if (existsSync(path.join(dataDir, sub))) walk(path.join(dataDir, sub));
  return out;
}

async function dropSchema(schema: string) {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}

describe.skipIf(!pgToolsPresent)(`backup drill (${DIALECT})`, () => {
  it('back up while bidding, destroy, restore: bid log, balances and files identical; damaged, foreign and occupied targets refused', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'portal-backup-drill-'));
    const dataDir = path.join(work, 'data');
    let t: AccountsTestApp | undefined = await createAccountsApp({ dataDir });
    const target: BackupTarget = { databaseUrl: TEST_DATABASE_URL, schema: t.handle.schema, sqliteFile: t.handle.sqliteFile ?? '', dataDir };
    let reopened: DatabaseHandle | undefined;
    const lines: string[] = [];
    const run = (name: 'backup' | 'restore', ...argv: string[]) => runBackupCommand(name, argv, target, (line) => lines.push(line));
    try {
      // Bids through the real route, on three live English auctions, by two bidders taking turns.
      const tokens: string[] = [];
      for (const user of ['bidder01', 'bidder02']) tokens.push((await t.login(user)).body.access_token);
      const live = await t.handle.db.selectFrom('bid_activity').selectAll().where('status', '=', 'live').where('mode', '=', 'ongoing')
        .where('bid_count', '=', 0).where('end_at', '>', t.clock.now + 3_600_000).orderBy('id').limit(3).execute();
      expect(live).toHaveLength(3);
      let n = 0;
      for (const activity of live) {
        for (let i = 0; i < 4; i++) {
          const amount = (activity.start_price_fen + i * activity.increment_fen) / 100;
          const res = await t.call('POST', BID, { token: tokens[i % 2]!, query: { activityId: activity.id, amount, idempotencyKey: `drill-${activity.id}-${i}` } });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          t.clock.now += 1000;
          n++;
        }
      }
      const log = await bidLog(t.handle.db);
      expect(log.filter((b) => live.some((a) => a.id === b.activity_id))).toHaveLength(n);
      const books = await balances(t.handle.db);
      expect(books.length).toBeGreaterThan(0);
      const files = fileDigests(dataDir);
      expect(Object.keys(files).length).toBeGreaterThan(0);

      // Online backup while the app (the "server") is up.
      const backup = path.join(work, 'backup-1');
      await run('backup', backup);
      expect(lines.join('\n')).toContain('✓ 已备份');
      const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ format: 'hbcq-portal-backup', dialect: DIALECT });
      expect(manifest.counts.bid).toBe(log.length);
      expect(manifest.parts.every((p: { sha256: string }) => /^[0-9a-f]{64}$/.test(p.sha256))).toBe(true);
      await expect(run('backup', backup)).rejects.toThrow(/已存在且不为空/);
      await expect(run('backup')).rejects.toThrow(UsageError);

      // A non-empty target needs --force; SQLite also refuses while the app still has the file open.
      await expect(run('restore', backup)).rejects.toThrow(/不为空/);
      if (DIALECT === 'sqlite') await expect(run('restore', backup, '--force')).rejects.toThrow(/正被其他进程使用/);

      // A damaged backup (one byte of the database part) and a foreign one (newer schema) are refused.
      const damaged = path.join(work, 'damaged');
      cpSync(backup, damaged, { recursive: true });
      const dbPart = path.join(damaged, manifest.parts[0].path);
      const bytes = readFileSync(dbPart);
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
      writeFileSync(dbPart, bytes);
      const foreign = path.join(work, 'foreign');
      cpSync(backup, foreign, { recursive: true });
      writeFileSync(path.join(foreign, 'manifest.json'), JSON.stringify({ ...manifest, schemaVersion: '9999_future', migrations: [...manifest.migrations, '9999_future'] }));
      const notOurs = path.join(work, 'not-ours');
      cpSync(backup, notOurs, { recursive: true });
      writeFileSync(path.join(notOurs, 'manifest.json'), JSON.stringify({ ...manifest, format: 'something-else' }));

      // Stop the "server" and destroy the database (cleanup deletes the SQLite file / drops the schema) and the files.
      await t.app.close();
      await t.database.cleanup();
      t = undefined;
      rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
      rmSync(path.join(dataDir, 'content-files'), { recursive: true, force: true });
      if (DIALECT === 'sqlite') expect(existsSync(target.sqliteFile)).toBe(false);

      await expect(run('restore', damaged, '--force')).rejects.toThrow(/校验和不符/);
      await expect(run('restore', foreign, '--force')).rejects.toThrow(/比本程序新/);
      await expect(run('restore', notOurs, '--force')).rejects.toThrow(/不是本系统的备份/);
      // Nothing was written by the refusals.
      if (DIALECT === 'sqlite') expect(existsSync(target.sqliteFile)).toBe(false);
      expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);

      const started = Date.now();
      await run('restore', backup);
      console.log(`backup drill (${DIALECT}): restore took ${Date.now() - started} ms`);
      expect(lines.join('\n')).toContain('✓ 已从');
      reopened = TEST_DATABASE_URL
        ? openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: target.schema!, poolMax: 2 })
        : openDatabase({ sqliteFile: target.sqliteFile });
      expect(await bidLog(reopened.db)).toEqual(log);
      expect(await balances(reopened.db)).toEqual(books);
      expect(fileDigests(dataDir)).toEqual(files);
      // The restored database is now in use again: a second restore over it is refused without --force.
      await expect(run('restore', backup)).rejects.toThrow(/不为空/);
    } finally {
      await reopened?.close();
      if (t) {
        await t.app.close();
        await t.database.cleanup();
      }
      if (TEST_DATABASE_URL && target.schema) await dropSchema(target.schema);
      if (target.sqliteFile) rmSync(path.dirname(target.sqliteFile), { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.skipIf(DIALECT === 'postgres')('npm run ops -- backup / restore (sqlite data directory)', () => {
  it('backs up and restores the configured data directory through the command line entry', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'portal-backup-ops-'));
    try {
      const config = loadConfig({ PORTAL_DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', NODE_ENV: 'test' });
      const lines: string[] = [];
      const ops = (...argv: string[]) => runOps(argv, config, (line) => lines.push(line));
      await ops('ledger', 'check');
      await ops('backup', path.join(work, 'b'));
      await expect(ops('restore', path.join(work, 'b'))).rejects.toThrow(/不为空/);
      await ops('restore', path.join(work, 'b'), '--force');
      expect(lines.some((l) => l.includes('原有的数据库/文件已移到'))).toBe(true);
      await expect(ops('restore')).rejects.toThrow(UsageError);
      await ops('ledger', 'check');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
