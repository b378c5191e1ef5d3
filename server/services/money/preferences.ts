/**
 * The user's money preferences: where a loser's released deposit goes (after-the-hammer guide: "into the
 * wallet or back to the card they came from, the user's choice"). No row: back the way it was paid (the
 * card), as the enrolment's commitment promises (未竞得的保证金…原路退还); the wallet only when chosen.
 */
import type { Kysely } from 'kysely';
import type { DepositReleaseChoice, DepositReleasePreference } from '#domain/contract/ledger';
import type { Database } from '../../db/schema.ts';
import { appendAudit } from '../accounts/audit.ts';
import { inTransaction } from '../common/transactions.ts';

export async function depositReleaseChoice(db: Kysely<Database>, userId: number): Promise<DepositReleaseChoice> {
  const row = await db.selectFrom('money_preference').select('deposit_release').where('user_id', '=', userId).executeTakeFirst();
  return row?.deposit_release === 'wallet' ? 'wallet' : 'card';
}

export async function releasePreference(db: Kysely<Database>, userId: number): Promise<DepositReleasePreference> {
  return { choice: await depositReleaseChoice(db, userId) };
}

export async function setReleasePreference(db: Kysely<Database>, userId: number, choice: DepositReleaseChoice, now: number, ip: string): Promise<DepositReleasePreference> {
  await inTransaction(db, async (trx) => {
    const moved = await trx.updateTable('money_preference').set({ deposit_release: choice, updated_at: now }).where('user_id', '=', userId).executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) await trx.insertInto('money_preference').values({ user_id: userId, deposit_release: choice, updated_at: now }).execute();
    await appendAudit(trx, now, { userId, ip, action: 'money.releasePreference', object: `user:${userId}`, result: 'success', detail: choice });
  });
  return { choice };
}
