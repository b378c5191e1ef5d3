/**
 * The demo seed once per run, copied per test (globalSetup of the server project, after tmp-guard.ts).
 *
 * Every test app starts from the same database: migrated and seeded at NOW (helpers.ts). Seeding takes
 * seconds (the demo's passwords, PDFs, signatures and pictures), and the suite opens a few hundred apps; a
 * copy takes a few milliseconds on SQLite (the file and the data directory) and a fraction of a second on
 * PostgreSQL (the template schema's dump, replayed under the test's schema name by psql). Both templates
 * — seeded and migrated only — are made here, before any worker starts, and handed to the workers in
 * SEED_TEMPLATE_ENV; a test that seeds differently (another clock, secrets) still calls prepareDatabase.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/connection.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { NOW, SEED_TEMPLATE_ENV, TEMPLATE_SCHEMA_PLACEHOLDER, TEST_DATABASE_URL, type SeedTemplates } from './helpers.ts';

async function sqliteTemplate(root: string, seed: boolean) {
  const dir = path.join(root, seed ? 'seeded' : 'migrated');
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dir, 'portal.sqlite');
  const handle = openDatabase({ sqliteFile: file });
  await prepareDatabase(handle, { seed, now: NOW, dataDir });
  // Closing checkpoints the WAL: the one file holds everything.
  await handle.close();
  return { file, dataDir };
}

async function postgresTemplate(root: string, url: string, seed: boolean) {
  const schema = `tpl_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    const dataDir = path.join(root, seed ? 'pg-seeded-data' : 'pg-migrated-data');
    mkdirSync(dataDir, { recursive: true });
    const handle = openDatabase({ databaseUrl: url, searchPath: schema, poolMax: 2 });
    try {
      await prepareDatabase(handle, { seed, now: NOW, dataDir });
    } finally {
      await handle.close();
    }
    const dump = execFileSync('pg_dump', ['--schema', schema, '--no-owner', '--no-privileges', '--dbname', url], { maxBuffer: 512 * 1024 * 1024, encoding: 'utf8' });
    // psql's \restrict guard lines (pg_dump 17.6+) carry a random key; the schema's name becomes a placeholder.
    const sql = dump
      .split('\n')
      .filter((line) => !line.startsWith('\\restrict') && !line.startsWith('\\unrestrict'))
      .join('\n')
      .replaceAll(schema, TEMPLATE_SCHEMA_PLACEHOLDER);
    const sqlFile = path.join(root, seed ? 'pg-seeded.sql' : 'pg-migrated.sql');
    writeFileSync(sqlFile, sql);
    return { sqlFile, dataDir };
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await admin.end();
  }
}

export default async function setup(): Promise<() => void> {
  const root = mkdtempSync(path.join(tmpdir(), 'seed-template-'));
  const templates: SeedTemplates = TEST_DATABASE_URL
    ? { dialect: 'postgres', seeded: await postgresTemplate(root, TEST_DATABASE_URL, true), migrated: await postgresTemplate(root, TEST_DATABASE_URL, false) }
    : { dialect: 'sqlite', seeded: await sqliteTemplate(root, true), migrated: await sqliteTemplate(root, false) };
  process.env[SEED_TEMPLATE_ENV] = JSON.stringify(templates);
  return () => {
    delete process.env[SEED_TEMPLATE_ENV];
    rmSync(root, { recursive: true, force: true });
  };
}
