/**
 * PostgreSQL closes a pooled connection while it sits idle (a restart, pg_terminate_backend, a proxy's
 * idle timeout, a database dropped with force): the server must note it and go on, not crash.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/connection.ts';
import { TEST_DATABASE_URL } from './helpers.ts';

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL pool (postgres)', () => {
  it('survives an idle connection terminated by the server and opens another', async () => {
    const onIdleConnectionError = vi.fn();
    const handle = openDatabase({ databaseUrl: TEST_DATABASE_URL, poolMax: 1, onIdleConnectionError });
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = before.rows[0]!.pid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // Without a listener the pool would throw this error and end the process (vitest: an unhandled error).
      await vi.waitFor(() => expect(onIdleConnectionError).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      expect((onIdleConnectionError.mock.calls[0]![0] as { code?: string }).code).toBe('57P01');
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      expect(after.rows[0]!.pid).not.toBe(pid);
    } finally {
      await admin.end();
      await handle.close();
    }
  });
});
