/**
 * Wallet and fund account (MONEY_PATHS in domain/rules/ledger.ts): thin translations to services/money.
 * Every record is read with the caller's id: another user's answers 404. Amounts arrive in yuan and are
 * checked by the shared rule (parseWalletAmount: integer fen, no sub-fen, no negatives, a ceiling).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BANKS, DEPOSIT_RELEASE_CHOICES, LEDGER_ENTRY_KINDS, MONEY_PATHS } from '#domain/contract/ledger';
import { parseWalletAmount } from '#domain/rules/ledger';
import { requiredText } from '../http/account-params.ts';
import { pagingParams, requiredId } from '../http/params.ts';
import { ok } from '../lib/envelope.ts';
import { payDepositFromWallet } from '../services/enrolment/deposits.ts';
import { createTopUpOrder } from '../services/payments/orders.ts';
import { DEAL_PROOF_NOTE_MAX } from '#domain/rules/settlement';
import { SETTLEMENT_PATHS, type SettlementSettings } from '#domain/contract/settlement';
import { INVOICE_PATHS } from '#domain/contract/invoice';
import { invoicePdf, invoiceableDeals, myInvoices, requestInvoice } from '../services/money/invoices.ts';
import { confirmDeal, createDealOrder, dealLetterPdf, myDeal, myDeals, payDealFromWallet, submitDealProof } from '../services/money/deals.ts';
import { releasePreference, setReleasePreference } from '../services/money/preferences.ts';
import { bindCard, fundAccount, sendMoneySms, topUpOrder, unbindCard, walletEntries, walletEntry, walletSummary, withdraw } from '../services/money/wallet.ts';

/** A document of the caller's as PDF bytes (read with the token, shown from a blob; never cached). */
const sendPdf = (reply: FastifyReply, bytes: Uint8Array, name: string) =>
  reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(Buffer.from(bytes));

/** Yuan → integer fen with the shared rule's Chinese message. */
const amountFen = z.unknown().transform((value, ctx) => {
  const parsed = parseWalletAmount(typeof value === 'number' || typeof value === 'string' ? value : null);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.fen;
});
const smsCode = z.string({ error: '请输入短信验证码' }).regex(/^\d{6}$/, { error: '短信验证码为6位数字' });
const entriesParams = z.object({
  ...pagingParams(10),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LEDGER_ENTRY_KINDS, { error: '参数 kind 不正确' }).optional()),
  direction: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['in', 'out'], { error: '参数 direction 须为 in 或 out' }).optional()),
});
const idParams = z.object({ id: requiredId('id') });
const proofParams = z.object({
  id: requiredId('id'),
  fileId: z.string({ error: '请选择转账凭证文件' }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '请选择转账凭证文件' }),
  note: z.string().max(DEAL_PROOF_NOTE_MAX, { error: `备注不能超过${DEAL_PROOF_NOTE_MAX}个字` }).optional(),
});
const orderParams = z.object({ orderNo: z.string({ error: '订单号不能为空' }).regex(/^(TU|ST)\d{16}$/, { error: '订单号格式不正确' }) });
const bankCodes = BANKS.map((b) => b.code) as [string, ...string[]];
const bindParams = z.object({
  bankCode: z.enum(bankCodes, { error: '请选择开户银行' }),
  cardNo: z.string({ error: '请输入银行卡号' }).max(30, { error: '银行卡号应为 12–19 位数字' }),
  accountName: requiredText('开户名', 100),
  smsCode,
});

const text = (max: number, message: string) => z.string({ error: message }).max(max, { error: message }).default('');
const invoiceParams = z.object({
  dealId: requiredId('dealId'),
  kind: z.enum(['normal', 'special'], { error: '请选择发票类型' }),
  title: text(100, '请填写发票抬头（不超过100个字符）'),
  taxpayerNo: text(30, '统一社会信用代码长度不为18位'),
  address: text(200, '注册地址不能超过200个字符'),
  phone: text(30, '注册电话不能超过30个字符'),
  bankName: text(100, '开户银行不能超过100个字符'),
  bankAccount: text(40, '银行账号不能超过40个字符'),
  email: text(100, '电子邮箱格式不正确'),
});

export default async function moneyRoutes(app: FastifyInstance, options: { settlement?: SettlementSettings } = {}): Promise<void> {
  const { db, now, accounts, requireUser } = app;
  const { gateway } = app.enrolment;
  const gatewayName = (name: string) => (gateway && name === gateway.name ? gateway.displayName : name);
  const auth = { preValidation: requireUser };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const userId = (request: FastifyRequest) => request.user!.id;

  routes.get(MONEY_PATHS.walletSummary, { ...auth, schema: { summary: '我的钱包：可用余额、冻结金额、提现中、绑定的银行卡' } }, async (request) => ok(await walletSummary(db, userId(request))));
  routes.get(MONEY_PATHS.walletEntries, { ...auth, schema: { summary: '我的钱包：账务明细分页（可按类型、收支筛选）', querystring: entriesParams } }, async (request) =>
    ok(await walletEntries(db, userId(request), request.query)),
  );
  routes.get(MONEY_PATHS.walletEntry, { ...auth, schema: { summary: '账务明细详情', querystring: idParams } }, async (request) => ok(await walletEntry(db, userId(request), request.query.id)));
  routes.post(MONEY_PATHS.topUp, { ...auth, schema: { summary: '钱包充值：创建网关订单（沙箱收银台支付后到账）', querystring: z.object({ amount: amountFen }) } }, async (request) =>
    ok(await createTopUpOrder(db, gateway, userId(request), request.query.amount, now(), request.ip)),
  );
  routes.get(MONEY_PATHS.topUpStatus, { ...auth, schema: { summary: '充值订单状态', querystring: orderParams } }, async (request) =>
    ok(await topUpOrder(db, gatewayName, userId(request), request.query.orderNo)),
  );
  routes.post(MONEY_PATHS.withdrawSms, { ...auth, schema: { summary: '提现短信验证码（发往账户手机；每个地址、每个手机号限频）' } }, async (request) => {
    return ok(await sendMoneySms(accounts, app.rateLimits, userId(request), 'withdraw', request.ip));
  });
  routes.post(MONEY_PATHS.withdraw, { ...auth, schema: { summary: '提现至绑定的银行卡（短信确认）', querystring: z.object({ amount: amountFen, smsCode }) } }, async (request) =>
    ok(await withdraw(accounts, userId(request), request.query.amount, request.query.smsCode, request.ip)),
  );
  routes.post(MONEY_PATHS.payDeposit, { ...auth, schema: { summary: '用钱包余额缴纳保证金', querystring: z.object({ depositId: requiredId('depositId') }) } }, async (request) => {
    await payDepositFromWallet(db, userId(request), request.query.depositId, now(), request.ip);
    return ok(await walletSummary(db, userId(request)));
  });

  // Deal confirmation and settlement (/projectSettlement, /projectSettleDetail, /settleDetailPayInfo).
  routes.get(SETTLEMENT_PATHS.page, { ...auth, schema: { summary: '项目结算：我的成交分页', querystring: z.object(pagingParams(10)) } }, async (request) =>
    ok(await myDeals(db, userId(request), request.query)),
  );
  routes.get(SETTLEMENT_PATHS.detail, { ...auth, schema: { summary: '结算详情', querystring: idParams } }, async (request) => ok(await myDeal(db, userId(request), request.query.id)));
  routes.get(SETTLEMENT_PATHS.letter, { ...auth, schema: { summary: '成交确认书（PDF）', querystring: idParams } }, async (request, reply) =>
    sendPdf(reply, await dealLetterPdf(db, userId(request), request.query.id), `成交确认书-${request.query.id}.pdf`),
  );
  routes.post(SETTLEMENT_PATHS.confirm, { ...auth, schema: { summary: '在线确认成交确认书', querystring: idParams } }, async (request) =>
    ok(await confirmDeal(db, userId(request), request.query.id, now(), request.ip, options.settlement)),
  );
  routes.post(SETTLEMENT_PATHS.payOrder, { ...auth, schema: { summary: '支付成交价款：创建网关订单（应付金额 = 成交价 + 服务费 − 保证金转价款）', querystring: idParams } }, async (request) =>
    ok(await createDealOrder(db, gateway, userId(request), request.query.id, now(), request.ip)),
  );
  routes.post(SETTLEMENT_PATHS.proof, { ...auth, schema: { summary: '提交成交价款的银行转账凭证（我的文件中的 PDF/JPEG/PNG）', querystring: proofParams } }, async (request) =>
    ok(await submitDealProof(db, userId(request), request.query.id, { fileId: request.query.fileId, note: request.query.note ?? '' }, now(), request.ip)),
  );
  routes.post(SETTLEMENT_PATHS.payWallet, { ...auth, schema: { summary: '用钱包余额支付成交价款', querystring: idParams } }, async (request) =>
    ok(await payDealFromWallet(db, userId(request), request.query.id, now(), request.ip)),
  );

  // Invoices for paid service fees (/myInvoice). The rules (titles, 统一社会信用代码 checksum, e-mail) are the
  // shared check of domain/rules/invoice.ts, applied by the service.
  routes.get(INVOICE_PATHS.page, { ...auth, schema: { summary: '我的发票分页', querystring: z.object(pagingParams(10)) } }, async (request) => ok(await myInvoices(db, userId(request), request.query)));
  routes.get(INVOICE_PATHS.eligible, { ...auth, schema: { summary: '可开票的已付服务费' } }, async (request) => ok(await invoiceableDeals(db, userId(request))));
  routes.post(INVOICE_PATHS.request, { ...auth, schema: { summary: '申请开具服务费发票（普通 / 专用）', querystring: invoiceParams } }, async (request) =>
    ok(await requestInvoice(db, userId(request), request.query, now(), request.ip)),
  );
  routes.get(INVOICE_PATHS.document, { ...auth, schema: { summary: '已开具的发票（PDF）', querystring: idParams } }, async (request, reply) =>
    sendPdf(reply, await invoicePdf(db, userId(request), request.query.id), `发票-${request.query.id}.pdf`),
  );

  routes.get(MONEY_PATHS.banks, { ...auth, schema: { summary: '可绑定的开户银行' } }, async () => ok(BANKS.map((b) => ({ code: b.code, name: b.name }))));
  routes.get(MONEY_PATHS.releasePreference, { ...auth, schema: { summary: '保证金退还方式（钱包 / 原路退回银行卡）' } }, async (request) => ok(await releasePreference(db, userId(request))));
  routes.post(MONEY_PATHS.releasePreference, { ...auth, schema: { summary: '设置保证金退还方式', querystring: z.object({ choice: z.enum(DEPOSIT_RELEASE_CHOICES, { error: '请选择保证金退还方式（wallet 或 card）' }) }) } }, async (request) =>
    ok(await setReleasePreference(db, userId(request), request.query.choice, now(), request.ip)),
  );
  routes.get(MONEY_PATHS.fundAccount, { ...auth, schema: { summary: '资金账户：绑定的银行卡、开户名要求' } }, async (request) => ok(await fundAccount(accounts, userId(request))));
  routes.post(MONEY_PATHS.cardSms, { ...auth, schema: { summary: '绑卡 / 解绑短信验证码（发往账户手机；每个地址、每个手机号限频）', querystring: z.object({ purpose: z.enum(['bind', 'unbind'], { error: '参数 purpose 须为 bind 或 unbind' }) }) } }, async (request) => {
    return ok(await sendMoneySms(accounts, app.rateLimits, userId(request), request.query.purpose, request.ip));
  });
  routes.post(MONEY_PATHS.bindCard, { ...auth, schema: { summary: '绑定银行卡（银行、卡号 Luhn 校验、开户名须为认证姓名或机构名称、短信确认）', querystring: bindParams } }, async (request) =>
    ok(await bindCard(accounts, userId(request), request.query, request.ip)),
  );
  routes.post(MONEY_PATHS.unbindCard, { ...auth, schema: { summary: '解绑银行卡（无在途提现时）', querystring: z.object({ smsCode }) } }, async (request) =>
    ok(await unbindCard(accounts, userId(request), request.query.smsCode, request.ip)),
  );
}
