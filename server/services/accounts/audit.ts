/**
 * The audit log (guide item 15): append-only (the database refuses update and delete), UTC epoch-ms
 * time, user, IP, action, object, result. Callers pass no secrets: no password, token, code or full ID.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type AuditResult = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  userId?: number | null;
  loginName?: string;
  ip: string;
  /** login, token.refresh, logout, register, password.change, password.reset, phone.change, … */
  action: string;
  /** What the action was on: the grant type, a file id, a verification id … */
  object?: string;
  result: AuditResult;
  /** A short reason code (bad_credentials, locked, refresh_reuse …). */
  detail?: string;
}

export async function appendAudit(db: Kysely<Database>, at: number, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      user_id: entry.userId ?? null,
      login_name: (entry.loginName ?? '').slice(0, 64),
      ip: entry.ip.slice(0, 64),
      action: entry.action,
      object: (entry.object ?? '').slice(0, 200),
      result: entry.result,
      detail: (entry.detail ?? '').slice(0, 200),
    })
    .execute();
}
