/**
 * `npm run ops -- backup DIR` and `npm run ops -- restore DIR [--force]` (docs/operations.md, "Backups").
 *
 * A backup is a directory: `manifest.json`, the database (`database.sqlite`, an online copy by SQLite's
 * backup API, consistent while the server writes; or `database.pgdump`, pg_dump's custom format of the
 * app's schema, taken in the same snapshot as the manifest's counts) and `files/` (the data directory's
 * stored files: content-files/, project-files/, uploads/). The manifest holds the schema version (the
 * migrations applied), the time, the counts of key tables and each part's size and SHA-256. It is written
 * into `DIR.partial-…` and renamed to DIR when complete, so a half backup never looks like one.
 *
 * Restore checks everything before it touches the target: the format, the database kind, the schema
 * version (a backup newer than this code is refused), every part's size and checksum. Then it stages the
 * copy next to the target and verifies it (SQLite: integrity_check, migrations and counts; PostgreSQL:
 * one psql transaction that drops the target schema, runs pg_restore's script and checks the counts, so
 * a failure leaves the target as it was), and swaps by renames; what it replaced is kept in
 * `PORTAL_DATA_DIR/before-restore-<time>/`. The server must be stopped: SQLite refuses while any other
 * connection has the file open (leaving WAL mode needs the only connection) and holds the start-up lock
 * while it swaps; PostgreSQL refuses while a server LISTENs on the schema's change feed or holds the
 * start-up lock.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { liveChannel } from '../db/changeFeed.ts';
import { migrations } from '../db/migrations/index.ts';
import { BusinessError } from '../lib/envelope.ts';
import { parseCommand, UsageError } from './commands/shared.ts';

export const BACKUP_FORMAT = 'hbcq-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** The data directory's stored files that a restore needs (the SMS outbox is not: development only). */
export const DATA_SUBDIRS = ['content-files', 'project-files', 'uploads'] as const;
/** Tables counted into the manifest and checked again after a restore. */
export const KEY_TABLES = [
  'app_user', 'install_secret', 'project', 'bid_activity', 'bid', 'bid_request', 'enrolment', 'deposit', 'payment_order',
  'ledger_account', 'ledger_entry', 'ledger_posting', 'withdrawal', 'deal', 'contract', 'uploaded_file', 'library_file',
  'content_file', 'audit_log',
] as const;
/** migrate.ts's start-up advisory lock (first key "HBCQ", second the schema's hash). */
const ADVISORY_LOCK_KEY = 0x48424351;
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const MISSING_PG_TOOLS = (tool: string) =>
  `找不到 ${tool}：PostgreSQL 的备份与恢复需要 PostgreSQL 客户端工具 pg_dump、pg_restore 与 psql（版本不低于数据库服务器）。` +
  `请安装后重试，例如 Debian/Ubuntu: apt-get install postgresql-client；RHEL/CentOS: dnf install postgresql；macOS: brew install libpq`;

export interface BackupTarget {
  /** PostgreSQL when set; SQLite (`sqliteFile`) otherwise. */
  databaseUrl: string | undefined;
  /** PostgreSQL: the app's schema (its search_path); 'public' when the server runs without one. */
  schema?: string | undefined;
  sqliteFile: string;
  dataDir: string;
}

export interface ManifestPart {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** PostgreSQL: the schema dumped. */
  schema: string | null;
  /** The latest migration applied, and all of them in order. */
  schemaVersion: string;
  migrations: string[];
  counts: Record<string, number>;
  parts: ManifestPart[];
}

export interface BackupSummary {
  dir: string;
  manifest: BackupManifest;
  ms: number;
}

function fail(message: string): never {
  throw new BusinessError(500, message);
}

function pgSchema(target: BackupTarget): string {
  const schema = target.schema ?? 'public';
  if (!IDENTIFIER.test(schema)) fail(`无效的 schema 名: ${schema}`);
  return schema;
}

// ---------------------------------------------------------------------------------------------- backup

export async function createBackup(target: BackupTarget, dir: string): Promise<BackupSummary> {
  const started = Date.now();
  const finalDir = path.resolve(dir);
  if (existsSync(finalDir) && (!(await stat(finalDir)).isDirectory() || (await readdir(finalDir)).length > 0))
    fail(`备份目录 ${finalDir} 已存在且不为空：请指定一个新目录`);
  const work = `${finalDir}.partial-${randomBytes(4).toString('hex')}`;
  await mkdir(work, { recursive: true });
  try {
    const db = target.databaseUrl ? await dumpPostgres(target, work) : await copySqlite(target, work);
    const parts: ManifestPart[] = [await describePart(work, db.part)];
    for (const sub of DATA_SUBDIRS) {
      const from = path.join(target.dataDir, sub);
      if (!existsSync(from)) continue;
      await cp(from, path.join(work, 'files', sub), { recursive: true, preserveTimestamps: true });
    }
    for (const file of await listFiles(path.join(work, 'files'))) parts.push(await describePart(work, path.relative(work, file)));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date(db.at).toISOString(),
      dialect: target.databaseUrl ? 'postgres' : 'sqlite',
      schema: target.databaseUrl ? pgSchema(target) : null,
      schemaVersion: db.migrations.at(-1) ?? '',
      migrations: db.migrations,
      counts: db.counts,
      parts,
    };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    if (existsSync(finalDir)) await rm(finalDir, { recursive: true });
    await rename(work, finalDir);
    return { dir: finalDir, manifest, ms: Date.now() - started };
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}

interface DatabaseCopy {
  part: string;
  at: number;
  migrations: string[];
  counts: Record<string, number>;
}

async function copySqlite(target: BackupTarget, work: string): Promise<DatabaseCopy> {
  if (!existsSync(target.sqliteFile)) fail(`数据库文件 ${target.sqliteFile} 不存在，无可备份`);
  const source = new SQLite(target.sqliteFile, { fileMustExist: true });
  const file = path.join(work, 'database.sqlite');
  const at = Date.now();
  try {
    source.pragma('busy_timeout = 5000');
    // SQLite's online backup: a writer on another connection restarts it, so the copy is one consistent state.
    await source.backup(file, { progress: () => 10_000 });
  } finally {
    source.close();
  }
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return { part: 'database.sqlite', at, ...readSqliteState(copy) };
  } finally {
    copy.close();
  }
}

function readSqliteState(db: SQLite.Database): { migrations: string[]; counts: Record<string, number> } {
  const tables = new Set((db.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map((r) => r.name));
  const applied = tables.has('kysely_migration')
    ? (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name)
    : [];
  const counts: Record<string, number> = {};
  for (const table of KEY_TABLES) {
    if (tables.has(table)) counts[table] = (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
  }
  return { migrations: applied, counts };
}

async function dumpPostgres(target: BackupTarget, work: string): Promise<DatabaseCopy> {
  const schema = pgSchema(target);
  await requireTool('pg_dump');
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    // One snapshot for the counts and the dump (pg_dump --snapshot), taken while the servers keep writing.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string; at: string }>(`select pg_export_snapshot() as snapshot, (extract(epoch from now()) * 1000)::bigint as at`);
    const { snapshot, at } = rows[0]!;
    const state = await readPostgresState(client, schema);
    if (state.migrations.length === 0) fail(`schema ${schema} 中没有本系统的数据表，无可备份`);
    const conn = connectionFor(target.databaseUrl!);
    await runTool('pg_dump', ['--format=custom', `--schema=${schema}`, `--snapshot=${snapshot}`, '--no-owner', '--no-privileges', `--file=${path.join(work, 'database.pgdump')}`, `--dbname=${conn.url}`], conn.env);
    await client.query('commit');
    return { part: 'database.pgdump', at: Number(at), ...state };
  } finally {
    await client.end();
  }
}

async function readPostgresState(client: pg.Client | pg.PoolClient, schema: string): Promise<{ migrations: string[]; counts: Record<string, number> }> {
  const { rows } = await client.query<{ name: string }>('select table_name as name from information_schema.tables where table_schema = $1', [schema]);
  const tables = new Set(rows.map((r) => r.name));
  const applied = tables.has('kysely_migration')
    ? (await client.query<{ name: string }>(`select name from "${schema}".kysely_migration order by name`)).rows.map((r) => r.name)
    : [];
  const counts: Record<string, number> = {};
  for (const table of KEY_TABLES) {
    if (tables.has(table)) counts[table] = Number((await client.query<{ n: string }>(`select count(*) as n from "${schema}"."${table}"`)).rows[0]!.n);
  }
  return { migrations: applied, counts };
}

// --------------------------------------------------------------------------------------------- restore

export interface RestoreSummary {
  manifest: BackupManifest;
  /** Where what the restore replaced was moved (null when there was nothing). */
  asideDir: string | null;
  ms: number;
}

/** Reads and checks a backup (format, kind, schema version, every part's size and checksum). */
export async function verifyBackup(dir: string, dialect: 'sqlite' | 'postgres'): Promise<BackupManifest> {
  const root = path.resolve(dir);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(root, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    fail(`${root} 不是本系统的备份（缺少或无法读取 manifest.json）`);
  }
  if (manifest?.format !== BACKUP_FORMAT || !Array.isArray(manifest.parts) || !Array.isArray(manifest.migrations))
    fail(`${root} 不是本系统的备份（manifest.json 的格式不符）`);
  if (typeof manifest.formatVersion !== 'number' || manifest.formatVersion > BACKUP_FORMAT_VERSION)
    fail(`备份格式版本 ${manifest.formatVersion} 比本程序支持的 ${BACKUP_FORMAT_VERSION} 新：请用相同或更新版本的程序恢复`);
  if (manifest.dialect !== dialect)
    fail(`这是 ${manifest.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} 数据库的备份，不能恢复到 ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}（DATABASE_URL ${dialect === 'postgres' ? '已' : '未'}设置）`);
  const known = Object.keys(migrations);
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0 || !known.includes(manifest.schemaVersion))
    fail(`备份的数据库结构版本（${manifest.schemaVersion}${unknown.length ? `，含本程序不认识的迁移 ${unknown.join('、')}` : ''}）比本程序新（本程序最高 ${known.at(-1)}）：请用相同或更新版本的程序恢复`);
  const dbPart = dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump';
  if (!manifest.parts.some((p) => p.path === dbPart)) fail(`备份不完整：缺少 ${dbPart}`);
  for (const part of manifest.parts) {
    const rel = String(part.path);
    if (path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..') || (rel !== dbPart && !rel.startsWith('files/')))
      fail(`备份的清单含非法路径 ${rel}`);
    const file = path.join(root, rel);
    if (!existsSync(file)) fail(`备份已损坏：缺少 ${rel}`);
    const actual = await describePart(root, rel);
    if (actual.bytes !== part.bytes || actual.sha256 !== part.sha256)
      fail(`备份已损坏：${rel} 的校验和不符（清单 ${String(part.sha256).slice(0, 12)}…，实际 ${actual.sha256.slice(0, 12)}…），未做任何恢复`);
  }
  return manifest;
}

export async function restoreBackup(target: BackupTarget, dir: string, options: { force: boolean }): Promise<RestoreSummary> {
  const started = Date.now();
  if (target.databaseUrl) await Promise.all([requireTool('pg_restore'), requireTool('psql')]);
  const manifest = await verifyBackup(dir, target.databaseUrl ? 'postgres' : 'sqlite');
  const root = path.resolve(dir);
  await mkdir(target.dataDir, { recursive: true });
  const stage = path.join(target.dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  await mkdir(stage);
  try {
    for (const part of manifest.parts.filter((p) => p.path.startsWith('files/'))) {
      await mkdir(path.dirname(path.join(stage, part.path)), { recursive: true });
      await cp(path.join(root, part.path), path.join(stage, part.path), { preserveTimestamps: true });
    }
    // Copies can be damaged too: check the staged files against the manifest once more.
    for (const part of manifest.parts.filter((p) => p.path.startsWith('files/'))) {
      if ((await describePart(stage, part.path)).sha256 !== part.sha256) fail(`复制 ${part.path} 时出错（校验和不符），未做任何恢复`);
    }
    const asideDir = target.databaseUrl
      ? await restorePostgres(target, root, manifest, stage, options)
      : await restoreSqlite(target, root, manifest, stage, options);
    return { manifest, asideDir, ms: Date.now() - started };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Moves `moves` (from → to) in order; on a failure puts back what was moved and rethrows. */
async function renameAll(moves: [string, string][]): Promise<void> {
  const done: [string, string][] = [];
  try {
    for (const [from, to] of moves) {
      await mkdir(path.dirname(to), { recursive: true });
      await rename(from, to);
      done.push([from, to]);
    }
  } catch (err) {
    for (const [from, to] of done.reverse()) await rename(to, from).catch(() => {});
    throw err;
  }
}

function asideName(dataDir: string): string {
  return path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
}

/** Moves the data directory's current stored files aside and the staged ones in (after the database). */
function fileMoves(dataDir: string, stage: string, aside: string): { away: [string, string][]; into: [string, string][] } {
  const away: [string, string][] = [];
  const into: [string, string][] = [];
  for (const sub of DATA_SUBDIRS) {
    if (existsSync(path.join(dataDir, sub))) away.push([path.join(dataDir, sub), path.join(aside, sub)]);
    if (existsSync(path.join(stage, 'files', sub))) into.push([path.join(stage, 'files', sub), path.join(dataDir, sub)]);
  }
  return { away, into };
}

async function restoreSqlite(target: BackupTarget, root: string, manifest: BackupManifest, stage: string, options: { force: boolean }): Promise<string | null> {
  const file = path.resolve(target.sqliteFile);
  await mkdir(path.dirname(file), { recursive: true });
  // Servers starting now wait on the start-up lock until the swap is done.
  const lock = await takeSqliteStartupLock(`${file}.startup-lock`);
  try {
    if (existsSync(file)) {
      const current = new SQLite(file, { fileMustExist: true });
      try {
        current.pragma('busy_timeout = 0');
        const tables = (current.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number }).n;
        if (tables > 0 && !options.force)
          fail(`目标数据库 ${file} 不为空（${tables} 张表）：恢复会替换它。确认要替换请加 --force（原有文件会移到数据目录下的 before-restore-<时间>/ 保留）`);
        // Leaving WAL needs the only connection: a running server (or any other process) keeps it open.
        let mode: unknown;
        try {
          mode = current.pragma('journal_mode = DELETE', { simple: true });
        } catch (err) {
          mode = (err as { code?: string }).code;
        }
        if (mode !== 'delete') fail(`数据库 ${file} 正被其他进程使用（服务器仍在运行？）：请先停止服务器再恢复`);
      } finally {
        current.close();
      }
    }
    const staged = path.join(stage, 'portal.sqlite');
    await cp(path.join(root, 'database.sqlite'), staged);
    const copy = new SQLite(staged, { fileMustExist: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') fail(`备份的数据库未通过完整性检查（${String(check)}），未做任何恢复`);
      const state = readSqliteState(copy);
      checkState(manifest, state);
      copy.pragma('journal_mode = WAL');
    } finally {
      copy.close();
    }
    const aside = asideName(target.dataDir);
    const files = fileMoves(target.dataDir, stage, aside);
    const away: [string, string][] = [];
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      if (existsSync(file + suffix)) away.push([file + suffix, path.join(aside, path.basename(file) + suffix)]);
    }
    away.push(...files.away);
    await renameAll([...away, [staged, file], ...files.into]);
    return away.length > 0 ? aside : null;
  } finally {
    lock.exec('ROLLBACK');
    lock.close();
  }
}

async function takeSqliteStartupLock(lockFile: string): Promise<SQLite.Database> {
  const lock = new SQLite(lockFile);
  lock.pragma('busy_timeout = 0');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      lock.exec('BEGIN IMMEDIATE');
      return lock;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      if (Date.now() > deadline) {
        lock.close();
        fail('有服务器正在启动（持有启动锁）：请先停止服务器再恢复');
      }
      await sleep(50);
    }
  }
}

function checkState(manifest: BackupManifest, state: { migrations: string[]; counts: Record<string, number> }): void {
  if (JSON.stringify(state.migrations) !== JSON.stringify(manifest.migrations)) fail('备份的数据库与清单的结构版本不符，未做任何恢复');
  for (const [table, count] of Object.entries(manifest.counts)) {
    if (state.counts[table] !== count) fail(`备份的数据库与清单不符：${table} 应有 ${count} 行，实有 ${state.counts[table] ?? 0} 行，未做任何恢复`);
  }
}

async function restorePostgres(target: BackupTarget, root: string, manifest: BackupManifest, stage: string, options: { force: boolean }): Promise<string | null> {
  const schema = pgSchema(target);
  if (manifest.schema !== schema)
    fail(`备份来自 schema ${manifest.schema}，目标是 schema ${schema}：只能恢复到同名的 schema（用原来的 search_path 运行恢复）`);
  const dump = path.join(root, 'database.pgdump');
  const conn = connectionFor(target.databaseUrl!);
  const listing = await runTool('pg_restore', ['--list', dump], conn.env);
  const dumpCreatesSchema = new RegExp(`\\bSCHEMA - ${schema}\\b`).test(listing);
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const locked = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [ADVISORY_LOCK_KEY, schema])).rows[0]!.ok;
    if (!locked) fail(`有服务器正在启动（持有 schema ${schema} 的启动锁）：请先停止服务器再恢复`);
    const listeners = await client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query = $1`,
      [`LISTEN ${liveChannel(schema)}`],
    );
    if (Number(listeners.rows[0]!.n) > 0) fail(`schema ${schema} 上仍有服务器在运行（监听实时通道）：请先停止全部服务器再恢复`);
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from information_schema.tables where table_schema = $1`, [schema]);
    const tables = Number(rows[0]!.n);
    if (tables > 0 && !options.force) fail(`目标 schema ${schema} 不为空（${tables} 张表）：恢复会替换它。确认要替换请加 --force`);
    // One transaction: drop the target, pg_restore's script, then the manifest's counts; any error rolls it all back.
    const prelude = `DROP SCHEMA IF EXISTS "${schema}" CASCADE;\n${dumpCreatesSchema ? '' : `CREATE SCHEMA "${schema}";\n`}`;
    const checks = [
      `IF (SELECT string_agg(name, ',' ORDER BY name) FROM "${schema}".kysely_migration) IS DISTINCT FROM '${manifest.migrations.join(',')}' THEN RAISE EXCEPTION '恢复后的结构版本与清单不符'; END IF;`,
      ...Object.entries(manifest.counts).map(([table, count]) =>
        `IF (SELECT count(*) FROM "${schema}"."${table}") <> ${Number(count)} THEN RAISE EXCEPTION '恢复后 ${table} 的行数与清单不符'; END IF;`),
    ];
    const postlude = `\nDO $check$ BEGIN\n${checks.join('\n')}\nEND $check$;\n`;
    await restoreThroughPsql(dump, prelude, postlude, conn);
    // The database is in; now the files (renames in the data directory).
    const aside = asideName(target.dataDir);
    const files = fileMoves(target.dataDir, stage, aside);
    await renameAll([...files.away, ...files.into]);
    await client.query('select pg_advisory_unlock($1, hashtext($2))', [ADVISORY_LOCK_KEY, schema]);
    return files.away.length > 0 ? aside : null;
  } finally {
    await client.end();
  }
}

function restoreThroughPsql(dump: string, prelude: string, postlude: string, conn: { url: string; env: Record<string, string> }): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...conn.env };
    const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', '-', `--dbname=${conn.url}`], { env, stdio: ['pipe', 'ignore', 'pipe'] });
    const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '-f', '-', dump], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    psql.stderr.on('data', (d) => (errors += String(d)));
    restore.stderr.on('data', (d) => (errors += String(d)));
    psql.on('error', (err) => reject(toolError('psql', err)));
    restore.on('error', (err) => reject(toolError('pg_restore', err)));
    psql.stdin.on('error', () => {});
    psql.stdin.write(prelude);
    restore.stdout.pipe(psql.stdin, { end: false });
    let restoreCode: number | null = null;
    restore.on('close', (code) => {
      restoreCode = code;
      if (code === 0) psql.stdin.end(postlude);
      else psql.stdin.destroy();
    });
    psql.on('close', (code) => {
      if (code === 0 && restoreCode === 0) resolve();
      else reject(new BusinessError(500, `pg_restore/psql 恢复失败，目标未被改动（整个恢复在一个事务中回滚）: ${errors.trim().slice(0, 2000)}`));
    });
  });
}

// ------------------------------------------------------------------------------------------- command

export const BACKUP_USAGE = `  npm run ops -- backup <目录>                      在线备份数据库与数据目录的文件（服务器可继续运行）
  npm run ops -- restore <目录> [--force]           从备份恢复（须先停止服务器；目标不为空时须 --force）`;

/** `backup DIR` / `restore DIR [--force]`: run before the database is opened (restore replaces it). */
export async function runBackupCommand(name: 'backup' | 'restore', argv: string[], target: BackupTarget, print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseCommand(argv, name === 'restore' ? { force: { type: 'boolean' } } : {});
  if (positionals.length !== 1) throw new UsageError(name === 'backup' ? '须指定备份目录: backup <目录>' : '须指定备份目录: restore <目录>');
  const dir = positionals[0]!;
  const where = target.databaseUrl ? `PostgreSQL schema ${pgSchema(target)}` : target.sqliteFile;
  if (name === 'backup') {
    const { dir: out, manifest, ms } = await createBackup(target, dir);
    const bytes = manifest.parts.reduce((sum, p) => sum + p.bytes, 0);
    print(`✓ 已备份 ${where} → ${out}`);
    print(`  结构版本 ${manifest.schemaVersion}，${manifest.parts.length} 个部分共 ${(bytes / 1048576).toFixed(1)} MB，用时 ${(ms / 1000).toFixed(1)} 秒`);
    print(`  ${Object.entries(manifest.counts).map(([t, n]) => `${t} ${n}`).join('，')}`);
    return;
  }
  const { manifest, asideDir, ms } = await restoreBackup(target, dir, { force: values.force === true });
  print(`✓ 已从 ${path.resolve(dir)}（${manifest.createdAt}，结构版本 ${manifest.schemaVersion}）恢复到 ${where}，用时 ${(ms / 1000).toFixed(1)} 秒`);
  if (asideDir) print(`  原有的数据库/文件已移到 ${asideDir}（确认无误后可删除）`);
  print('  启动服务器时会自动执行本程序更新的迁移');
}

// ------------------------------------------------------------------------------------------- helpers

async function describePart(root: string, rel: string): Promise<ManifestPart> {
  const file = path.join(root, rel);
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { path: rel.split(path.sep).join('/'), bytes: (await stat(file)).size, sha256: hash.digest('hex') };
}

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

/** The URL without its password (kept out of the process list), the password in PGPASSWORD. */
function connectionFor(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

function toolError(tool: string, err: Error): Error {
  return (err as { code?: string }).code === 'ENOENT' ? new BusinessError(500, MISSING_PG_TOOLS(tool)) : err;
}

/** True when `tool` runs (`--version`). */
export async function hasTool(tool: string): Promise<boolean> {
  try {
    await runTool(tool, ['--version'], {});
    return true;
  } catch {
    return false;
  }
}

async function requireTool(tool: string): Promise<void> {
  if (!(await hasTool(tool))) fail(MISSING_PG_TOOLS(tool));
}

function runTool(tool: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errors = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (errors += String(d)));
    child.on('error', (err) => reject(toolError(tool, err)));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new BusinessError(500, `${tool} 失败（退出码 ${code}）: ${errors.trim().slice(0, 2000)}`))));
  });
}
