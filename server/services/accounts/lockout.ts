/**
 * Login failure accounting (guide item 2).
 * - Per login name, known or not (so the answers cannot tell them apart): the 5th failure within
 *   30 minutes locks the name for 30 minutes; while locked even the right password is refused.
 * - Per client IP: 20 failures within 15 minutes (on any names) refuse further password attempts
 *   from that IP until the window ends — without counting against, or locking, those accounts.
 */
import { sql } from 'kysely';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '#domain/rules/auth';
import type { Accounts } from './context.ts';

export const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;
/** Failures older than this no longer count toward a lock. */
export const FAILURE_WINDOW_MS = LOCK_MS;
export const IP_FAILURE_LIMIT = 20;
export const IP_WINDOW_MS = 15 * 60_000;

export function loginKey(loginName: string): string {
  return loginName.trim().toLowerCase();
}

export async function isIpThrottled(a: Accounts, ip: string): Promise<boolean> {
  const row = await a.db.selectFrom('login_throttle').select(['window_start', 'failures']).where('ip', '=', ip).executeTakeFirst();
  return !!row && row.window_start > a.now() - IP_WINDOW_MS && row.failures >= IP_FAILURE_LIMIT;
}

export async function isLocked(a: Accounts, key: string): Promise<boolean> {
  const row = await a.db.selectFrom('login_lock').select('locked_until').where('login_key', '=', key).executeTakeFirst();
  return !!row?.locked_until && row.locked_until > a.now();
}

/** Counts a failure for the name and the IP; true when the name is now locked. */
export async function recordFailure(a: Accounts, key: string, ip: string): Promise<boolean> {
  const now = a.now();
  const stale = now - FAILURE_WINDOW_MS;
  const row = await a.db
    .insertInto('login_lock')
    .values({ login_key: key, failures: 1, last_failure_at: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('login_key').doUpdateSet((eb) => {
        // A lock that has run out, or failures that are too old, start the count again.
        const restart = eb.or([
          eb('login_lock.last_failure_at', '<=', stale),
          eb.and([eb('login_lock.locked_until', 'is not', null), eb('login_lock.locked_until', '<=', now)]),
        ]);
        const next = eb.case().when(restart).then(1).else(eb('login_lock.failures', '+', 1)).end();
        return {
          failures: next,
          last_failure_at: now,
          locked_until: eb
            .case()
            .when(eb(next, '>=', LOGIN_MAX_FAILURES))
            // Typed explicitly: PostgreSQL would read an untyped parameter next to NULL as text.
            .then(sql<number | null>`cast(${now + LOCK_MS} as bigint)`)
            .else(sql<number | null>`null`)
            .end(),
        };
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();

  const windowStale = now - IP_WINDOW_MS;
  await a.db
    .insertInto('login_throttle')
    .values({ ip, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet((eb) => {
        const restart = eb('login_throttle.window_start', '<=', windowStale);
        return {
          failures: eb.case().when(restart).then(1).else(eb('login_throttle.failures', '+', 1)).end(),
          window_start: eb.case().when(restart).then(now).else(eb.ref('login_throttle.window_start')).end(),
        };
      }),
    )
    .execute();
  return row.locked_until !== null && row.locked_until > now;
}

export async function clearFailures(a: Pick<Accounts, 'db'>, key: string): Promise<void> {
  await a.db.deleteFrom('login_lock').where('login_key', '=', key).execute();
}
