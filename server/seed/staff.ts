/**
 * The demo's staff (password `Demo@2026`, as the demo users): one member per role and a supervisor
 * holding all five, so a second person is always there for four eyes. Idempotent by login name.
 */
import type { Kysely } from 'kysely';
import type { StaffRole } from '#domain/rules/staff';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../services/accounts/passwords.ts';
import { DEMO_PASSWORD } from './accounts.ts';

export const DEMO_STAFF: ReadonlyArray<{ loginName: string; name: string; roles: StaffRole[] }> = [
  { loginName: 'op_admin', name: '赵国梁', roles: ['admin', 'review', 'auction', 'finance', 'content'] },
  { loginName: 'op_review', name: '孙丽娟', roles: ['review'] },
  { loginName: 'op_auction', name: '周建华', roles: ['auction'] },
  { loginName: 'op_finance', name: '吴晓燕', roles: ['finance'] },
  { loginName: 'op_editor', name: '郑文静', roles: ['content'] },
];

/** Rows inserted (0 on a re-run). */
export async function seedStaff(db: Kysely<Database>, now: number): Promise<number> {
  const existing = new Set((await db.selectFrom('staff').select('login_name').execute()).map((r) => r.login_name));
  const missing = DEMO_STAFF.filter((s) => !existing.has(s.loginName));
  if (missing.length === 0) return 0;
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const member of missing) {
    await db
      .insertInto('staff')
      .values({ login_name: member.loginName, name: member.name, password_hash: hash, roles: member.roles.join(','), locked_until: null, last_login_at: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('login_name').doNothing())
      .execute();
  }
  return missing.length;
}
