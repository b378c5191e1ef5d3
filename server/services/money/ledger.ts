/**
 * The double-entry ledger (guide after-the-hammer.md "Money is a ledger"). Every movement of money is one
 * entry of postings in integer fen that sum to zero, written by `post` inside the caller's transaction, so
 * it commits or vanishes with the state change that caused it. Balances are sums of postings, never fields
 * edited in place. An entry's idempotency key is unique: posting the same movement again (a redelivered
 * bank notice, a repeated operator command) posts nothing and answers false.
 *
 * Sign convention: users' accounts and the exchange's liabilities and income hold positive balances; the
 * exchange's bank clearing account is their counterpart (money in from the bank makes it negative).
 *
 * A debit of a user's account (available or frozen) takes that account's row lock first (PostgreSQL: the row
 * lock of an UPDATE; SQLite: the database write lock the same UPDATE takes) and then reads the balance, so
 * two debits racing for one balance queue and the second sees the first; a debit beyond the balance is
 * refused with 可用余额不足 and nothing is written.
 */
import type { Kysely } from 'kysely';
import { AMOUNT_MESSAGES } from '#domain/rules/ledger';
import { type LedgerEntryKind, type LedgerUserAccount } from '#domain/contract/ledger';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { inTransaction } from '../common/transactions.ts';

/** The exchange's own accounts. */
export const EXCHANGE_ACCOUNTS = {
  /** Money at the exchange's bank (gateway and transfers in, payouts and refunds out). Goes negative. */
  bank: 'EX:bank',
  /** Buyers' service fees earned. */
  feeIncome: 'EX:feeIncome',
  /** Deal prices owed to transferors until paid out. */
  transferorPayable: 'EX:transferorPayable',
  /** Forfeited deposits. */
  forfeitIncome: 'EX:forfeitIncome',
  /** Withdrawals requested and not yet paid out by the bank. */
  payoutClearing: 'EX:payoutClearing',
} as const;
export type ExchangeAccount = keyof typeof EXCHANGE_ACCOUNTS;

export type AccountRef = { user: number; kind: LedgerUserAccount } | ExchangeAccount;

export interface PostInput {
  /** Unique per movement: the same key never posts twice. */
  key: string;
  kind: LedgerEntryKind;
  userId: number | null;
  /** What caused it ('deposit:12', 'payment_order:PO…'). */
  ref?: string;
  /** Shown to the user (a forfeit's reason). */
  memo?: string;
  at: number;
  lines: Array<[AccountRef, number]>;
}

export class LedgerError extends Error {}

function codeOf(ref: AccountRef): { code: string; userId: number | null; kind: string } {
  if (typeof ref === 'string') return { code: EXCHANGE_ACCOUNTS[ref], userId: null, kind: ref };
  return { code: `U${ref.user}:${ref.kind}`, userId: ref.user, kind: ref.kind };
}

/** The account's id, created on first use. */
export async function accountId(db: Kysely<Database>, ref: AccountRef, at: number): Promise<number> {
  const { code, userId, kind } = codeOf(ref);
  const found = await db.selectFrom('ledger_account').select('id').where('code', '=', code).executeTakeFirst();
  if (found) return Number(found.id);
  await db.insertInto('ledger_account').values({ code, user_id: userId, kind, created_at: at }).onConflict((oc) => oc.column('code').doNothing()).execute();
  const row = await db.selectFrom('ledger_account').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

async function sumOf(db: Kysely<Database>, id: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_posting')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('total'))
    .where('account_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Takes the account's lock for the rest of the transaction and answers its balance. The UPDATE changes
 * nothing; it is there for the lock it takes on both databases.
 */
export async function lockAccount(trx: Kysely<Database>, ref: AccountRef, at: number): Promise<{ id: number; balance: number }> {
  // The write comes first, so on SQLite the transaction takes the write lock before it reads anything
  // (a read first would make a later upgrade fail against another process instead of waiting).
  const { code, userId, kind } = codeOf(ref);
  const touch = () => trx.updateTable('ledger_account').set((eb) => ({ kind: eb.ref('kind') })).where('code', '=', code).executeTakeFirst();
  if (Number((await touch()).numUpdatedRows) === 0) {
    await trx.insertInto('ledger_account').values({ code, user_id: userId, kind, created_at: at }).onConflict((oc) => oc.column('code').doNothing()).execute();
    await touch();
  }
  const id = await accountId(trx, ref, at);
  return { id, balance: await sumOf(trx, id) };
}

/**
 * Posts one balanced entry in the caller's transaction (or its own). False when the key was posted before
 * (nothing written). Throws LedgerError for an unbalanced or non-integer entry (a bug), and a 409
 * BusinessError when a user's account would go below zero.
 */
export async function post(db: Kysely<Database>, input: PostInput): Promise<boolean> {
  const lines = input.lines.filter(([, amount]) => amount !== 0);
  for (const [, amount] of lines) if (!Number.isSafeInteger(amount)) throw new LedgerError(`posting amount must be integer fen: ${amount}`);
  if (lines.reduce((s, [, a]) => s + a, 0) !== 0) throw new LedgerError(`entry ${input.key} does not balance`);
  return inTransaction(db, async (trx) => {
    // Lock every user account debited before anything else, in a fixed order (no deadlock between two entries).
    const debited = lines.filter(([ref, amount]) => typeof ref !== 'string' && amount < 0).sort(([a], [b]) => codeOf(a).code.localeCompare(codeOf(b).code));
    const balances = new Map<string, number>();
    for (const [ref] of debited) {
      const code = codeOf(ref).code;
      if (!balances.has(code)) balances.set(code, (await lockAccount(trx, ref, input.at)).balance);
    }
    const entry = await trx
      .insertInto('ledger_entry')
      .values({ idem_key: input.key, kind: input.kind, user_id: input.userId, ref: input.ref ?? '', memo: input.memo ?? '', created_at: input.at })
      .onConflict((oc) => oc.column('idem_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!entry) return false;
    for (const [ref, amount] of debited) {
      const code = codeOf(ref).code;
      const left = balances.get(code)! + amount;
      if (left < 0) throw new BusinessError(409, typeof ref !== 'string' && ref.kind === 'frozen' ? '冻结金额不足' : AMOUNT_MESSAGES.overBalance);
      balances.set(code, left);
    }
    for (const [ref, amount] of lines) {
      await trx.insertInto('ledger_posting').values({ entry_id: entry.id, account_id: await accountId(trx, ref, input.at), amount_fen: amount }).execute();
    }
    return true;
  });
}

export async function balanceOf(db: Kysely<Database>, ref: AccountRef): Promise<number> {
  const row = await db.selectFrom('ledger_account').select('id').where('code', '=', codeOf(ref).code).executeTakeFirst();
  return row ? sumOf(db, Number(row.id)) : 0;
}

export async function userBalances(db: Kysely<Database>, userId: number): Promise<{ availableFen: number; frozenFen: number }> {
  const [availableFen, frozenFen] = await Promise.all([balanceOf(db, { user: userId, kind: 'available' }), balanceOf(db, { user: userId, kind: 'frozen' })]);
  return { availableFen, frozenFen };
}

/** Whether an entry with this key exists. */
export async function posted(db: Kysely<Database>, key: string): Promise<boolean> {
  return (await db.selectFrom('ledger_entry').select('id').where('idem_key', '=', key).executeTakeFirst()) !== undefined;
}
