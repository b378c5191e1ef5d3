/**
 * Wallet (/wallet/index, /wallet/detail, /wallet/handle) and fund account (/accountFunds,
 * /accountFundsDetail): balances read from the ledger, the user's entries page by page, top-up through the
 * gateway, withdrawal to the bound card (SMS-confirmed), bank-card binding (bank list, Luhn, the account name
 * equal to the verified name, SMS-confirmed) and unbinding while no withdrawal is in flight. Every record is
 * read with the user's id in the query: another user's answers 404.
 */
import type { Kysely } from 'kysely';
import { SMS_PURPOSES } from '#domain/contract/auth';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import { BANKS, type BankCardView, type FundAccount, type LedgerEntryKind, type TopUpOrder, type WalletEntry, type WalletSummary, type WalletWithdrawal } from '#domain/contract/ledger';
import { LEDGER_ENTRY_TEXT, validateCardNumber } from '#domain/rules/ledger';
import { fenToYuan } from '#domain/rules/money';

import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { maskMobile } from '../accounts/crypto.ts';
import type { Accounts } from '../accounts/context.ts';
import { checkSmsCode, sendSmsCode, type SmsLimiter } from '../accounts/sms.ts';
import { bidderFacts } from '../enrolment/enrolment.ts';
import { slicePage } from '../common/paging.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { userBalances } from './ledger.ts';
import { requestWithdrawal, storeCard } from './movements.ts';

export const MSG_ENTRY_NOT_FOUND = '账务记录不存在';
export const MSG_ORDER_NOT_FOUND = '充值订单不存在';
export const MSG_BAD_SMS = '短信验证码错误或已失效';

async function boundCard(db: Kysely<Database>, userId: number) {
  return db.selectFrom('bank_card').selectAll().where('user_id', '=', userId).where('status', '=', 'bound').executeTakeFirst();
}

function cardView(c: { id: number; bank_code: string; bank_name: string; card_masked: string; account_name: string; bound_at: number } | undefined): BankCardView | null {
  return c ? { id: c.id, bankCode: c.bank_code, bankName: c.bank_name, cardNo: c.card_masked, accountName: c.account_name, bindTime: formatChinaTime(c.bound_at) } : null;
}

async function withdrawingFen(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function walletSummary(db: Kysely<Database>, userId: number): Promise<WalletSummary> {
  const b = await userBalances(db, userId);
  return { available: fenToYuan(b.availableFen), frozen: fenToYuan(b.frozenFen), withdrawing: fenToYuan(await withdrawingFen(db, userId)), card: cardView(await boundCard(db, userId)) };
}

/** The user's entries with the change each made to their available and frozen accounts. */
function entriesQuery(db: Kysely<Database>, userId: number) {
  const codeA = `U${userId}:available`;
  const codeF = `U${userId}:frozen`;
  return db
    .selectFrom('ledger_entry')
    .innerJoin('ledger_posting', 'ledger_posting.entry_id', 'ledger_entry.id')
    .innerJoin('ledger_account', 'ledger_account.id', 'ledger_posting.account_id')
    .where('ledger_account.code', 'in', [codeA, codeF])
    .select((eb) => [
      'ledger_entry.id',
      'ledger_entry.kind',
      'ledger_entry.memo',
      'ledger_entry.ref',
      'ledger_entry.created_at',
      eb.fn.sum<number>(eb.case().when('ledger_account.code', '=', codeA).then(eb.ref('ledger_posting.amount_fen')).else(eb.lit(0)).end()).as('available'),
      eb.fn.sum<number>(eb.case().when('ledger_account.code', '=', codeF).then(eb.ref('ledger_posting.amount_fen')).else(eb.lit(0)).end()).as('frozen'),
    ])
    .groupBy(['ledger_entry.id', 'ledger_entry.kind', 'ledger_entry.memo', 'ledger_entry.ref', 'ledger_entry.created_at']);
}

function toEntry(r: { id: number; kind: string; memo: string; ref: string; created_at: number; available: number; frozen: number }): WalletEntry {
  const kind = r.kind as LedgerEntryKind;
  return {
    id: Number(r.id),
    kind,
    kindText: LEDGER_ENTRY_TEXT[kind] ?? r.kind,
    availableChange: fenToYuan(Number(r.available)),
    frozenChange: fenToYuan(Number(r.frozen)),
    memo: r.memo,
    ref: r.ref,
    time: formatChinaTime(Number(r.created_at)),
  };
}

export interface EntryFilter {
  current: number;
  size: number;
  kind?: LedgerEntryKind | undefined;
  /** in: money came to the available balance; out: it left it. */
  direction?: 'in' | 'out' | undefined;
}

export async function walletEntries(db: Kysely<Database>, userId: number, f: EntryFilter): Promise<Page<WalletEntry>> {
  let q = entriesQuery(db, userId);
  if (f.kind) q = q.where('ledger_entry.kind', '=', f.kind);
  const rows = await q.orderBy('ledger_entry.created_at', 'desc').orderBy('ledger_entry.id', 'desc').execute();
  // Direction filters on the computed change (a user has at most a few thousand entries: paged in memory).
  const all = rows.map(toEntry).filter((e) => (f.direction === 'in' ? e.availableChange > 0 : f.direction === 'out' ? e.availableChange < 0 : true));
  return slicePage(all, f);
}

export async function walletEntry(db: Kysely<Database>, userId: number, id: number): Promise<WalletEntry> {
  const row = await entriesQuery(db, userId).where('ledger_entry.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_ENTRY_NOT_FOUND);
  return toEntry(row);
}

export async function topUpOrder(db: Kysely<Database>, gatewayName: (g: string) => string, userId: number, orderNo: string): Promise<TopUpOrder> {
  const o = await db.selectFrom('payment_order').selectAll().where('order_no', '=', orderNo).where('user_id', '=', userId).where('purpose', 'in', ['topUp', 'settlement']).executeTakeFirst();
  if (!o) throw notFound(MSG_ORDER_NOT_FOUND);
  return { orderNo: o.order_no, amount: fenToYuan(o.amount_fen), status: o.status as TopUpOrder['status'], gatewayName: gatewayName(o.gateway) };
}

// ---------------------------------------------------------------------------------------------------------
// Fund account

async function userPhone(db: Kysely<Database>, userId: number): Promise<string> {
  const user = await db.selectFrom('app_user').select('phone').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!user.phone) throw new BusinessError(409, '请先绑定手机号码');
  return user.phone;
}

/** The verified name the card's account must carry, or null before real-name verification. */
async function requiredName(a: Pick<Accounts, 'db' | 'secrets'>, userId: number): Promise<{ name: string; isOrg: boolean } | null> {
  const verified = await a.db.selectFrom('verification').select('id').where('user_id', '=', userId).where('state', '=', 'approved').executeTakeFirst();
  if (!verified) return null;
  const facts = await bidderFacts(a, userId);
  return { name: facts.fullName, isOrg: facts.bidderType === 2 };
}

async function unbindBlocked(db: Kysely<Database>, userId: number): Promise<string> {
  if ((await withdrawingFen(db, userId)) > 0) return '您有提现正在处理中，处理完成后方可解绑';
  return '';
}

export async function fundAccount(a: Pick<Accounts, 'db' | 'secrets'>, userId: number): Promise<FundAccount> {
  const phone = (await a.db.selectFrom('app_user').select('phone').where('id', '=', userId).executeTakeFirstOrThrow()).phone ?? '';
  return { card: cardView(await boundCard(a.db, userId)), requiredName: (await requiredName(a, userId))?.name ?? null, phone: phone ? maskMobile(phone) : '', unbindBlocked: await unbindBlocked(a.db, userId) };
}

export type CardSmsPurpose = 'bind' | 'unbind' | 'withdraw';
const SMS_OF: Record<CardSmsPurpose, number> = { bind: SMS_PURPOSES.bindCard, unbind: SMS_PURPOSES.unbindCard, withdraw: SMS_PURPOSES.withdraw };

/**
 * Sends the confirmation code to the account's own phone (never a phone from the request), under the
 * same per-address and per-phone limits as every other SMS.
 */
export async function sendMoneySms(a: Accounts, limiter: SmsLimiter, userId: number, purpose: CardSmsPurpose, ip: string) {
  return sendSmsCode(a, limiter, { phone: await userPhone(a.db, userId), purpose: SMS_OF[purpose], ip });
}

async function checkMoneySms(a: Accounts, userId: number, purpose: CardSmsPurpose, code: string): Promise<void> {
  if (!(await checkSmsCode(a, await userPhone(a.db, userId), SMS_OF[purpose], code))) throw new BusinessError(400, MSG_BAD_SMS);
}

export async function bindCard(a: Accounts, userId: number, input: { bankCode: string; cardNo: string; accountName: string; smsCode: string }, ip: string): Promise<FundAccount> {
  const bank = BANKS.find((b) => b.code === input.bankCode);
  if (!bank) throw new BusinessError(400, '请选择开户银行');
  const card = validateCardNumber(input.cardNo);
  if (!card.ok) throw new BusinessError(400, card.message);
  const required = await requiredName(a, userId);
  if (required === null) throw new BusinessError(403, '请先完成实名认证，再绑定银行卡');
  const name = required.name;
  if (input.accountName.trim() !== name) throw new BusinessError(400, required.isOrg ? '开户名须与认证的机构名称一致' : '开户名须与实名认证的姓名一致');
  if (await boundCard(a.db, userId)) throw new BusinessError(409, '您已绑定银行卡，如需更换请先解绑');
  await checkMoneySms(a, userId, 'bind', input.smsCode);
  const now = a.now();
  await inTransaction(a.db, async (trx) => {
    const id = await storeCard(trx, a.secrets.fieldKey, { userId, bankCode: bank.code, bankName: bank.name, cardNo: input.cardNo.replace(/ /g, ''), accountName: name, at: now });
    await appendAudit(trx, now, { userId, ip, action: 'fund.card.bind', object: `bank_card:${id}`, result: 'success', detail: bank.code });
    await sendMessage(trx, { userId, kind: 'system', title: '银行卡绑定成功', content: `您已绑定${bank.name}银行卡（尾号 ${input.cardNo.replace(/ /g, '').slice(-4)}），提现将转入该卡。`, link: '/accountFunds', at: now });
  });
  return fundAccount(a, userId);
}

export async function unbindCard(a: Accounts, userId: number, smsCode: string, ip: string): Promise<FundAccount> {
  const card = await boundCard(a.db, userId);
  if (!card) throw new BusinessError(409, '您尚未绑定银行卡');
  const blocked = await unbindBlocked(a.db, userId);
  if (blocked) throw new BusinessError(409, blocked);
  await checkMoneySms(a, userId, 'unbind', smsCode);
  const now = a.now();
  await inTransaction(a.db, async (trx) => {
    // A withdrawal requested meanwhile keeps the card (the same check inside the transaction).
    if ((await withdrawingFen(trx, userId)) > 0) throw new BusinessError(409, '您有提现正在处理中，处理完成后方可解绑');
    await trx.updateTable('bank_card').set({ status: 'unbound', unbound_at: now }).where('id', '=', card.id).where('status', '=', 'bound').execute();
    await appendAudit(trx, now, { userId, ip, action: 'fund.card.unbind', object: `bank_card:${card.id}`, result: 'success', detail: '' });
  });
  return fundAccount(a, userId);
}

export async function withdraw(a: Accounts, userId: number, amountFen: number, smsCode: string, ip: string): Promise<WalletWithdrawal> {
  const card = await boundCard(a.db, userId);
  if (!card) throw new BusinessError(409, '请先在「资金账户」绑定银行卡');
  const { availableFen } = await userBalances(a.db, userId);
  if (availableFen < amountFen) throw new BusinessError(409, '可用余额不足');
  await checkMoneySms(a, userId, 'withdraw', smsCode);
  const now = a.now();
  const { withdrawNo } = await inTransaction(a.db, async (trx) => {
    const w = await requestWithdrawal(trx, userId, amountFen, now, ip);
    await sendMessage(trx, { userId, kind: 'system', title: '提现申请已受理', content: `您申请提现 ${fenToYuan(amountFen).toFixed(2)} 元至${card.bank_name}（尾号 ${card.card_masked.slice(-4)}），银行处理后到账。`, link: '/wallet/index', at: now });
    return w;
  });
  return { withdrawNo, amount: fenToYuan(amountFen), status: 'requested', cardNo: card.card_masked, time: formatChinaTime(now) };
}
