/**
 * Deposits (保证金): confirmation (online payment or an operator confirming a transfer proof) and settlement
 * at the end of an auction. Every state change is a conditional update on the expected status, so a
 * repeated call, a redelivered bank notification or a second server process changes nothing twice.
 */
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { lotTitle } from '#domain/rules/desk';
import type { Page } from '#domain/contract/envelope';
import { fenToYuan, formatFenAsYuan } from '#domain/rules/money';
import { DEPOSIT_PAID_STATUSES, DEPOSIT_STATUS_TEXT } from '#domain/rules/enrolment';
import { type DepositDetail, type DepositMethod, type DepositProof, type DepositProofSubmit, type DepositStatus, type DepositSummary, type PaymentOrderAnswer, type PaymentOrderStatus, type ReceivingAccount } from '#domain/contract/enrolment';
import type { Database } from '../../db/schema.ts';
import type { DepositTable, PaymentOrderTable } from '../../db/tables/enrolment.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import type { Accounts } from '../accounts/context.ts';
import { encryptField } from '../accounts/crypto.ts';
import { ownFile } from '../accounts/files.ts';
import { newCode } from '../common/codes.ts';
import { qualifyEnrolment } from './enrolment.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { post, type AccountRef } from '../money/ledger.ts';
import { depositReleaseChoice } from '../money/preferences.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';

/**
 * At the end of an activity: every confirmed deposit of its project is released, except the winner's, which
 * is kept toward the price. Idempotent (only `confirmed` rows move); sends a 'released' message per release.
 */
export async function settleDeposits(db: Kysely<Database>, o: { activityId: number; winnerUserId: number | null; at: number }): Promise<void> {
  await inTransaction(db, async (trx) => {
    const activity = await trx
      .selectFrom('bid_activity')
      .innerJoin('project', 'project.id', 'bid_activity.project_id')
      .select(['bid_activity.project_id', 'project.assets_name'])
      .where('bid_activity.id', '=', o.activityId)
      .executeTakeFirst();
    if (!activity) return;
    const deposits = await trx
      .selectFrom('deposit')
      .select(['id', 'user_id', 'amount_fen', 'enrolment_id'])
      .where('project_id', '=', activity.project_id)
      .where('status', '=', 'confirmed' satisfies DepositStatus)
      .execute();
    for (const deposit of deposits) {
      if (deposit.user_id === o.winnerUserId) await keepDeposit(trx, deposit.id, o.at);
      else await releaseDeposit(trx, deposit.id, o.at);
    }
  });
}

/** The winner's deposit stays frozen, to be converted to price at settlement. False when not confirmed. */
export async function keepDeposit(db: Kysely<Database>, depositId: number, at: number): Promise<boolean> {
  const moved = await db
    .updateTable('deposit')
    .set({ status: 'kept' satisfies DepositStatus, settled_at: at, updated_at: at })
    .where('id', '=', depositId)
    .where('status', '=', 'confirmed' satisfies DepositStatus)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** A loser's deposit: confirmed → released, frozen → available, and the message. False when not confirmed. */
export async function releaseDeposit(db: Kysely<Database>, depositId: number, at: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('deposit')
      .set({ status: 'released' satisfies DepositStatus, settled_at: at, updated_at: at })
      .where('id', '=', depositId)
      .where('status', '=', 'confirmed' satisfies DepositStatus)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const deposit = await trx
      .selectFrom('deposit')
      .innerJoin('project', 'project.id', 'deposit.project_id')
      .select(['deposit.user_id', 'deposit.amount_fen', 'deposit.method', 'project.assets_name'])
      .where('deposit.id', '=', depositId)
      .executeTakeFirstOrThrow();
    const amount = formatFenAsYuan(deposit.amount_fen, { suffix: ' 元' });
    // Back to the card (the default, 原路退回; the wallet when the user chose it) when it came from outside the wallet and a card is bound: a payout
    // to that card, in flight until the bank pays it (payout clearing, as a withdrawal; a failed payout
    // returns the money to the wallet). Otherwise into the wallet's available balance.
    const choice = await depositReleaseChoice(trx, deposit.user_id);
    const card =
      deposit.method !== 'wallet' && choice === 'card'
        ? await trx.selectFrom('bank_card').select(['id', 'bank_name', 'card_masked']).where('user_id', '=', deposit.user_id).where('status', '=', 'bound').executeTakeFirst()
        : undefined;
    if (card) {
      const withdrawNo = newCode('TX', at);
      await post(trx, {
        key: `deposit:${depositId}:release@${at}`,
        kind: 'depositRefund',
        userId: deposit.user_id,
        ref: `withdrawal:${withdrawNo}`,
        memo: deposit.assets_name,
        at,
        lines: [
          [{ user: deposit.user_id, kind: 'frozen' }, -deposit.amount_fen],
          ['payoutClearing', deposit.amount_fen],
        ],
      });
      await trx.insertInto('withdrawal').values({ withdraw_no: withdrawNo, user_id: deposit.user_id, card_id: card.id, amount_fen: deposit.amount_fen, status: 'requested', fail_reason: '', created_at: at, done_at: null }).execute();
      await sendMessage(trx, {
        userId: deposit.user_id,
        kind: 'released',
        title: lotTitle('保证金退还通知', deposit.assets_name),
        content: `您在「${deposit.assets_name}」项目缴纳的交易保证金 ${amount}已解冻，按您的选择原路退回${card.bank_name}（尾号 ${card.card_masked.slice(-4)}），银行处理后到账；退回失败时将转入您的钱包。`,
        link: `/depositDetail?id=${depositId}`,
        at,
      });
      return true;
    }
    await post(trx, {
      key: `deposit:${depositId}:release@${at}`,
      kind: 'depositRelease',
      userId: deposit.user_id,
      ref: `deposit:${depositId}`,
      memo: deposit.assets_name,
      at,
      lines: [
        [{ user: deposit.user_id, kind: 'frozen' }, -deposit.amount_fen],
        [{ user: deposit.user_id, kind: 'available' }, deposit.amount_fen],
      ],
    });
    await sendMessage(trx, {
      userId: deposit.user_id,
      kind: 'released',
      title: lotTitle('保证金退还通知', deposit.assets_name),
      content:
        deposit.method !== 'wallet' && choice === 'card'
          ? `您在「${deposit.assets_name}」项目缴纳的交易保证金 ${amount}已解冻。您尚未绑定银行卡，无法原路退回，已退还至您的钱包可用余额；请在「资金账户」绑定本人银行卡后于「我的钱包」提现。`
          : `您在「${deposit.assets_name}」项目缴纳的交易保证金 ${amount}已解冻并退还至您的钱包可用余额，可在「我的钱包」提现至绑定的银行卡。`,
      link: `/depositDetail?id=${depositId}`,
      at,
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Confirmation

export interface DepositActor {
  /** 'ops:<os user>', 'gateway:sandbox', 'demo-auto' … */
  name: string;
  ip: string;
}

/**
 * pending | paying | proofSubmitted → confirmed, and the enrolment depositPending → depositConfirmed, then on to
 * qualification. Returns false when the deposit was already confirmed (or settled): applying a confirmation
 * twice changes state once (guide item 21).
 */
export async function confirmDeposit(
  db: Kysely<Database>,
  depositId: number,
  o: { method: 'online' | 'transfer' | 'wallet'; actor: DepositActor; now: number; /** The paid gateway order (online). */ orderNo?: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('deposit')
      .set({ status: 'confirmed' satisfies DepositStatus, method: o.method, confirmed_at: o.now, updated_at: o.now })
      .where('id', '=', depositId)
      .where('status', 'in', ['pending', 'paying', 'proofSubmitted'] satisfies DepositStatus[])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const deposit = await trx.selectFrom('deposit').selectAll().where('id', '=', depositId).executeTakeFirstOrThrow();
    const lot = await trx.selectFrom('project').select('assets_name').where('id', '=', deposit.project_id).executeTakeFirstOrThrow();
    // The money: from the bank (gateway or transfer) or the user's wallet, into the user's frozen account.
    const source: AccountRef = o.method === 'wallet' ? { user: deposit.user_id, kind: 'available' } : 'bank';
    await post(trx, {
      key: `deposit:${depositId}:paid@${o.now}`,
      kind: o.method === 'wallet' ? 'depositFromWallet' : 'depositPaid',
      userId: deposit.user_id,
      ref: o.orderNo ? `payment_order:${o.orderNo}` : `deposit:${depositId}`,
      memo: lot.assets_name,
      at: o.now,
      lines: [
        [source, -deposit.amount_fen],
        [{ user: deposit.user_id, kind: 'frozen' }, deposit.amount_fen],
      ],
    });
    await trx
      .updateTable('enrolment')
      .set({ status: 'depositConfirmed', updated_at: o.now })
      .where('id', '=', deposit.enrolment_id)
      .where('status', '=', 'depositPending')
      .execute();
    const project = await trx.selectFrom('project').select('assets_name').where('id', '=', deposit.project_id).executeTakeFirstOrThrow();
    await appendAudit(trx, o.now, { userId: deposit.user_id, ip: o.actor.ip, action: 'deposit.confirm', object: `deposit:${depositId}`, result: 'success', detail: `${o.method}:${o.actor.name}` });
    await sendMessage(trx, {
      userId: deposit.user_id,
      kind: 'deposit',
      title: lotTitle('保证金到账确认', project.assets_name),
      content: `您为「${project.assets_name}」缴纳的交易保证金 ${formatFenAsYuan(deposit.amount_fen, { suffix: ' 元' })}已确认到账。`,
      link: `/depositDetail?id=${depositId}`,
      at: o.now,
    });
    await qualifyEnrolment(trx, deposit.enrolment_id, o.now);
    return true;
  });
}

/**
 * Pays a deposit from the wallet: the available balance is frozen for it (one entry, under the account's
 * lock) and the deposit is confirmed like any other payment. 409 可用余额不足 when the balance is short.
 */
export async function payDepositFromWallet(db: Kysely<Database>, userId: number, depositId: number, now: number, ip: string): Promise<void> {
  const deposit = await ownDeposit(db, userId, depositId);
  await assertPayable(db, deposit);
  if (deposit.status === 'proofSubmitted') throw new BusinessError(409, '您已提交线下转账凭证，请等待确认');
  const done = await confirmDeposit(db, depositId, { method: 'wallet', actor: { name: `user:${userId}`, ip }, now });
  if (!done) throw new BusinessError(409, '该保证金已缴纳，无需重复支付');
}

/**
 * Forfeits a paid deposit (悔拍 and the guide's other cases): confirmed | kept → forfeited, and the frozen
 * money goes to the exchange's forfeit income with the reason, shown to the user. False when the deposit is
 * not (or no longer) frozen.
 */
export async function forfeitDeposit(db: Kysely<Database>, depositId: number, reason: string, actor: DepositActor, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('deposit')
      .set({ status: 'forfeited' satisfies DepositStatus, settled_at: now, updated_at: now })
      .where('id', '=', depositId)
      .where('status', 'in', ['confirmed', 'kept'] satisfies DepositStatus[])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const deposit = await trx.selectFrom('deposit').selectAll().where('id', '=', depositId).executeTakeFirstOrThrow();
    const lot = await trx.selectFrom('project').select('assets_name').where('id', '=', deposit.project_id).executeTakeFirstOrThrow();
    await post(trx, {
      key: `deposit:${depositId}:forfeit`,
      kind: 'depositForfeit',
      userId: deposit.user_id,
      ref: `deposit:${depositId}`,
      memo: `${lot.assets_name}：${reason}`.slice(0, 500),
      at: now,
      lines: [
        [{ user: deposit.user_id, kind: 'frozen' }, -deposit.amount_fen],
        ['forfeitIncome', deposit.amount_fen],
      ],
    });
    await appendAudit(trx, now, { userId: deposit.user_id, ip: actor.ip, action: 'deposit.forfeit', object: `deposit:${depositId}`, result: 'success', detail: `${actor.name}:${reason}`.slice(0, 500) });
    await sendMessage(trx, {
      userId: deposit.user_id,
      kind: 'deposit',
      title: lotTitle('保证金没收通知', lot.assets_name),
      content: `您为「${lot.assets_name}」缴纳的交易保证金 ${formatFenAsYuan(deposit.amount_fen, { suffix: ' 元' })}已被没收，原因：${reason}。如有异议，可提出申诉。`,
      link: `/depositDetail?id=${depositId}`,
      at: now,
    });
    return true;
  });
}

/** The exchange's settlement account for transfers (shown on /depositAddPayInfo). */
export const RECEIVING_ACCOUNT: ReceivingAccount = {
  accountName: '河北产权市场有限公司',
  bankName: '中国银行股份有限公司石家庄裕华支行',
  accountNo: '1012 8866 0000 2026 0713',
};

export const MSG_DEPOSIT_NOT_FOUND = '保证金记录不存在';

type DepositRow = Selectable<DepositTable>;

/** A deposit of this user (404 for anyone else's: guide item 8). */
export async function ownDeposit(db: Kysely<Database>, userId: number, depositId: number): Promise<DepositRow> {
  const row = await db.selectFrom('deposit').selectAll().where('id', '=', depositId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_DEPOSIT_NOT_FOUND);
  return row;
}

/** Only while the enrolment waits for its deposit and the deposit is not yet confirmed. */
async function assertPayable(db: Kysely<Database>, deposit: DepositRow): Promise<void> {
  const status = deposit.status as DepositStatus;
  if (DEPOSIT_PAID_STATUSES.includes(status)) throw new BusinessError(409, '该保证金已缴纳，无需重复支付');
  const enrolment = await db.selectFrom('enrolment').select('status').where('id', '=', deposit.enrolment_id).executeTakeFirstOrThrow();
  if (enrolment.status !== 'depositPending') throw new BusinessError(409, '报名审核通过后方可缴纳保证金');
}

// ---------------------------------------------------------------------------------------------------------
// Bank transfer with a payment proof

const MASK_ACCOUNT = (account: string) => (account.length <= 10 ? `${account.slice(0, 2)}****${account.slice(-2)}` : `${account.slice(0, 6)}${'*'.repeat(account.length - 10)}${account.slice(-4)}`);

/** The proof as the route parsed it (paid time in epoch ms). */
export type DepositProofInput = Omit<DepositProofSubmit, 'paidTime'> & { paidAt: number };

export async function submitProof(a: Pick<Accounts, 'db' | 'now' | 'secrets'>, userId: number, input: DepositProofInput, ip: string): Promise<void> {
  const now = a.now();
  const deposit = await ownDeposit(a.db, userId, input.depositId);
  await assertPayable(a.db, deposit);
  if (!(await ownFile(a, userId, input.fileId))) throw new BusinessError(400, '付款凭证文件不存在，请重新上传');
  const amountFen = Math.round(input.amount * 100);
  if (amountFen !== deposit.amount_fen) throw new BusinessError(400, `付款金额须与应缴保证金 ${formatFenAsYuan(deposit.amount_fen, { suffix: ' 元' })}一致`);
  const account = input.payerAccount.replace(/\s+/g, '');
  await a.db.transaction().execute(async (trx) => {
    const proof = await trx
      .insertInto('deposit_proof')
      .values({
        deposit_id: deposit.id,
        user_id: userId,
        file_id: input.fileId,
        payer_name: input.payerName,
        payer_account_enc: encryptField(a.secrets.fieldKey, account),
        payer_account_masked: MASK_ACCOUNT(account),
        bank_name: input.bankName,
        amount_fen: amountFen,
        paid_at: input.paidAt,
        note: input.note,
        status: 'submitted',
        reject_reason: '',
        created_at: now,
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('deposit')
      .set({ status: 'proofSubmitted' satisfies DepositStatus, method: 'transfer', updated_at: now })
      .where('id', '=', deposit.id)
      .where('status', 'in', ['pending', 'paying', 'proofSubmitted'] satisfies DepositStatus[])
      .execute();
    await appendAudit(trx, now, { userId, ip, action: 'deposit.proof', object: `deposit_proof:${proof.id}`, result: 'success', detail: `deposit:${deposit.id}` });
  });
}

/** The operator saw the transfer: the proof is confirmed and so is its deposit. */
export async function confirmProof(db: Kysely<Database>, proofId: number, actor: DepositActor, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx.updateTable('deposit_proof').set({ status: 'confirmed', reviewed_at: now }).where('id', '=', proofId).where('status', '=', 'submitted').executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const proof = await trx.selectFrom('deposit_proof').select('deposit_id').where('id', '=', proofId).executeTakeFirstOrThrow();
    await confirmDeposit(trx, proof.deposit_id, { method: 'transfer', actor, now });
    return true;
  });
}

/** The transfer was not found: the proof is rejected with a reason and the deposit waits again. */
export async function rejectProof(db: Kysely<Database>, proofId: number, reason: string, actor: DepositActor, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('deposit_proof')
      .set({ status: 'rejected', reject_reason: reason.slice(0, 500), reviewed_at: now })
      .where('id', '=', proofId)
      .where('status', '=', 'submitted')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const proof = await trx.selectFrom('deposit_proof').select(['deposit_id', 'user_id']).where('id', '=', proofId).executeTakeFirstOrThrow();
    const lot = await trx.selectFrom('deposit').innerJoin('project', 'project.id', 'deposit.project_id').select('project.assets_name').where('deposit.id', '=', proof.deposit_id).executeTakeFirst();
    await trx.updateTable('deposit').set({ status: 'pending' satisfies DepositStatus, updated_at: now }).where('id', '=', proof.deposit_id).where('status', '=', 'proofSubmitted').execute();
    await appendAudit(trx, now, { userId: proof.user_id, ip: actor.ip, action: 'deposit.proof.reject', object: `deposit_proof:${proofId}`, result: 'success', detail: actor.name });
    await sendMessage(trx, {
      userId: proof.user_id,
      kind: 'deposit',
      title: lotTitle('付款凭证未通过确认', lot?.assets_name),
      content: `您提交的保证金付款凭证未通过确认，原因：${reason}。请核对后重新提交。`,
      link: `/depositDetail?id=${proof.deposit_id}`,
      at: now,
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** A deposit with its project's name and code: each deposit one row. */
function withProject<O>(q: SelectQueryBuilder<Database, 'deposit', O>) {
  return q.innerJoin('project', 'project.id', 'deposit.project_id').selectAll('deposit').select(['project.assets_name', 'project.project_code']);
}

function summaryQuery(db: Kysely<Database>) {
  return withProject(db.selectFrom('deposit'));
}

function toSummary(r: DepositRow & { assets_name: string }): DepositSummary {
  const status = r.status as DepositStatus;
  return {
    id: r.id,
    depositCode: r.deposit_code,
    enrolmentId: r.enrolment_id,
    assetsId: r.project_id,
    assetsName: r.assets_name,
    amount: fenToYuan(r.amount_fen),
    status,
    statusText: DEPOSIT_STATUS_TEXT[status],
    method: (r.method as DepositMethod) || '',
    confirmTime: r.confirmed_at === null ? null : formatChinaTime(r.confirmed_at),
    settleTime: r.settled_at === null ? null : formatChinaTime(r.settled_at),
    createTime: formatChinaTime(r.created_at),
  };
}

export async function myDeposits(db: Kysely<Database>, userId: number, q: PageRequest): Promise<Page<DepositSummary>> {
  return fetchPage(
    db.selectFrom('deposit').where('deposit.user_id', '=', userId),
    q,
    // Most recently changed first: a deposit just paid, released or kept comes to the top.
    (b) => withProject(b).orderBy('deposit.updated_at', 'desc').orderBy('deposit.id', 'desc'),
    toSummary,
  );
}

export function toOrderAnswer(o: Selectable<PaymentOrderTable>, gatewayName: string): PaymentOrderAnswer {
  return {
    orderNo: o.order_no,
    // Only deposit orders are answered in this shape (top-ups: wallet.ts).
    depositId: o.deposit_id ?? 0,
    amount: fenToYuan(o.amount_fen),
    status: o.status as PaymentOrderStatus,
    gateway: o.gateway,
    gatewayName,
    createTime: formatChinaTime(o.created_at),
    paidTime: o.paid_at === null ? null : formatChinaTime(o.paid_at),
  };
}

export async function myDeposit(db: Kysely<Database>, userId: number, depositId: number, gatewayName: (gateway: string) => string): Promise<DepositDetail> {
  const row = await summaryQuery(db).where('deposit.id', '=', depositId).where('deposit.user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_DEPOSIT_NOT_FOUND);
  const proofs = await db.selectFrom('deposit_proof').selectAll().where('deposit_id', '=', depositId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const order = await db.selectFrom('payment_order').selectAll().where('deposit_id', '=', depositId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return {
    ...toSummary(row),
    projectCode: row.project_code,
    proofs: proofs.map(
      (p): DepositProof => ({
        id: p.id,
        fileId: p.file_id,
        payerName: p.payer_name,
        payerAccount: p.payer_account_masked,
        bankName: p.bank_name,
        amount: fenToYuan(p.amount_fen),
        paidTime: formatChinaTime(p.paid_at),
        note: p.note,
        status: p.status as DepositProof['status'],
        rejectReason: p.reject_reason,
        submitTime: formatChinaTime(p.created_at),
      }),
    ),
    receiving: RECEIVING_ACCOUNT,
    order: order ? toOrderAnswer(order, gatewayName(order.gateway)) : null,
  };
}

export interface OpsDeposit {
  id: number;
  depositCode: string;
  status: DepositStatus;
  loginName: string;
  assetsName: string;
  amount: number;
  proofs: { id: number; status: string; payerName: string; payerAccount: string; amount: number }[];
}

export async function listDeposits(db: Kysely<Database>, statuses: DepositStatus[] | null, limit = 200): Promise<OpsDeposit[]> {
  let q = db
    .selectFrom('deposit')
    .innerJoin('app_user', 'app_user.id', 'deposit.user_id')
    .innerJoin('project', 'project.id', 'deposit.project_id')
    .select(['deposit.id', 'deposit.deposit_code', 'deposit.status', 'app_user.login_name', 'project.assets_name', 'deposit.amount_fen']);
  if (statuses) q = q.where('deposit.status', 'in', statuses);
  const rows = await q.orderBy('deposit.created_at', 'asc').orderBy('deposit.id', 'asc').limit(limit).execute();
  const out: OpsDeposit[] = [];
  for (const r of rows) {
    const proofs = await db.selectFrom('deposit_proof').select(['id', 'status', 'payer_name', 'payer_account_masked', 'amount_fen']).where('deposit_id', '=', r.id).orderBy('id').execute();
    out.push({
      id: r.id,
      depositCode: r.deposit_code,
      status: r.status as DepositStatus,
      loginName: r.login_name,
      assetsName: r.assets_name,
      amount: fenToYuan(r.amount_fen),
      proofs: proofs.map((p) => ({ id: p.id, status: p.status, payerName: p.payer_name, payerAccount: p.payer_account_masked, amount: fenToYuan(p.amount_fen) })),
    });
  }
  return out;
}
