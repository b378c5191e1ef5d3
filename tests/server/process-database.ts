/**
 * A database of its own for tests that start real server processes (crash loops, the cluster): the
 * server has no schema setting, so on PostgreSQL (TEST_DATABASE_URL) it gets a fresh database, dropped
 * afterwards; on SQLite, the file in a fresh data directory. The data directory is removed either way.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import { TEST_DATABASE_URL } from './helpers.ts';

export interface ProcessDatabase {
  dataDir: string;
  /** The server's DATABASE_URL: undefined on SQLite (the file in `dataDir`). */
  databaseUrl: string | undefined;
  /** A connection of the test's own to the same database. */
  open(): DatabaseHandle;
  /** Drops the PostgreSQL database and removes the data directory. */
  dispose(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function createProcessDatabase(prefix: string): Promise<ProcessDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-${prefix}-`));
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (TEST_DATABASE_URL) {
    name = `t_${prefix.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'portal.sqlite') }),
    async dispose() {
      if (name) await adminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
