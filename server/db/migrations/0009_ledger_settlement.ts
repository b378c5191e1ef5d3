/**
 * After the hammer: the double-entry ledger every movement of money posts onto, the payment
 * order generalised beyond deposits (top-ups and settlement payments go through the same gateway), bound
 * bank cards and withdrawals. Existing deposits are moved onto the ledger here (their payment, and the
 * release back to the card they came from), so the books of an installation that ran before balance too.
 *
 * Ledger convention: a posting's amount is signed integer fen and an account's balance is the sum of its
 * postings. Users' accounts (available, frozen) and the exchange's liabilities and income carry positive
 * balances; the exchange's bank clearing account is their counterpart and goes negative as money comes in.
 * Every entry sums to zero, so the whole book does.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // payment_order: deposit_id becomes optional, `purpose` says what the order pays and `ref_id` which record.
  if (isPostgres(db)) {
    await sql`alter table payment_order alter column deposit_id drop not null`.execute(db);
    await db.schema.alterTable('payment_order').addColumn('purpose', 'text', (c) => c.notNull().defaultTo('deposit')).execute();
    await db.schema.alterTable('payment_order').addColumn('ref_id', 'bigint').execute();
  } else {
    // SQLite cannot drop a NOT NULL: rebuild the table (nothing references it by foreign key).
    await withId(db, db.schema.createTable('payment_order_new'))
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('deposit_id', 'bigint', (c) => c.references('deposit.id'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('amount_fen', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('gateway_txn', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('deposit'))
      .addColumn('ref_id', 'bigint')
      .execute();
    await sql`insert into payment_order_new (id, order_no, deposit_id, user_id, gateway, amount_fen, status, gateway_txn, created_at, paid_at)
      select id, order_no, deposit_id, user_id, gateway, amount_fen, status, gateway_txn, created_at, paid_at from payment_order`.execute(db);
    await db.schema.dropTable('payment_order').execute();
    await sql`alter table payment_order_new rename to payment_order`.execute(db);
    await db.schema.createIndex('payment_order_deposit_idx').on('payment_order').column('deposit_id').execute();
    await db.schema.createIndex('payment_order_status_idx').on('payment_order').columns(['status', 'created_at']).execute();
  }
  await db.schema.createIndex('payment_order_user_idx').on('payment_order').columns(['user_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('ledger_account'))
    // 'U<userId>:available' / 'U<userId>:frozen' / 'EX:bank' …
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('ledger_entry'))
    // One movement: the idempotency key makes a replay (a redelivered notice, a repeated command) post nothing.
    .addColumn('idem_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entry_user_idx').on('ledger_entry').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('ledger_entry_ref_idx').on('ledger_entry').column('ref').execute();

  await withId(db, db.schema.createTable('ledger_posting'))
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('ledger_entry.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_account.id'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_posting_account_idx').on('ledger_posting').columns(['account_id', 'entry_id']).execute();
  await db.schema.createIndex('ledger_posting_entry_idx').on('ledger_posting').column('entry_id').execute();

  await withId(db, db.schema.createTable('bank_card'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    // AES-256-GCM (accounts field key); answers show card_masked (first 6 + last 4).
    .addColumn('card_enc', 'text', (c) => c.notNull())
    .addColumn('card_masked', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bound_at', 'bigint', (c) => c.notNull())
    .addColumn('unbound_at', 'bigint')
    .execute();
  await db.schema.createIndex('bank_card_user_idx').on('bank_card').columns(['user_id', 'status']).execute();

  await withId(db, db.schema.createTable('withdrawal'))
    .addColumn('withdraw_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('card_id', 'bigint', (c) => c.notNull().references('bank_card.id'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    // requested → paid | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fail_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema.createIndex('withdrawal_user_idx').on('withdrawal').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawal_status_idx').on('withdrawal').column('status').execute();

  // The winner's deal (成交): confirmation, settlement payment and the exchange's steps after it.
  await withId(db, db.schema.createTable('deal'))
    .addColumn('deal_code', 'text', (c) => c.notNull().unique())
    .addColumn('activity_id', 'bigint', (c) => c.unique().references('bid_activity.id'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('deposit_id', 'bigint', (c) => c.references('deposit.id'))
    .addColumn('bid_code', 'text', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('fee_fen', 'bigint', (c) => c.notNull())
    .addColumn('deposit_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pay_method', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('forfeit_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deal_at', 'bigint', (c) => c.notNull())
    .addColumn('confirm_due_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('pay_due_at', 'bigint')
    .addColumn('paid_at', 'bigint')
    .addColumn('handover_at', 'bigint')
    .addColumn('certificate_at', 'bigint')
    .addColumn('payout_at', 'bigint')
    .addColumn('forfeited_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deal_user_idx').on('deal').columns(['user_id', 'deal_at']).execute();
  await db.schema.createIndex('deal_status_idx').on('deal').columns(['status', 'confirm_due_at']).execute();

  // Invoices for paid service fees: requested → issued | refused.
  await withId(db, db.schema.createTable('invoice'))
    .addColumn('invoice_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('deal_id', 'bigint', (c) => c.notNull().references('deal.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('taxpayer_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('refuse_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('invoice_user_idx').on('invoice').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('invoice_deal_idx').on('invoice').columns(['deal_id', 'status']).execute();

  await backfillDeposits(db);
}

/**
 * Deposits paid before the ledger existed: confirmed and kept ones sit frozen (paid in from the bank);
 * released ones were paid in and went back the way they came (the release message said so).
 */
async function backfillDeposits(db: Kysely<unknown>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = db as Kysely<any>;
  const deposits: Array<{ id: number; user_id: number; amount_fen: number; status: string; confirmed_at: number | null; settled_at: number | null; created_at: number }> = await k
    .selectFrom('deposit')
    .select(['id', 'user_id', 'amount_fen', 'status', 'confirmed_at', 'settled_at', 'created_at'])
    .where('status', 'in', ['confirmed', 'kept', 'released'])
    .orderBy('id')
    .execute();
  if (deposits.length === 0) return;
  const accounts = new Map<string, number>();
  const account = async (code: string, userId: number | null, kind: string, at: number): Promise<number> => {
    const known = accounts.get(code);
    if (known !== undefined) return known;
    const row = await k.insertInto('ledger_account').values({ code, user_id: userId, kind, created_at: at }).returning('id').executeTakeFirstOrThrow();
    accounts.set(code, Number(row.id));
    return Number(row.id);
  };
  const post = async (key: string, kind: string, userId: number, memo: string, at: number, lines: Array<[number, number]>) => {
    const entry = await k.insertInto('ledger_entry').values({ idem_key: key, kind, user_id: userId, ref: '', memo, created_at: at }).returning('id').executeTakeFirstOrThrow();
    for (const [accountId, amount] of lines) await k.insertInto('ledger_posting').values({ entry_id: entry.id, account_id: accountId, amount_fen: amount }).execute();
  };
  for (const d of deposits) {
    const paidAt = Number(d.confirmed_at ?? d.created_at);
    const bank = await account('EX:bank', null, 'bank', paidAt);
    const frozen = await account(`U${d.user_id}:frozen`, Number(d.user_id), 'frozen', paidAt);
    const amount = Number(d.amount_fen);
    await post(`deposit:${d.id}:paid@${paidAt}`, 'depositPaid', Number(d.user_id), '保证金缴纳（账本启用前）', paidAt, [[bank, -amount], [frozen, amount]]);
    if (d.status === 'released') {
      const at = Number(d.settled_at ?? paidAt);
      await post(`deposit:${d.id}:refund@${paidAt}`, 'depositRefund', Number(d.user_id), '保证金原路退还（账本启用前）', at, [[frozen, -amount], [bank, amount]]);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invoice', 'deal', 'withdrawal', 'bank_card', 'ledger_posting', 'ledger_entry', 'ledger_account']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('payment_order_user_idx').execute();
  if (isPostgres(db)) {
    await db.schema.alterTable('payment_order').dropColumn('ref_id').execute();
    await db.schema.alterTable('payment_order').dropColumn('purpose').execute();
  }
}
