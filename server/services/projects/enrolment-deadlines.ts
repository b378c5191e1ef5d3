/**
 * A listing's word follows its dates: once its enrolment deadline (报名截止, announcement_end_at) has passed,
 * a listing that still reads 正在报名 reads 报名已截止 — whoever published it (the demo, the staff console,
 * the operator API). Package sub-assets carry their package's dates, so they turn with it. Run by the
 * listing-deadlines job (plugins/jobs.ts) and inside the demo scheduler's run.
 */
import type { Kysely } from 'kysely';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import type { Database } from '../../db/schema.ts';

export const LISTING_DEADLINES_JOB = 'listing-deadlines';
export const LISTING_DEADLINES_INTERVAL_MS = 30_000;

const ENROLLING = LISTING_STATUS_LABELS.enrolling;
const ENROLMENT_CLOSED = LISTING_STATUS_LABELS.enrolmentClosed;

/** Turns every listing past its enrolment deadline to 报名已截止; how many. */
export async function closeDueEnrolments(trx: Kysely<Database>, at: number): Promise<number> {
  const closed = await trx.updateTable('project').set({ state: ENROLMENT_CLOSED }).where('state', '=', ENROLLING).where('announcement_end_at', '<=', at).executeTakeFirst();
  return Number(closed.numUpdatedRows);
}
