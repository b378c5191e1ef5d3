/**
 * Signatures over HTTP: the public verification endpoint (a signed PDF verifies; one changed byte does not;
 * not a PDF is refused in Chinese), seal applications (organisation-verified only, PNG by magic bytes and
 * size, one pending at a time, operator decisions with messages, 404 to another user, the approved seal for
 * signing), and the face-verification challenge (one-time, expiring on the server clock, another user 404,
 * consumed once). Runs on SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { NOW } from './helpers.ts';
import { ESIGN_PATHS } from '#domain/contract/esign';
import { SEAL_MAX_BYTES } from '#domain/rules/esign';
import { renderPdf } from '../../server/lib/pdf.ts';
import { drawSealPng } from '../../server/lib/png.ts';
import { approvedSealOf, decideSeal, MSG_SEAL_NOT_PNG, MSG_SEAL_PENDING, MSG_SEAL_PERSON, MSG_SEAL_TOO_LARGE } from '../../server/services/esign/seals.ts';
import { MSG_FACE_EXPIRED, MSG_FACE_NOT_CONFIRMED, MSG_FACE_USED } from '../../server/services/esign/face.ts';

let t: AccountsTestApp;
let org = '';
let person = '';
let orgId = 0;
let personId = 0;

async function tokenOf(name: string): Promise<string> {
  const answer = await t.login(name);
  expect(answer.status).toBe(200);
  return answer.body.access_token as string;
}

async function upload(url: string, data: Buffer, token: string | undefined, query: Record<string, string> = {}) {
  const boundary = '----esign';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    query,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

const api = (method: 'GET' | 'POST', path: string, token: string, query: Record<string, string | number> = {}) => t.call(method, `/api${path}`, { token, query });
const idOf = async (login: string) => (await t.handle.db.selectFrom('app_user').select('id').where('login_key', '=', login).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createAccountsApp();
  org = await tokenOf('demo_org');
  person = await tokenOf('bidder02');
  orgId = await idOf('demo_org');
  personId = await idOf('bidder02');
}, 120_000);
afterAll(async () => t?.close());

describe('public verification', () => {
  it('verifies a signed PDF for anyone, fails one changed byte, refuses what is not a PDF', async () => {
    const pdf = await renderPdf({ title: '产权交易合同', blocks: [{ kind: 'signatures', parties: ['甲方'] }] });
    const signed = await t.app.esign.signing.sign(pdf, { signer: { userId: personId, kind: 'person', name: '王五' }, mark: { kind: 'typed', png: drawSealPng(60) }, slot: 0, reason: '签署', signedAt: new Date(NOW) });
    const good = await upload(ESIGN_PATHS.verify, Buffer.from(signed), undefined);
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({ valid: true, signatures: [{ name: '王五', signedAt: '2026-11-21 12:00:00', intact: true, trusted: true, coversWholeDocument: true }] });
    const changed = Buffer.from(signed);
    changed[300] = changed[300]! ^ 1;
    const bad = await upload(ESIGN_PATHS.verify, changed, undefined);
    expect(bad.body.data.valid).toBe(false);
    expect(bad.body.data.problem).toContain('签署后文件内容被修改');
    const notPdf = await upload(ESIGN_PATHS.verify, drawSealPng(20), undefined);
    expect([notPdf.status, notPdf.body.msg]).toEqual([400, '请上传 PDF 文件（.pdf）']);
  });
});

describe('seal applications', () => {
  it('lets only organisation-verified users apply, checks the image, and goes through the operator with messages', async () => {
    expect((await api('GET', ESIGN_PATHS.sealEligibility, person)).body.data).toEqual({ eligible: false, orgName: '', reason: MSG_SEAL_PERSON });
    expect((await api('GET', ESIGN_PATHS.sealEligibility, org)).body.data).toEqual({ eligible: true, orgName: '河北冀通物流有限公司', reason: '' });
    // The demo seed's approved seal.
    const seeded = await approvedSealOf(t.handle.db, orgId);
    expect(seeded?.orgName).toBe('河北冀通物流有限公司');
    expect(Buffer.from(seeded!.png).subarray(1, 4).toString()).toBe('PNG');

    expect((await upload(ESIGN_PATHS.sealApply, drawSealPng(80), person, { sealName: '个人章' })).body.msg).toBe(MSG_SEAL_PERSON);
    expect((await upload(ESIGN_PATHS.sealApply, Buffer.from('%PDF-1.4 not a png at all'), org, { sealName: '合同章' })).body.msg).toBe(MSG_SEAL_NOT_PNG);
    const big = Buffer.concat([drawSealPng(40), Buffer.alloc(SEAL_MAX_BYTES)]);
    expect((await upload(ESIGN_PATHS.sealApply, big, org, { sealName: '合同章' })).body.msg).toBe(MSG_SEAL_TOO_LARGE);
    expect((await upload(ESIGN_PATHS.sealApply, drawSealPng(80), org, {})).body.msg).toBe('印章名称不能为空');

    const applied = await upload(ESIGN_PATHS.sealApply, drawSealPng(80, [180, 0, 0]), org, { sealName: '财务专用章' });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ sealName: '财务专用章', status: 'pending', statusText: '待审核' });
    const id = applied.body.data.id as number;
    expect((await upload(ESIGN_PATHS.sealApply, drawSealPng(80), org, { sealName: '又一个章' })).body.msg).toBe(MSG_SEAL_PENDING);

    const list = (await api('GET', ESIGN_PATHS.sealList, org)).body.data;
    expect(list.map((s: { statusText: string }) => s.statusText)).toEqual(['待审核', '已通过']);
    expect((await api('GET', ESIGN_PATHS.sealList, person)).body.data).toEqual([]);
    const image = await t.app.inject({ method: 'GET', url: `/api${ESIGN_PATHS.sealImage}`, query: { id: String(id) }, headers: { authorization: `Bearer ${org}` } });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await api('GET', ESIGN_PATHS.sealImage, person, { id })).status).toBe(404);

    // The operator's decisions (what `npm run ops -- seal approve|reject` calls): a second one is refused.
    const rejected = await decideSeal(t.handle.db, id, 'reject', '印章图片不清晰', 'ops:test', NOW + 1000);
    expect(rejected).toMatchObject({ status: 'rejected', statusText: '已驳回', reason: '印章图片不清晰' });
    await expect(decideSeal(t.handle.db, id, 'approve', '', 'ops:test', NOW + 2000)).rejects.toThrow('该印章申请已审核');
    const again = await upload(ESIGN_PATHS.sealApply, drawSealPng(90), org, { sealName: '合同专用章（新）' });
    await decideSeal(t.handle.db, again.body.data.id, 'approve', '', 'ops:test', NOW + 3000);
    expect((await approvedSealOf(t.handle.db, orgId))?.sealName).toBe('合同专用章（新）');
    const titles = (await t.handle.db.selectFrom('message').select('title').where('user_id', '=', orgId).where('title', 'like', '电子印章%').orderBy('id').execute()).map((m) => m.title);
    expect(titles).toEqual(['电子印章申请已提交', '电子印章申请已驳回', '电子印章申请已提交', '电子印章申请已通过']);
  });
});

describe('face verification (QR one-time link)', () => {
  it('confirms once, for the same user only, before it expires, and is consumed once', async () => {
    t.clock.now = NOW;
    const created = await api('POST', ESIGN_PATHS.faceCreate, person, { purpose: 'contract-sign', refId: 'HT-2026-0001' });
    expect(created.body.data).toMatchObject({ status: 'pending', expiresAt: '2026-11-21 12:05:00' });
    const { id, token } = created.body.data as { id: number; token: string };
    expect((await api('GET', ESIGN_PATHS.faceInfo, org, { token })).status).toBe(404);
    expect((await api('POST', ESIGN_PATHS.faceConfirm, org, { token })).status).toBe(404);
    expect((await api('GET', ESIGN_PATHS.faceStatus, org, { id })).status).toBe(404);
    const info = await api('GET', ESIGN_PATHS.faceInfo, person, { token });
    expect(info.body.data).toMatchObject({ status: 'pending', purpose: 'contract-sign', summary: '签署合同（编号 HT-2026-0001）' });
    await expect(t.app.esign.face.consumeConfirmed(id, personId, t.clock.now)).rejects.toThrow(MSG_FACE_NOT_CONFIRMED);
    t.clock.now = NOW + 60_000;
    expect((await api('POST', ESIGN_PATHS.faceConfirm, person, { token })).body.data.status).toBe('confirmed');
    expect((await api('POST', ESIGN_PATHS.faceConfirm, person, { token })).body.msg).toBe(MSG_FACE_USED);
    expect((await api('GET', ESIGN_PATHS.faceStatus, person, { id })).body.data.status).toBe('confirmed');
    await expect(t.app.esign.face.consumeConfirmed(id, orgId, t.clock.now)).rejects.toThrow(MSG_FACE_NOT_CONFIRMED);
    await expect(t.app.esign.face.consumeConfirmed(id, personId, t.clock.now, { refId: 'HT-OTHER' })).rejects.toThrow(MSG_FACE_NOT_CONFIRMED);
    expect(await t.app.esign.face.consumeConfirmed(id, personId, t.clock.now, { purpose: 'contract-sign', refId: 'HT-2026-0001' })).toBe(true);
    await expect(t.app.esign.face.consumeConfirmed(id, personId, t.clock.now)).rejects.toThrow(MSG_FACE_NOT_CONFIRMED);
    expect((await api('GET', ESIGN_PATHS.faceStatus, person, { id })).body.data.status).toBe('consumed');

    // Expiry on the server clock: 5 minutes.
    const late = (await api('POST', ESIGN_PATHS.faceCreate, person, { purpose: 'contract-sign', refId: 'HT-2026-0002' })).body.data as { id: number; token: string };
    t.clock.now += 5 * 60_000;
    expect((await api('GET', ESIGN_PATHS.faceStatus, person, { id: late.id })).body.data.status).toBe('expired');
    expect((await api('POST', ESIGN_PATHS.faceConfirm, person, { token: late.token })).body.msg).toBe(MSG_FACE_EXPIRED);
    expect((await api('POST', ESIGN_PATHS.faceCreate, person, { purpose: 'x', refId: 'HT' })).status).toBe(400);
    t.clock.now = NOW;
  });

  it("names the contract on the phone as the computer does, only for the signer's own contract", async () => {
    // A demo contract and one of its signers (the seed drafts contracts for the demo deals).
    const signer = await t.handle.db
      .selectFrom('contract_party')
      .innerJoin('contract', 'contract.id', 'contract_party.contract_id')
      .innerJoin('app_user', 'app_user.id', 'contract_party.user_id')
      .select(['contract.id', 'contract.title', 'contract.contract_code', 'app_user.login_key'])
      .orderBy('contract.id')
      .executeTakeFirstOrThrow();
    const signerToken = await tokenOf(signer.login_key);
    const summaryFor = async (token: string, purpose: string, refId: string) => {
      const { token: link } = (await api('POST', ESIGN_PATHS.faceCreate, token, { purpose, refId })).body.data as { token: string };
      return (await api('GET', ESIGN_PATHS.faceInfo, token, { token: link })).body.data.summary as string;
    };
    expect(await summaryFor(signerToken, 'contract-sign', String(signer.id))).toBe(`签署合同：${signer.title}（${signer.contract_code}）`);
    expect(signer.contract_code).toMatch(/^HT\d{16}$/);
    // Not a party: nothing about the contract is told.
    const parties = (await t.handle.db.selectFrom('contract_party').innerJoin('app_user', 'app_user.id', 'contract_party.user_id').select('app_user.login_key').where('contract_party.contract_id', '=', signer.id).execute()).map((p) => p.login_key);
    const outsider = ['bidder02', 'demo_person', 'bidder01', 'demo_org'].find((login) => !parties.includes(login))!;
    expect(await summaryFor(await tokenOf(outsider), 'contract-sign', String(signer.id))).toBe(`签署合同（编号 ${signer.id}）`);
  });
});
