/**
 * Demo enrolments: every qualification of a demo bidder (bidder01 … bidder05, seeded straight into
 * bid_qualification by seed/bidding.ts) gets the enrolment and confirmed deposit that would have led to it,
 * so their user centres are consistent. Run at every start after ensureLiveDemo; natural keys (one enrolment
 * per user and project) make it idempotent. demo_person is left un-enrolled for the enrolment journey.
 */
import type { Kysely } from 'kysely';
import { ENROLMENT_COMMITMENTS, type DepositStatus, type EnrolmentStatus } from '#domain/contract/enrolment';
import type { Database } from '../db/schema.ts';
import { balanceOf, post } from '../services/money/ledger.ts';
import { DEMO_BIDDERS } from './accounts.ts';

const HOUR = 3_600_000;

/** A demo deposit is paid in from the bank like a real one (the ledger's books match the deposits). */
async function postDemoDepositPaid(trx: Kysely<Database>, d: { id: number; userId: number; amountFen: number; at: number; assetsName: string }, fromWallet = false): Promise<void> {
  // Paid again after a release: from the wallet the release went to, while it holds enough.
  const wallet = fromWallet && (await balanceOf(trx, { user: d.userId, kind: 'available' })) >= d.amountFen;
  await post(trx, {
    key: `deposit:${d.id}:paid@${d.at}`,
    kind: wallet ? 'depositFromWallet' : 'depositPaid',
    userId: d.userId,
    ref: `deposit:${d.id}`,
    // What a real deposit's entry says (services/enrolment/deposits.ts): the lot it is for.
    memo: d.assetsName,
    at: d.at,
    lines: [
      [wallet ? { user: d.userId, kind: 'available' } : 'bank', -d.amountFen],
      [{ user: d.userId, kind: 'frozen' }, d.amountFen],
    ],
  });
}

export async function ensureDemoEnrolments(db: Kysely<Database>, now: number): Promise<number> {
  const missing = await db
    .selectFrom('bid_qualification')
    .innerJoin('bid_activity', 'bid_activity.id', 'bid_qualification.activity_id')
    .innerJoin('app_user', 'app_user.id', 'bid_qualification.user_id')
    .innerJoin('project', 'project.id', 'bid_activity.project_id')
    .select([
      'bid_qualification.activity_id',
      'bid_qualification.user_id',
      'bid_qualification.bid_code',
      'bid_qualification.created_at',
      'bid_activity.project_id',
      'bid_activity.start_at',
      'app_user.name',
      'app_user.phone',
      'app_user.email',
      'project.deposit_fen',
      'project.assets_name',
      'project.announcement_start_at',
      'project.announcement_end_at',
    ])
    .where('app_user.login_name', 'in', [...DEMO_BIDDERS])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('enrolment').select('enrolment.id').whereRef('enrolment.user_id', '=', 'bid_qualification.user_id').whereRef('enrolment.project_id', '=', 'bid_activity.project_id'),
        ),
      ),
    )
    .orderBy('bid_qualification.activity_id')
    .orderBy('bid_qualification.user_id')
    .execute();
  await refreshReused(db, now);
  if (missing.length === 0) return 0;
  let created = 0;
  await db.transaction().execute(async (trx) => {
    for (const q of missing) {
      // A plausible history: enrolled two days before the auction — and inside the enrolment period, three hours
      // before its deadline at the latest, so approval and payment (the next two hours) come before it too.
      const submittedAt = Math.max(q.announcement_start_at, Math.min(q.created_at - 48 * HOUR, q.start_at - 48 * HOUR, q.announcement_end_at - 3 * HOUR));
      const inserted = await trx
        .insertInto('enrolment')
        .values({
          enrol_code: `BMDEMO${q.activity_id}U${q.user_id}`,
          user_id: q.user_id,
          project_id: q.project_id,
          kind: 'normal',
          status: 'qualified' satisfies EnrolmentStatus,
          bidder_type: 1,
          bidder_name: q.name,
          id_masked: '',
          contact_name: q.name,
          contact_phone: q.phone ?? '',
          contact_email: q.email,
          address: '',
          attachments: '[]',
          commitments: JSON.stringify(ENROLMENT_COMMITMENTS.map((c) => c.key)),
          deposit_fen: q.deposit_fen,
          reject_reason: '',
          reviewer: 'demo-seed',
          activity_id: q.activity_id,
          bid_code: q.bid_code,
          submitted_at: submittedAt,
          reviewed_at: submittedAt + HOUR,
          qualified_at: submittedAt + 2 * HOUR,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      const deposit = await trx
        .insertInto('deposit')
        .values({
          deposit_code: `BZJDEMO${q.activity_id}U${q.user_id}`,
          enrolment_id: inserted.id,
          user_id: q.user_id,
          project_id: q.project_id,
          amount_fen: q.deposit_fen,
          status: 'confirmed' satisfies DepositStatus,
          method: 'online',
          confirmed_at: submittedAt + 2 * HOUR,
          settled_at: null,
          created_at: submittedAt + HOUR,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('enrolment_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (deposit) await postDemoDepositPaid(trx, { id: deposit.id, userId: q.user_id, amountFen: q.deposit_fen, at: submittedAt + 2 * HOUR, assetsName: q.assets_name });
      created += 1;
    }
  });
  return created;
}

/**
 * A demo project can get a new auction after its last one ended (ensureLiveDemo reuses listings): the seeded
 * enrolment then follows the new activity (its code) and its deposit, released at the end, is paid again.
 */
async function refreshReused(db: Kysely<Database>, now: number): Promise<void> {
  const stale = await db
    .selectFrom('enrolment')
    .innerJoin('bid_activity', 'bid_activity.project_id', 'enrolment.project_id')
    .innerJoin('bid_qualification', (join) => join.onRef('bid_qualification.activity_id', '=', 'bid_activity.id').onRef('bid_qualification.user_id', '=', 'enrolment.user_id'))
    .innerJoin('project', 'project.id', 'enrolment.project_id')
    .select(['enrolment.id', 'bid_activity.id as activity_id', 'bid_qualification.bid_code', 'project.assets_name'])
    .where('enrolment.enrol_code', 'like', 'BMDEMO%')
    .where('bid_activity.status', 'in', ['scheduled', 'live'])
    .where((eb) => eb.or([eb('enrolment.activity_id', 'is', null), eb('enrolment.activity_id', '!=', eb.ref('bid_activity.id'))]))
    .execute();
  for (const row of stale) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('enrolment').set({ activity_id: row.activity_id, bid_code: row.bid_code, status: 'qualified', updated_at: now }).where('id', '=', row.id).execute();
      const deposit = await trx.selectFrom('deposit').select(['id', 'user_id', 'amount_fen', 'status']).where('enrolment_id', '=', row.id).executeTakeFirst();
      if (!deposit || (deposit.status !== 'released' && deposit.status !== 'kept')) return;
      await trx.updateTable('deposit').set({ status: 'confirmed' satisfies DepositStatus, settled_at: null, confirmed_at: now, updated_at: now }).where('id', '=', deposit.id).execute();
      // A released deposit went to the wallet: it is paid in again; a kept one never left the frozen account.
      if (deposit.status === 'released') await postDemoDepositPaid(trx, { id: deposit.id, userId: deposit.user_id, amountFen: deposit.amount_fen, at: now, assetsName: row.assets_name }, true);
    });
  }
}
