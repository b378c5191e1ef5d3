/**
 * Settlement by bank transfer with the buyer's proof on SQLite and PostgreSQL: the buyer chooses
 * a file of his 我的文件 (uploaded there, typed by its bytes) for a deal awaiting payment → proofSubmitted
 * with his message; the operator rejects it with a reason (→ awaitingPayment, message) or confirms it
 * (→ paid with the settlement postings, message); the books stay balanced. Another user's deal or file is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDealTransfer, rejectDealTransfer } from '../../server/services/money/deals.ts';
import { checkLedger } from '../../server/services/money/reconcile.ts';
import { SETTLEMENT_PATHS } from '#domain/contract/settlement';
import { USER_FILES_PATHS } from '#domain/contract/userFiles';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, multipartFile } from './helpers.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, 0x20), Buffer.from('\n%%EOF\n')]);
const OPS = { name: 'ops:test', ip: '' };
let t: AccountsTestApp;
const tokens: Record<string, string> = {};

async function upload(user: string, name: string): Promise<string> {
  const { payload, headers } = multipartFile(name, PDF);
  const res = await t.app.inject({ method: 'POST', url: `/api${USER_FILES_PATHS.upload}`, payload, headers: { ...headers, authorization: `Bearer ${tokens[user]}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileId as string;
}

const submit = (user: string, id: number, fileId: string, note?: string) =>
  t.call('POST', `/api${SETTLEMENT_PATHS.proof}`, { token: tokens[user], query: { id, fileId, ...(note === undefined ? {} : { note }) } });
const detail = async (id: number) => (await t.call('GET', `/api${SETTLEMENT_PATHS.detail}`, { token: tokens.bidder01, query: { id } })).body.data;
const titles = async (userId: number) => (await t.handle.db.selectFrom('message').select('title').where('user_id', '=', userId).orderBy('id', 'desc').limit(3).execute()).map((m) => m.title);

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['bidder01', 'bidder02']) tokens[user] = (await t.login(user)).body.access_token;
}, 60_000);
afterAll(async () => t?.close());

describe(`transfer proof of a deal (${DIALECT})`, () => {
  it('submitted from 我的文件, rejected with a reason, submitted again and confirmed: paid, messages each way, books balanced', async () => {
    const db = t.handle.db;
    const deal = await db
      .selectFrom('deal')
      .innerJoin('app_user', 'app_user.id', 'deal.user_id')
      .select(['deal.id', 'deal.user_id'])
      .where('app_user.login_name', '=', 'bidder01')
      .where('deal.status', '=', 'awaitingPayment')
      .executeTakeFirstOrThrow();
    const mine = await upload('bidder01', '转账回单.pdf');
    const theirs = await upload('bidder02', '别人的回单.pdf');

    // Bad input and other people's records.
    expect((await submit('bidder02', deal.id, theirs)).status).toBe(404);
    const foreignFile = await submit('bidder01', deal.id, theirs);
    expect(foreignFile.status).toBe(404);
    expect(foreignFile.body.msg).toBe('文件不存在');
    expect((await submit('bidder01', deal.id, '../etc')).body.msg).toBe('请选择转账凭证文件');
    expect((await submit('bidder01', deal.id, mine, '长'.repeat(201))).body.msg).toBe('备注不能超过200个字');
    expect((await detail(deal.id)).status).toBe('awaitingPayment');

    // Submitted.
    const sent = await submit('bidder01', deal.id, mine, '工行网银转账');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'proofSubmitted', statusText: '转账凭证待确认', proof: { fileId: mine, fileName: '转账回单.pdf', note: '工行网银转账', status: 'submitted', statusText: '待确认' } });
    expect((await titles(deal.user_id))[0]).toContain('转账凭证已提交');
    expect((await submit('bidder01', deal.id, mine)).body.msg).toBe('您已提交转账凭证，请等待交易机构确认');
    // Online payment is closed meanwhile.
    expect((await t.call('POST', `/api${SETTLEMENT_PATHS.payWallet}`, { token: tokens.bidder01, query: { id: deal.id } })).body.msg).toBe('当前状态不能支付');

    // Rejected with a reason: awaiting payment again.
    await expect(rejectDealTransfer(db, deal.id, '  ', OPS, t.clock.now)).rejects.toThrow('请填写驳回原因');
    expect(await rejectDealTransfer(db, deal.id, '未查询到该笔转账', OPS, t.clock.now)).toBe(true);
    expect(await rejectDealTransfer(db, deal.id, '未查询到该笔转账', OPS, t.clock.now)).toBe(false);
    expect(await detail(deal.id)).toMatchObject({ status: 'awaitingPayment', proof: { status: 'rejected', reason: '未查询到该笔转账' } });
    expect((await titles(deal.user_id))[0]).toContain('转账凭证未通过');

    // Submitted again and confirmed: paid with the settlement's postings.
    expect((await submit('bidder01', deal.id, mine)).status).toBe(200);
    expect(await confirmDealTransfer(db, deal.id, OPS, t.clock.now)).toBe(true);
    expect(await confirmDealTransfer(db, deal.id, OPS, t.clock.now)).toBe(false);
    expect(await detail(deal.id)).toMatchObject({ status: 'paid', payMethod: 'transfer', proof: { status: 'confirmed' } });
    // The payment's message (the contract drafted in the same transaction sends its own beside it).
    expect((await titles(deal.user_id)).slice(0, 2).some((title) => title.includes('成交价款已支付'))).toBe(true);
    expect(await rejectDealTransfer(db, deal.id, '晚了', OPS, t.clock.now)).toBe(false);
    expect((await submit('bidder01', deal.id, mine)).body.msg).toBe('当前状态不能提交转账凭证');
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('a file that is not a PDF, JPEG or PNG is refused (the type its bytes gave at upload)', async () => {
    const db = t.handle.db;
    const deal = await db.selectFrom('deal').innerJoin('app_user', 'app_user.id', 'deal.user_id').select(['deal.id']).where('app_user.login_name', '=', 'bidder01').where('deal.status', '=', 'awaitingConfirmation').executeTakeFirstOrThrow();
    const fileId = await upload('bidder01', '回单.pdf');
    expect((await submit('bidder01', deal.id, fileId)).body.msg).toBe('请先确认成交确认书');
    await db.updateTable('deal').set({ status: 'awaitingPayment' }).where('id', '=', deal.id).execute();
    await db.updateTable('uploaded_file').set({ content_type: 'application/zip' }).where('id', '=', fileId).execute();
    const refused = await submit('bidder01', deal.id, fileId);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('转账凭证须为 PDF、JPEG 或 PNG 文件');
  });
});
