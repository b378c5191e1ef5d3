/**
 * The enrolment background job (every second on each server process): demo auto-approval, the sandbox
 * bank's notification deliveries, qualification of confirmed enrolments whose activity appeared later, and
 * the forfeit of deals past their confirmation or payment deadline.
 * Every step is a conditional update, so processes running it at the same time change each row once.
 */
import type { Kysely } from 'kysely';
import { OPEN_ACTIVITY_STATUSES } from '#domain/contract/activity';
import type { Database } from '../../db/schema.ts';
import { approveEnrolment, qualifyEnrolment } from './enrolment.ts';
import { sweepDeals } from '../money/deals.ts';
import type { SandboxBank, SandboxNotification } from '../payments/sandbox.ts';

export const DEMO_ACTOR = { name: 'demo-auto', ip: '' };

export interface EnrolmentJobInput {
  db: Kysely<Database>;
  now: number;
  /** Demo mode: approve enrolments submitted at least this long ago; null: never. */
  autoApproveMs: number | null;
  sandbox: SandboxBank | null;
  notifyDelayMs: number;
  deliver: (body: SandboxNotification) => Promise<string>;
}

export async function runEnrolmentJobs(j: EnrolmentJobInput): Promise<{ approved: number; notified: number; qualified: number; forfeited: number }> {
  let approved = 0;
  if (j.autoApproveMs !== null) {
    // Only enrolments nobody took up: one a staff member is reviewing (status reviewing) is his to decide.
    const due = await j.db
      .selectFrom('enrolment')
      .select('id')
      .where('status', '=', 'submitted')
      .where('submitted_at', '<=', j.now - j.autoApproveMs)
      .orderBy('submitted_at')
      .limit(100)
      .execute();
    for (const { id } of due) if (await approveEnrolment(j.db, id, DEMO_ACTOR, j.now)) approved += 1;
  }
  const notified = j.sandbox ? await j.sandbox.deliverDue(j.db, j.now, j.notifyDelayMs, j.deliver) : 0;
  // Confirmed enrolments whose project has an open activity now (created after the deposit was confirmed).
  const waiting = await j.db
    .selectFrom('enrolment')
    .select('enrolment.id')
    .where('enrolment.status', '=', 'depositConfirmed')
    .where((eb) =>
      eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'enrolment.project_id').where('bid_activity.status', 'in', OPEN_ACTIVITY_STATUSES)),
    )
    .limit(100)
    .execute();
  let qualified = 0;
  for (const { id } of waiting) if (await qualifyEnrolment(j.db, id, j.now)) qualified += 1;
  // Deals past their confirmation or payment deadline are forfeited.
  const forfeited = await sweepDeals(j.db, j.now);
  return { approved, notified, qualified, forfeited };
}
