/**
 * 产权交易合同 on SQLite and PostgreSQL: drafted with the payment (same transaction), the
 * demo (bidder01: one sealed, one waiting for his signature), the state machine with its illegal steps
 * refused (409, Chinese), the open fields sanitised and versioned, signatories (verified only, masked,
 * order), confirmation freezing the PDF, signing in order after the face check, the exchange's seal last,
 * and every contract answering 404 to a user who is not a party. Signatures are the installation's own
 * CA's (LocalCaSigningProvider): the signed PDF verifies, and fails once one byte is changed. The face
 * check and organisations' seals are stand-ins here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDealTransfer } from '../../server/services/money/deals.ts';
import { drawPng } from '../../server/lib/png.ts';
import { exchangeSealPng } from '../../server/services/contracts/exchange-seal.ts';
import type { ContractSigning } from '../../server/services/contracts/signing.ts';
import type { SigningProvider } from '../../server/services/esign/types.ts';
import { localSigningProvider } from '../../server/services/contracts/provider.ts';
import { CONTRACT_OPS_PATHS, CONTRACT_PATHS } from '#domain/contract/tradeContract';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';

/** The installation's own CA on the test database (set once the app exists; nothing signs before). */
let real: SigningProvider | null = null;
const provider: SigningProvider = {
  sign: (pdf, request) => real!.sign(pdf, request),
  verify: (pdf) => real!.verify(pdf),
};
const signing: ContractSigning = {
  provider,
  orgSeal: async (_db, userId) => (orgIds.has(userId) ? exchangeSealPng() : null),
  faceChecked: async (_db, _userId, token) => token === 'face-ok',
};
const orgIds = new Set<number>();
/** A drawn signature as the page sends it: a real PNG (a stroke on a transparent ground). */
const PNG = drawPng(120, 120, (x, y) => (Math.abs(y - 60 - 20 * Math.sin(x / 12)) < 2 ? [20, 30, 80, 255] : [255, 255, 255, 0])).toString('base64');

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

async function call(method: 'GET' | 'POST', path: string, user: string, params: Record<string, unknown> = {}, body?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api${path}`,
    query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body) as Json, raw: res.rawPayload, headers: res.headers };
}

beforeAll(async () => {
  t = await createAccountsApp({ contractSigning: signing, enrolment: { operators: ['demo_person'] } });
  real = localSigningProvider(t.handle.db, () => t.clock.now);
  for (const user of ['bidder01', 'bidder02', 'bidder03', 'demo_org', 'demo_person', 'demo_new']) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
    ids[user] = (await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', user).executeTakeFirstOrThrow()).id;
  }
  orgIds.add(ids.demo_org!);
}, 120_000);
afterAll(async () => t?.close());

describe(`contracts (${DIALECT})`, () => {
  let contractId = 0;

  it('the demo: bidder01 has a sealed contract with its signed PDF and one waiting for his signature', async () => {
    const page = await call('GET', CONTRACT_PATHS.page, 'bidder01', { current: 1, size: 10 });
    expect(page.status).toBe(200);
    const records = page.body.data.records as Array<{ id: number; state: string; canSign: boolean; canDownload: boolean }>;
    const sealed = records.find((r) => r.state === 'sealed');
    const waiting = records.find((r) => r.state === 'signing');
    expect(sealed?.canDownload).toBe(true);
    expect(waiting?.canSign).toBe(true);
    const detail = (await call('GET', CONTRACT_PATHS.detail, 'bidder01', { id: waiting!.id })).body.data;
    expect(detail.parties.map((p: { role: string; signed: boolean }) => [p.role, p.signed])).toEqual([
      ['transferor', true],
      ['buyer', false],
    ]);
    const pdf = await call('GET', CONTRACT_PATHS.pdf, 'bidder01', { id: sealed!.id });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const verified = await real!.verify(new Uint8Array(pdf.raw));
    expect(verified.valid, verified.problem).toBe(true);
    expect(verified.signatures.map((x) => x.name)).toEqual(['河北冀通物流有限公司', '王立军', '河北产权交易所']);
    expect((await call('GET', CONTRACT_PATHS.page, 'demo_org', { current: 1, size: 10, state: 'sealed' })).body.data.total).toBeGreaterThanOrEqual(1);
  });

  it('a deal paid is drafted a contract in the same transaction, from the template, filled from the deal (price in 大写)', async () => {
    const deal = await t.handle.db.selectFrom('deal').select(['id', 'price_fen']).where('user_id', '=', ids.bidder01!).where('status', '=', 'awaitingPayment').orderBy('id').executeTakeFirstOrThrow();
    expect(await confirmDealTransfer(t.handle.db, deal.id, { name: 'ops:test', ip: '' }, t.clock.now)).toBe(true);
    const row = await t.handle.db.selectFrom('contract').select(['id', 'state', 'version']).where('deal_id', '=', deal.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'drafting', version: 1 });
    contractId = row.id;
    const d = (await call('GET', CONTRACT_PATHS.detail, 'bidder01', { id: contractId })).body.data;
    expect(d.canEdit).toBe(true);
    expect(d.clauses.map((c: { text: string }) => c.text).join('')).toContain('元整');
    expect(Object.keys(d.openFields)).toEqual(['handover', 'payment', 'other']);
    const messages = await t.handle.db.selectFrom('message').select('title').where('user_id', '=', ids.bidder01!).where('kind', '=', 'contract').execute();
    expect(messages.some((m) => m.title.includes('已起草'))).toBe(true);
  });

  it('answers 404 to a user who is not a party, for every read and step', async () => {
    const calls = [
      call('GET', CONTRACT_PATHS.detail, 'bidder03', { id: contractId }),
      call('GET', CONTRACT_PATHS.versions, 'bidder03', { id: contractId }),
      call('GET', CONTRACT_PATHS.pdf, 'bidder03', { id: contractId }),
      call('POST', CONTRACT_PATHS.save, 'bidder03', {}, { id: contractId, version: 1, fields: { other: '<p>x</p>' } }),
      call('POST', CONTRACT_PATHS.submit, 'bidder03', { id: contractId }),
      call('POST', CONTRACT_PATHS.confirm, 'bidder03', {}, { id: contractId, version: 1 }),
      call('GET', CONTRACT_PATHS.findSignatory, 'bidder03', { id: contractId, keyword: 'bidder02' }),
      call('POST', CONTRACT_PATHS.addSignatory, 'bidder03', { id: contractId, userId: ids.bidder03! }),
      call('POST', CONTRACT_PATHS.sign, 'bidder03', {}, { id: contractId, faceToken: 'face-ok', markKind: 'drawn', markPng: PNG }),
      call('GET', CONTRACT_PATHS.detail, 'bidder01', { id: 999_999 }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer).toMatchObject({ status: 404, body: { msg: '合同不存在' } });
    expect((await call('GET', CONTRACT_PATHS.page, 'bidder03', { current: 1, size: 10 })).body.data.total).toBe(0);
  });

  it('saves the open fields sanitised, as versions (who, when, which), refusing a stale version and an unchanged save', async () => {
    const saved = await call('POST', CONTRACT_PATHS.save, 'bidder01', {}, { id: contractId, version: 1, fields: { handover: '<p onclick="x()">十日内交付<script>alert(1)</script></p><img src="javascript:alert(1)">' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(2);
    expect(saved.body.data.openFields.handover).toBe('<p>十日内交付</p><img />');
    const stale = await call('POST', CONTRACT_PATHS.save, 'bidder01', {}, { id: contractId, version: 1, fields: { other: '<p>另有约定</p>' } });
    expect(stale).toMatchObject({ status: 409, body: { msg: '合同已被他人修改（当前第 2 版），请刷新后再修改' } });
    expect((await call('POST', CONTRACT_PATHS.save, 'bidder01', {}, { id: contractId, version: 2, fields: { handover: '<p>十日内交付</p><img />' } })).body.msg).toBe('合同内容没有变化');
    expect((await call('POST', CONTRACT_PATHS.save, 'bidder01', {}, { id: contractId, version: 2, fields: { other: '<p> </p>' } })).body.msg).toBe('「其他约定」不能为空，没有约定请填写“无”');
    const v3 = await call('POST', CONTRACT_PATHS.save, 'bidder01', {}, { id: contractId, version: 2, fields: { payment: '<p>价款已付清</p>', other: '<p><strong>另有约定</strong></p>' } });
    expect(v3.body.data.version).toBe(3);
    const versions = (await call('GET', CONTRACT_PATHS.versions, 'bidder01', { id: contractId })).body.data;
    expect(versions.map((v: { version: number; actor: string; changedText: string }) => [v.version, v.actor, v.changedText])).toEqual([
      [3, '王立军', '付款补充约定、其他约定'],
      [2, '王立军', '交割安排'],
      [1, '系统（依模板起草）', '交割安排、付款补充约定、其他约定'],
    ]);
  });

  it('adds only verified persons or organisations, found by login name or phone and shown masked', async () => {
    expect((await call('GET', CONTRACT_PATHS.findSignatory, 'bidder01', { id: contractId, keyword: 'demo_new' })).body.data).toBeNull();
    expect((await call('GET', CONTRACT_PATHS.findSignatory, 'bidder01', { id: contractId, keyword: 'nobody_here' })).body.data).toBeNull();
    const found = (await call('GET', CONTRACT_PATHS.findSignatory, 'bidder01', { id: contractId, keyword: '13800001011' })).body.data;
    expect(found).toEqual({ userId: ids.bidder02, kind: 'person', name: '李**', account: '138****1011' });
    const org = (await call('GET', CONTRACT_PATHS.findSignatory, 'bidder01', { id: contractId, keyword: 'DEMO_ORG' })).body.data;
    expect(org).toMatchObject({ kind: 'org', name: '河北****有限公司', account: 'de****rg' });
    expect(await call('POST', CONTRACT_PATHS.addSignatory, 'bidder01', { id: contractId, userId: ids.demo_new! })).toMatchObject({ status: 400, body: { msg: '只能添加已完成实名认证的个人或机构' } });
    const added = await call('POST', CONTRACT_PATHS.addSignatory, 'bidder01', { id: contractId, userId: ids.bidder02! });
    expect(added.status).toBe(200);
    expect(added.body.data.parties.map((p: { role: string; signOrder: number; name: string }) => [p.role, p.signOrder, p.name])).toEqual([
      ['transferor', 1, expect.any(String)],
      ['buyer', 2, '王立军'],
      ['added', 3, '李**'],
    ]);
    expect((await call('POST', CONTRACT_PATHS.addSignatory, 'bidder01', { id: contractId, userId: ids.bidder02! })).body.msg).toBe('该用户已是本合同的签署方');
    // The added signatory sees the contract, but does not edit it.
    const seen = await call('GET', CONTRACT_PATHS.detail, 'bidder02', { id: contractId });
    expect(seen.body.data).toMatchObject({ myRole: 'added', canEdit: false });
    expect((await call('POST', CONTRACT_PATHS.save, 'bidder02', {}, { id: contractId, version: 3, fields: { other: '<p>改</p>' } })).status).toBe(403);
  });

  it('walks drafting → confirming → signing → signed → sealed, refusing every illegal step with 409 in Chinese', async () => {
    const face = { faceToken: 'face-ok', markKind: 'drawn', markPng: PNG };
    expect(await call('POST', CONTRACT_PATHS.confirm, 'bidder01', {}, { id: contractId, version: 3 })).toMatchObject({ status: 409, body: { msg: '合同当前状态为「起草中」，不能确认合同' } });
    expect(await call('POST', CONTRACT_PATHS.sign, 'bidder01', {}, { id: contractId, ...face })).toMatchObject({ status: 409, body: { msg: '合同当前状态为「起草中」，不能签署' } });
    expect((await call('GET', CONTRACT_PATHS.pdf, 'bidder01', { id: contractId })).status).toBe(409);
    // The transferor's account is not known for this lot: an operator assigns it first.
    const transferor = await t.handle.db.selectFrom('contract_party').select('user_id').where('contract_id', '=', contractId).where('role', '=', 'transferor').executeTakeFirstOrThrow();
    if (transferor.user_id === null) {
      expect((await call('POST', CONTRACT_PATHS.submit, 'bidder01', { id: contractId })).body.msg).toBe('转让方账户尚未由交易机构指定，暂不能提交确认');
      expect((await call('POST', CONTRACT_OPS_PATHS.assign, 'bidder01', { id: contractId, loginName: 'demo_org' })).status).toBe(403);
      expect((await call('POST', CONTRACT_OPS_PATHS.assign, 'demo_person', { id: contractId, loginName: 'demo_org' })).status).toBe(200);
    }
    expect((await call('POST', CONTRACT_PATHS.submit, 'bidder01', { id: contractId })).body.data.state).toBe('confirming');
    expect((await call('POST', CONTRACT_PATHS.submit, 'bidder01', { id: contractId })).body.msg).toBe('合同当前状态为「待确认」，不能提交各方确认');
    expect((await call('POST', CONTRACT_PATHS.save, 'bidder01', {}, { id: contractId, version: 3, fields: { other: '<p>改</p>' } })).body.msg).toBe('合同当前状态为「待确认」，不能修改合同内容');
    expect((await call('POST', CONTRACT_PATHS.addSignatory, 'bidder01', { id: contractId, userId: ids.bidder03! })).body.msg).toBe('合同当前状态为「待确认」，不能添加签署方');
    expect((await call('POST', CONTRACT_PATHS.confirm, 'bidder01', {}, { id: contractId, version: 2 })).body.msg).toBe('合同已更新为第 3 版，请重新阅读后确认');
    // Reopening clears the confirmations; submitting again asks everyone anew.
    expect((await call('POST', CONTRACT_PATHS.confirm, 'bidder01', {}, { id: contractId, version: 3 })).status).toBe(200);
    expect((await call('POST', CONTRACT_PATHS.reopen, 'demo_org', { id: contractId })).body.data.state).toBe('drafting');
    expect((await call('POST', CONTRACT_PATHS.submit, 'demo_org', { id: contractId })).body.data.parties.every((p: { confirmed: boolean }) => !p.confirmed)).toBe(true);
    for (const user of ['bidder01', 'bidder02']) expect((await call('POST', CONTRACT_PATHS.confirm, user, {}, { id: contractId, version: 3 })).body.data.state).toBe('confirming');
    expect((await call('POST', CONTRACT_PATHS.confirm, 'bidder01', {}, { id: contractId, version: 3 })).body.msg).toBe('您已确认过本合同');
    const last = await call('POST', CONTRACT_PATHS.confirm, 'demo_org', {}, { id: contractId, version: 3 });
    expect(last.body.data).toMatchObject({ state: 'signing', canDownload: true, nextSigner: expect.any(String) });
    const frozen = await call('GET', CONTRACT_PATHS.pdf, 'bidder02', { id: contractId });
    expect(frozen.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await call('POST', CONTRACT_PATHS.reopen, 'bidder01', { id: contractId })).toMatchObject({ status: 409, body: { msg: '合同当前状态为「签署中」，不能退回修改' } });

    // In order: the transferor (an organisation, with its approved seal), the buyer, the added signatory.
    expect((await call('POST', CONTRACT_PATHS.sign, 'bidder01', {}, { id: contractId, ...face })).body.msg).toMatch(/^尚未轮到您签署，请等待「.+」先签署$/);
    expect((await call('POST', CONTRACT_PATHS.sign, 'demo_org', {}, { id: contractId, ...face, faceToken: 'stale' })).body.msg).toBe('人脸核验未通过或已失效，请重新扫码核验');
    expect((await call('POST', CONTRACT_PATHS.sign, 'demo_org', {}, { id: contractId, faceToken: 'face-ok', markKind: 'seal' })).status).toBe(200);
    expect((await call('POST', CONTRACT_PATHS.sign, 'demo_org', {}, { id: contractId, faceToken: 'face-ok', markKind: 'seal' })).body.msg).toBe('您已签署过本合同');
    expect((await call('POST', CONTRACT_PATHS.sign, 'bidder01', {}, { id: contractId, ...face, markPng: Buffer.from('GIF89a-not-png').toString('base64') })).body.msg).toBe('签名图片格式不正确，请重新签名');
    const second = await call('POST', CONTRACT_PATHS.sign, 'bidder01', {}, { id: contractId, ...face });
    expect(second.body.data, second.body.msg).toMatchObject({ state: 'signing', canSign: false });
    expect(await call('POST', CONTRACT_OPS_PATHS.seal, 'demo_person', { id: contractId })).toMatchObject({ status: 409, body: { msg: '合同当前状态为「签署中」，不能加盖鉴证章（须各方签署完毕）' } });
    const done = await call('POST', CONTRACT_PATHS.sign, 'bidder02', {}, { id: contractId, ...face, markKind: 'typed' });
    expect(done.body.data).toMatchObject({ state: 'signed', signedTime: expect.any(String) });
    expect(await call('POST', CONTRACT_PATHS.sign, 'bidder02', {}, { id: contractId, ...face })).toMatchObject({ status: 409, body: { msg: '合同当前状态为「已签署」，不能签署' } });
    expect((await call('POST', CONTRACT_OPS_PATHS.seal, 'bidder01', { id: contractId })).status).toBe(403);
    expect((await call('POST', CONTRACT_OPS_PATHS.seal, 'demo_person', { id: contractId })).body.data.state).toBe('sealed');
    expect((await call('POST', CONTRACT_OPS_PATHS.seal, 'demo_person', { id: contractId })).body.msg).toBe('合同当前状态为「已盖章」，不能加盖鉴证章（须各方签署完毕）');
    const pdf = await call('GET', CONTRACT_PATHS.pdf, 'bidder02', { id: contractId });
    const bytes = new Uint8Array(pdf.raw);
    const verified = await real!.verify(bytes);
    expect(verified.valid, verified.problem).toBe(true);
    expect(verified.signatures.map((x) => [x.name, x.intact, x.trusted])).toEqual([
      ['河北冀通物流有限公司', true, true],
      ['王立军', true, true],
      ['李秀英', true, true],
      ['河北产权交易所', true, true],
    ]);
    expect(verified.signatures.at(-1)!.coversWholeDocument).toBe(true);
    // One changed byte inside the signed content (the contract text, before the first signature) fails verification.
    const changed = Uint8Array.from(bytes);
    const at = Buffer.from(bytes).indexOf('/Type /Page') + 2;
    changed[at] = changed[at]! ^ 0x01;
    const broken = await real!.verify(changed);
    expect(broken.valid).toBe(false);
    expect(broken.problem).toBeTruthy();
    // So does one byte appended after the exchange's seal.
    expect((await real!.verify(Uint8Array.from([...bytes, 0x0a]))).valid).toBe(false);
    const titles = (await t.handle.db.selectFrom('message').select('title').where('user_id', '=', ids.bidder02!).where('kind', '=', 'contract').execute()).map((m) => m.title);
    // Each names its lot first: a user may have several contracts under way.
    const lot = /^「[^」]+」/;
    expect(titles.every((title) => lot.test(title))).toBe(true);
    expect(titles.map((title) => title.replace(lot, ''))).toEqual(
      expect.arrayContaining(['您被添加为合同签署方', '请确认合同内容', '合同已定稿，进入签署', '请签署合同', '合同已由各方签署', '合同已盖章生效']),
    );
  });
});
