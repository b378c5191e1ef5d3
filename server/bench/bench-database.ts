/**
 * A throwaway PostgreSQL database for a benchmark (the server has no schema setting, so a run gets a
 * database of its own): created next to DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test)
 * and dropped, with any connection left to it, by `drop()`.
 */
import pg from 'pg';

export async function createBenchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
