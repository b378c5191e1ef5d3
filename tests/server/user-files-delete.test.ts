/**
 * Deleting a file of 我的文件 deletes it: its download answers 404, its upload row and its bytes on disk are
 * gone, and it no longer counts against the quota — which counts every byte the user has stored (library
 * and other uploads alike), so uploading and deleting in a loop cannot fill the disk. A file a record still
 * refers to (a payment proof, a transfer proof, an appeal's or an enrolment's attachment, the real-name
 * licence, the avatar) is not deleted, and the answer says which record holds it.
 * SQLite and PostgreSQL.
 */
import { existsSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveEnrolment } from '../../server/services/enrolment/enrolment.ts';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { USER_FILES_PATHS } from '#domain/contract/userFiles';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';
import { FIRST_BIDDING_TERMS } from '../../server/db/migrations/0018_accepted_terms.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 0x20), Buffer.from('\n%%EOF\n')]);
/** Room for eight of those PDFs, not nine. */
const QUOTA = 8 * PDF.length + 100;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);
const OPS = { name: 'ops:test', ip: '' };

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

async function call(method: 'GET' | 'POST', url: string, user: string, params: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method,
    url,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) } : { payload: params }),
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body) as Json };
}

async function send(url: string, user: string, name: string, data: Buffer, contentType = 'application/pdf') {
  const { status, body } = await t.upload(url, tokens[user]!, name, data, contentType);
  return { status, body: body as Json };
}

async function libraryUpload(user: string, name: string, data = PDF, contentType = 'application/pdf'): Promise<string> {
  const res = await send(`/api${USER_FILES_PATHS.upload}`, user, name, data, contentType);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.fileId as string;
}

const download = (user: string, fileId: string) => call('GET', `/api/dscq-resource/oss/file/${fileId}`, user);
const remove = (user: string, fileId: string) => call('POST', `/api${USER_FILES_PATHS.remove}`, user, { fileId });
const usedBytes = async (user: string) => (await call('GET', `/api${USER_FILES_PATHS.list}`, user)).body.data.usage.usedBytes as number;

async function storedPath(fileId: string): Promise<string> {
  const row = await t.handle.db.selectFrom('uploaded_file').select('stored_name').where('id', '=', fileId).executeTakeFirstOrThrow();
  return path.join(t.dataDir, 'uploads', row.stored_name);
}

beforeAll(async () => {
  t = await createAccountsApp({ fileQuotaBytes: QUOTA });
  for (const user of ['bidder03', 'bidder04', 'bidder05']) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
    ids[user] = (await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', user).executeTakeFirstOrThrow()).id;
  }
}, 120_000);
afterAll(async () => t?.close());

describe(`deleting a file of 我的文件 (${DIALECT})`, () => {
  it('a deleted file is gone: its download answers 404, its upload row and its bytes on disk are removed', async () => {
    const fileId = await libraryUpload('bidder03', '身份证扫描件.pdf');
    const bytes = await storedPath(fileId);
    expect(existsSync(bytes)).toBe(true);
    expect((await download('bidder03', fileId)).status).toBe(200);

    expect((await remove('bidder03', fileId)).status).toBe(200);
    expect(await download('bidder03', fileId)).toMatchObject({ status: 404, body: { msg: '文件不存在' } });
    expect(await t.handle.db.selectFrom('uploaded_file').select('id').where('id', '=', fileId).executeTakeFirst()).toBeUndefined();
    expect(existsSync(bytes)).toBe(false);
    expect((await call('GET', `/api${USER_FILES_PATHS.all}`, 'bidder03')).body.data.map((f: Json) => f.fileId)).not.toContain(fileId);
    // Deleted once: a second delete finds nothing.
    expect((await remove('bidder03', fileId)).status).toBe(404);
  });

  it('bytes already missing from disk do not stop the delete', async () => {
    const fileId = await libraryUpload('bidder03', '丢失的文件.pdf');
    unlinkSync(await storedPath(fileId));
    expect((await remove('bidder03', fileId)).status).toBe(200);
    expect(await t.handle.db.selectFrom('uploaded_file').select('id').where('id', '=', fileId).executeTakeFirst()).toBeUndefined();
  });

  it('the quota counts the bytes stored (every upload of the user): deleting frees the space, upload-and-delete cannot fill the disk', async () => {
    expect(await usedBytes('bidder05')).toBe(0);
    for (let i = 0; i < 8; i += 1) {
      const fileId = await libraryUpload('bidder05', `循环${i}.pdf`);
      expect(await usedBytes('bidder05')).toBe(PDF.length);
      expect((await remove('bidder05', fileId)).status).toBe(200);
    }
    expect(await usedBytes('bidder05')).toBe(0);
    const rows = await t.handle.db.selectFrom('uploaded_file').select('id').where('user_id', '=', ids.bidder05!).execute();
    expect(rows).toHaveLength(0);

    // Uploads outside the library (enrolment attachments, proofs, the licence) are stored bytes too.
    for (let i = 0; i < 6; i += 1) expect((await send('/api/dscq-resource/oss/upload', 'bidder05', `附件${i}.pdf`, PDF)).status).toBe(200);
    expect(await usedBytes('bidder05')).toBe(6 * PDF.length);
    await libraryUpload('bidder05', '第七个.pdf');
    const kept = await libraryUpload('bidder05', '第八个.pdf');
    expect(await usedBytes('bidder05')).toBe(8 * PDF.length);
    const full = await send(`/api${USER_FILES_PATHS.upload}`, 'bidder05', '第九个.pdf', PDF);
    expect(full.status).toBe(400);
    expect(full.body.msg).toMatch(/^存储空间不足：/);
    const fullOutside = await send('/api/dscq-resource/oss/upload', 'bidder05', '第九个.pdf', PDF);
    expect(fullOutside.status).toBe(400);
    expect(fullOutside.body.msg).toMatch(/^存储空间不足：/);
    // Deleting one makes room again.
    expect((await remove('bidder05', kept)).status).toBe(200);
    expect(await usedBytes('bidder05')).toBe(7 * PDF.length);
    expect((await send(`/api${USER_FILES_PATHS.upload}`, 'bidder05', '第九个.pdf', PDF)).status).toBe(200);
  });
});

describe(`a file a record refers to is not deleted (${DIALECT})`, () => {
  const user = 'bidder04';

  async function refusedWith(fileId: string, msg: string) {
    const bytes = await storedPath(fileId);
    expect(await remove(user, fileId)).toMatchObject({ status: 409, body: { code: 409, success: false, msg, data: null } });
    expect((await download(user, fileId)).status).toBe(200);
    expect(existsSync(bytes)).toBe(true);
    expect((await call('GET', `/api${USER_FILES_PATHS.all}`, user)).body.data.map((f: Json) => f.fileId)).toContain(fileId);
  }

  it('a payment proof under review (through the routes): refused, saying so; the bytes stay', async () => {
    const project = { id: await t.enrollableProject(ids[user]!) };
    const attachment = await libraryUpload(user, '报名材料.pdf');
    const enrolled = await call('POST', '/api/dscq-project/enroll/submit', user, {
      assetsId: project.id,
      contactName: '刘红梅',
      contactPhone: '13912345678',
      attachments: [{ fileId: attachment, name: '报名材料.pdf' }],
      commitments: ENROLMENT_COMMITMENTS.map((c) => c.key), termsVersion: FIRST_BIDDING_TERMS.version,
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    await refusedWith(attachment, '该文件已被竞买报名引用，不能删除');

    expect(await approveEnrolment(t.handle.db, enrolled.body.data.id, OPS, t.clock.now)).toBe(true);
    const deposit = await t.handle.db.selectFrom('deposit').selectAll().where('enrolment_id', '=', enrolled.body.data.id).executeTakeFirstOrThrow();
    const proofFile = await libraryUpload(user, '转账回单.pdf');
    const proof = await call('POST', '/api/dscq-user/deposit/proof', user, {
      depositId: deposit.id,
      fileId: proofFile,
      payerName: '刘红梅',
      payerAccount: '6222 0212 3456 7890 123',
      bankName: '中国工商银行石家庄分行',
      amount: deposit.amount_fen / 100,
      paidTime: '2026-11-21 10:30:00',
      note: '',
    });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    await refusedWith(proofFile, '该文件已被保证金凭证引用，不能删除');
  });

  it('a transfer proof, an appeal attachment, the real-name licence: each refused with its own reason', async () => {
    const db = t.handle.db;
    const now = t.clock.now;
    const dealProof = await libraryUpload(user, '价款转账凭证.pdf');
    const deal = await db.selectFrom('deal').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('deal_proof')
      .values({ deal_id: deal.id, user_id: ids[user]!, file_id: dealProof, file_name: '价款转账凭证.pdf', note: '', status: 'confirmed', reason: '', created_at: now, reviewed_at: now })
      .execute();
    await refusedWith(dealProof, '该文件已被成交价款转账凭证引用，不能删除');

    const appealFile = await libraryUpload(user, '申诉证据.pdf');
    await db
      .insertInto('appeal')
      .values({
        appeal_code: `SS-TEST-${now}`,
        user_id: ids[user]!,
        kind: 'enrolment',
        subject_id: 1,
        subject_title: '测试',
        reason: '测试申诉附件的引用',
        attachments: JSON.stringify([{ fileId: appealFile, name: '申诉证据.pdf' }]),
        status: 'answered',
        answer: '',
        handler: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await refusedWith(appealFile, '该文件已被申诉引用，不能删除');

    const licence = await libraryUpload(user, '营业执照.pdf');
    await db.updateTable('verification').set({ licence_file_id: licence }).where('user_id', '=', ids[user]!).execute();
    await refusedWith(licence, '该文件已被实名认证申请引用，不能删除');
  });

  it('the avatar: refused until another picture is the avatar, then deleted', async () => {
    const first = await libraryUpload(user, '头像.png', PNG, 'image/png');
    expect((await call('POST', '/api/dscq-user/user/update-avatar', user, { fileId: first })).status).toBe(200);
    await refusedWith(first, '该文件正用作头像，请先更换头像再删除');
    const second = await libraryUpload(user, '新头像.png', PNG, 'image/png');
    expect((await call('POST', '/api/dscq-user/user/update-avatar', user, { fileId: second })).status).toBe(200);
    expect((await remove(user, first)).status).toBe(200);
    expect((await download(user, first)).status).toBe(404);
  });

  it('an id whose name merely resembles a referenced one is not held by it', async () => {
    // An appeal naming "<id>x" (LIKE would match "_" and prefixes) does not hold "<id>".
    const fileId = await libraryUpload(user, '普通文件.pdf');
    await t.handle.db
      .insertInto('appeal')
      .values({
        appeal_code: `SS-TEST2-${t.clock.now}`,
        user_id: ids[user]!,
        kind: 'enrolment',
        subject_id: 2,
        subject_title: '测试',
        reason: '测试相似编号不构成引用',
        attachments: JSON.stringify([{ fileId: `${fileId}x`, name: 'x.pdf' }]),
        status: 'answered',
        answer: '',
        handler: '',
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .execute();
    expect((await remove(user, fileId)).status).toBe(200);
  });
});
