/**
 * The documents the exchange issues after the hammer, as PDFs: the 成交确认书 (lot, parties, price
 * in figures and 大写, deal and bid codes, time) and an issued invoice (its fields), each read with the
 * owner's token; another user gets the 404 envelope, an unissued invoice the 409 one. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealLetter } from '../../server/services/money/deals.ts';
import { invoiceDocument, reviewInvoice } from '../../server/services/money/invoices.ts';
import type { PdfDocument } from '../../server/lib/pdf.ts';
import { fenToChineseUpper, formatFenAsYuan } from '#domain/rules/money';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};

async function get(url: string, user: string, id: number) {
  const res = await t.app.inject({ method: 'GET', url, query: { id: String(id) }, headers: { authorization: `Bearer ${tokens[user]}` } });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), bytes: res.rawPayload, body: (json ? res.json() : null) as Json };
}

/** Every text of a document, in order (headings, paragraphs, label：value rows, parties, table cells). */
const textOf = (doc: PdfDocument) =>
  doc.blocks
    .flatMap((b) => (b.kind === 'fields' ? b.rows.map(([k, v]) => `${k}：${v}`) : b.kind === 'signatures' ? b.parties : b.kind === 'table' ? b.rows.map((r) => r.join(' ')) : [b.text]))
    .join('\n');

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['bidder01', 'bidder02']) tokens[user] = (await t.login(user)).body.access_token;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`成交确认书 and invoice PDFs (${DIALECT})`, () => {
  it('the 成交确认书 is a PDF of the owner’s deal with the price in figures and 大写; another user gets 404', async () => {
    const db = t.handle.db;
    const deal = await db
      .selectFrom('deal')
      .innerJoin('app_user', 'app_user.id', 'deal.user_id')
      .select(['deal.id', 'deal.user_id', 'deal.price_fen', 'deal.deal_code', 'deal.bid_code'])
      .where('app_user.login_name', '=', 'bidder01')
      .orderBy('deal.id')
      .executeTakeFirstOrThrow();

    const pdf = await get('/api/dscq-user/settle/letter', 'bidder01', deal.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = textOf(await dealLetter(db, deal.user_id, deal.id));
    expect(text).toContain(`成交编号：${deal.deal_code}`);
    expect(text).toContain(`竞买号：${deal.bid_code}`);
    expect(text).toContain(`成交价（小写）：${formatFenAsYuan(deal.price_fen, { suffix: ' 元' })}`);
    expect(text).toContain(`成交价（大写）：人民币${fenToChineseUpper(deal.price_fen)}`);
    expect(text).toMatch(/项目名称：\S+/);
    expect(text).toMatch(/受让方（竞得人）：\S+/);
    expect(text).toMatch(/成交时间：\d{4}-\d{2}-\d{2}/);

    const other = await get('/api/dscq-user/settle/letter', 'bidder02', deal.id);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 404 });
    expect((await get('/api/dscq-user/settle/letter', 'bidder01', 99_999_999)).status).toBe(404);
  });

  it('the 成交确认书 names both parties: the transferor the lot’s detail records, else the lot’s owner (a lot published through the operator API)', async () => {
    const db = t.handle.db;
    const deal = await db
      .selectFrom('deal')
      .innerJoin('project', 'project.id', 'deal.project_id')
      .select(['deal.id', 'deal.user_id', 'deal.project_id', 'deal.buyer_name', 'project.org_name'])
      .orderBy('deal.id')
      .executeTakeFirstOrThrow();
    const named = 'E2E 测试转让方有限公司';
    const hasDetail = await db.selectFrom('project_detail').select('project_id').where('project_id', '=', deal.project_id).executeTakeFirst();
    if (hasDetail) await db.updateTable('project_detail').set({ transferor_name: named }).where('project_id', '=', deal.project_id).execute();
    const withName = textOf(await dealLetter(db, deal.user_id, deal.id));
    if (hasDetail) expect(withName).toContain(`转让方：${named}`);
    expect(withName).toContain(`受让方（竞得人）：${deal.buyer_name}`);

    // No transferor on the detail (or no detail at all): the lot's owner, never a bare 转让方 or a dash.
    await db.updateTable('project_detail').set({ transferor_name: '' }).where('project_id', '=', deal.project_id).execute();
    const fallback = textOf(await dealLetter(db, deal.user_id, deal.id));
    expect(deal.org_name).not.toBe('');
    expect(fallback).toContain(`转让方：${deal.org_name}`);
  });

  it('an issued invoice is a PDF with its fields; unissued is 409, another user’s 404', async () => {
    const db = t.handle.db;
    const issued = await db.selectFrom('invoice').innerJoin('app_user', 'app_user.id', 'invoice.user_id').select(['invoice.id', 'invoice.user_id', 'invoice.invoice_no', 'invoice.title', 'invoice.amount_fen']).where('app_user.login_name', '=', 'bidder01').where('invoice.status', '=', 'issued').executeTakeFirstOrThrow();
    const pdf = await get('/api/dscq-user/invoice/document', 'bidder01', issued.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOf(await invoiceDocument(db, issued.user_id, issued.id));
    expect(text).toContain(`发票号码：${issued.invoice_no}`);
    expect(text).toContain(`购买方名称：${issued.title}`);
    expect(text).toContain(`价税合计（大写）：人民币${fenToChineseUpper(issued.amount_fen)}`);

    const other = await get('/api/dscq-user/invoice/document', 'bidder02', issued.id);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 404 });

    // Back to requested: not issued yet, no document.
    await db.updateTable('invoice').set({ status: 'requested' }).where('id', '=', issued.id).execute();
    const pending = await get('/api/dscq-user/invoice/document', 'bidder01', issued.id);
    expect(pending.status).toBe(409);
    expect(pending.body.msg).toBe('发票尚未开具');
    expect(await reviewInvoice(db, issued.id, { issue: true }, { name: 'ops:test', ip: '' }, t.clock.now)).toBe(true);
  });
});
