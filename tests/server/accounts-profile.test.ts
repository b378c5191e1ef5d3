/**
 * Real-name verification (ID numbers encrypted at rest and masked: guide item 14), uploads and access
 * control (items 8, 11), phone and avatar changes, the agreement, and the reference data.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { idCardCheckChar } from '#domain/rules/idCard';
import { creditCodeCheckChar } from '#domain/rules/creditCode';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { reviewVerification } from '../../server/services/accounts/verification.ts';
import { DEMO_ORG_CREDIT_CODE, DEMO_PERSON_ID } from '../../server/seed/accounts.ts';
import { createAccountsApp, FIXED_SMS, type AccountsTestApp } from './accounts-helpers.ts';
import { NOW } from './helpers.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.now = NOW;
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const ID_17 = '13060219900101123';
const NEW_ID = ID_17 + idCardCheckChar(ID_17);

let regSeq = 0;
/** Registers a new user and logs in; answers the access token. */
async function newUser(userType: 1 | 2): Promise<string> {
  regSeq += 1;
  const phone = `1370000${String(1000 + regSeq)}`;
  t.clock.now = NOW + regSeq * 120_000;
  expect((await t.sendSms(phone, 2001)).status).toBe(200);
  const reg = await t.call('POST', '/api/dscq-user/user/register', {
    query: { userType, loginName: `user_${userType}_${regSeq}`, password: t.enc('User@2026x'), phone, smsCode: FIXED_SMS, agreement: 1 },
  });
  expect(reg.status).toBe(200);
  const login = await t.token({ grant_type: 'login_code', code: reg.body.data.loginCode });
  return login.body.access_token as string;
}

async function upload(token: string | undefined, data: Buffer, name: string, type = 'application/octet-stream') {
  const boundary = '----hbcqtest';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dscq-resource/oss/upload',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('person verification', () => {
  it('stores the ID number encrypted (the raw row has no trace of it) and answers it masked', async () => {
    const token = await newUser(1);
    const submitted = await t.call('POST', '/api/dscq-user/real-name/person', { token, query: { name: '王小明', idType: 0, idNumber: NEW_ID } });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ state: 'pending', userType: 1, name: '王**', idType: 0, idNumber: `**************${NEW_ID.slice(-4)}` });

    const row = await t.handle.db.selectFrom('verification').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(NEW_ID);
    expect(raw).not.toContain(NEW_ID.slice(0, 14));
    expect(row.id_number_enc).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    // Seeded rows too.
    const all = JSON.stringify(await t.handle.db.selectFrom('verification').selectAll().execute());
    for (const secret of [DEMO_PERSON_ID, DEMO_ORG_CREDIT_CODE]) expect(all).not.toContain(secret);

    const detail = await t.call('GET', '/api/dscq-user/user/detail', { token });
    expect(detail.body.data.authStatus).toBe(4);
    expect(JSON.stringify((await t.call('GET', '/api/dscq-user/user/membership', { token })).body)).not.toContain(NEW_ID);

    const again = await t.call('POST', '/api/dscq-user/real-name/person', { token, query: { name: '王小明', idType: 0, idNumber: NEW_ID } });
    expect(again.body).toMatchObject({ code: 400, msg: '实名认证正在审核中，请耐心等待' });

    // The operator approves: verified person, real name set.
    await reviewVerification({ db: t.handle.db, now: () => NOW }, row.id, { approve: true }, 'test');
    const after = await t.call('GET', '/api/dscq-user/user/detail', { token });
    expect(after.body.data).toMatchObject({ authStatus: 0, name: '王小明' });
    const status = await t.call('GET', '/api/dscq-user/real-name/status', { token });
    expect(status.body.data).toMatchObject({ state: 'approved', name: '王**' });
  });

  it('a rejection sets authStatus 5 and shows the reason', async () => {
    const token = await newUser(1);
    await t.call('POST', '/api/dscq-user/real-name/person', { token, query: { name: '赵六', idType: 5, idNumber: 'E12345678' } });
    const row = await t.handle.db.selectFrom('verification').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await reviewVerification({ db: t.handle.db, now: () => NOW }, row.id, { approve: false, reason: '证件照片不清晰' }, 'test');
    const status = await t.call('GET', '/api/dscq-user/real-name/status', { token });
    expect(status.body.data).toMatchObject({ state: 'rejected', reason: '证件照片不清晰', idNumber: '*****5678' });
    expect((await t.call('GET', '/api/dscq-user/user/detail', { token })).body.data.authStatus).toBe(5);
    // Can submit again after a rejection.
    const retry = await t.call('POST', '/api/dscq-user/real-name/person', { token, query: { name: '赵六', idType: 0, idNumber: NEW_ID } });
    expect(retry.body.data.state).toBe('pending');
  });

  it.each([
    [{ name: '' }, '姓名不能为空'],
    [{ name: 'Wang' }, '姓名须为2-4个汉字'],
    [{ idType: 11 }, '证件类型须为 0 到 10 之间的整数'],
    [{ idNumber: '' }, '证件号码不能为空'],
    [{ idNumber: '1306021990' }, '证件号码长度不为18位'],
    [{ idNumber: ID_17 + (idCardCheckChar(ID_17) === '1' ? '2' : '1') }, '证件号码校验位错误'],
    [{ idNumber: '99' + NEW_ID.slice(2, 17) + 'X' }, '地址编码错误'],
    [{ idNumber: '1306022990010112' + '34' }, '证件号码格式错误'],
  ])('bad input %j → 400 with the domain message; nothing written', async (change, msg) => {
    const token = await newUser(1);
    const rows = await t.count('verification');
    const a = await t.call('POST', '/api/dscq-user/real-name/person', { token, query: { name: '王小明', idType: 0, idNumber: NEW_ID, ...change } });
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ code: 400, success: false, msg, data: null });
    expect(await t.count('verification')).toBe(rows);
  });
});

describe('organisation verification and files', () => {
  it('needs an uploaded licence of its own; stores the credit code encrypted; answers masked', async () => {
    const token = await newUser(2);
    const other = await newUser(2);
    const licence = await upload(token, PDF, '营业执照.pdf');
    expect(licence.status).toBe(200);
    expect(licence.body.data).toMatchObject({ name: '营业执照.pdf', contentType: 'application/pdf', size: PDF.length });
    const first17 = '91130600MA0DQ1234';
    const credit = first17 + creditCodeCheckChar(first17);
    const params = { orgName: '保定测试科技有限公司', creditCode: credit, legalPerson: '孙七', legalIdType: 0, legalIdNumber: NEW_ID, licenceFileId: licence.body.data.fileId };

    const notMine = await t.call('POST', '/api/dscq-user/real-name/org', { token: other, query: params });
    expect(notMine.body).toMatchObject({ code: 400, msg: '营业执照文件不存在，请重新上传' });

    const ok = await t.call('POST', '/api/dscq-user/real-name/org', { token, query: params });
    expect(ok.body.data).toMatchObject({ state: 'pending', userType: 2, orgName: '保定测试科技有限公司', creditCode: `**************${credit.slice(-4)}`, legalPerson: '孙*' });
    const raw = JSON.stringify(await t.handle.db.selectFrom('verification').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow());
    expect(raw).not.toContain(credit);
    expect(raw).not.toContain(NEW_ID);

    const person = await t.call('POST', '/api/dscq-user/real-name/person', { token, query: { name: '孙七', idType: 0, idNumber: NEW_ID } });
    expect(person.body.msg).toBe('机构用户请进行机构实名认证');
  });

  it('uploads: type by magic bytes, 10 MB max, generated names under uploads/, owner-only download with nosniff', async () => {
    const a = await newUser(1);
    const b = await newUser(1);
    const files = await t.count('uploaded_file');
    expect((await upload(undefined, PNG, 'x.png')).status).toBe(401);
    const html = await upload(a, Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png', 'image/png');
    expect(html.body).toMatchObject({ code: 400, msg: '文件类型不支持，仅支持 PNG、JPEG 图片或 PDF 文件' });
    const big = await upload(a, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'big.png');
    expect(big.body).toMatchObject({ code: 400, msg: '文件大小不能超过10MB' });
    expect(await t.count('uploaded_file')).toBe(files);

    const img = await upload(a, JPEG, '../../etc/头像.png');
    expect(img.status).toBe(200);
    expect(img.body.data.url).toBe(`/api/dscq-resource/oss/file/${img.body.data.fileId}`);
    expect(img.body.data.contentType).toBe('image/jpeg');
    expect(img.body.data.name).toBe('头像.png');
    const stored = readdirSync(path.join(t.dataDir, 'uploads'));
    const row = await t.handle.db.selectFrom('uploaded_file').selectAll().where('id', '=', img.body.data.fileId).executeTakeFirstOrThrow();
    expect(stored).toContain(row.stored_name);
    expect(row.stored_name).not.toContain('头像');
    expect(statSync(path.join(t.dataDir, 'uploads', row.stored_name)).mode & 0o777).toBe(0o600);

    const mine = await t.app.inject({ method: 'GET', url: img.body.data.url, headers: { authorization: `Bearer ${a}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-disposition']).toMatch(/^inline; filename=".*"; filename\*=UTF-8''%E5%A4%B4%E5%83%8F\.png$/);
    expect(mine.rawPayload.equals(JPEG)).toBe(true);

    const theirs = await t.app.inject({ method: 'GET', url: img.body.data.url, headers: { authorization: `Bearer ${b}` } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 404, success: false, msg: '文件不存在', data: null });
    const missing = await t.app.inject({ method: 'GET', url: '/api/dscq-resource/oss/file/nope', headers: { authorization: `Bearer ${b}` } });
    expect(missing.json()).toEqual(theirs.json());
    const anonymous = await t.app.inject({ method: 'GET', url: img.body.data.url });
    expect(anonymous.statusCode).toBe(401);
    const denied = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'file.read').execute();
    expect(denied.length).toBeGreaterThanOrEqual(2);

    // B can't use A's file as an avatar either; A can.
    expect((await t.call('POST', '/api/dscq-user/user/update-avatar', { token: b, query: { fileId: img.body.data.fileId } })).status).toBe(404);
    const avatar = await t.call('POST', '/api/dscq-user/user/update-avatar', { token: a, query: { fileId: img.body.data.fileId } });
    const avatarPath = `/api/dscq-resource/oss/avatar/${img.body.data.fileId}`;
    expect(avatar.body.data.headImg).toBe(avatarPath);
    expect((await t.call('GET', '/api/dscq-user/user/detail', { token: a })).body.data.headImg).toBe(avatarPath);
    // A chosen avatar is public (an <img> sends no bearer token); other uploads stay owner-only.
    const publicAvatar = await t.app.inject({ method: 'GET', url: avatarPath });
    expect(publicAvatar.statusCode).toBe(200);
    expect(publicAvatar.headers['content-type']).toBe(img.body.data.contentType);
    expect(publicAvatar.headers['x-content-type-options']).toBe('nosniff');
    const other = await upload(a, PNG, 'not-avatar.png');
    const notAvatar = await t.app.inject({ method: 'GET', url: `/api/dscq-resource/oss/avatar/${other.body.data.fileId}` });
    expect(notAvatar.statusCode).toBe(404);
    const pdf = await upload(a, PDF, 'a.pdf');
    expect((await t.call('POST', '/api/dscq-user/user/update-avatar', { token: a, query: { fileId: pdf.body.data.fileId } })).body.msg).toBe('头像须为 PNG 或 JPEG 图片');
    const pdfGet = await t.app.inject({ method: 'GET', url: pdf.body.data.url, headers: { authorization: `Bearer ${a}` } });
    expect(pdfGet.headers['content-disposition']).toMatch(/^attachment;/);
  });
});

describe('phone changes', () => {
  it('change-phone needs the password and an SMS code (1008) sent to the new phone; cancel-phone unbinds', async () => {
    const token = await newUser(1);
    t.clock.now = NOW + 3_600_000;
    await t.sendSms('13600000001', 2001);
    const wrongPurpose = await t.call('POST', '/api/dscq-user/user/change-phone', { token, query: { phone: '13600000001', smsCode: FIXED_SMS, password: t.enc('User@2026x') } });
    expect(wrongPurpose.body.msg).toBe(AUTH_MESSAGES.badSmsCode);
    t.clock.now += 61_000;
    await t.sendSms('13600000001', 1008);
    const wrongPw = await t.call('POST', '/api/dscq-user/user/change-phone', { token, query: { phone: '13600000001', smsCode: FIXED_SMS, password: t.enc('Nope@2026x') } });
    expect(wrongPw.body.msg).toBe('登录密码错误');
    // Another account's phone: told only with that phone's right code (no enumeration).
    const unproven = await t.call('POST', '/api/dscq-user/user/change-phone', { token, query: { phone: '13800000001', smsCode: FIXED_SMS, password: t.enc('User@2026x') } });
    expect(unproven.body.msg).toBe(AUTH_MESSAGES.badSmsCode);
    await t.sendSms('13800000001', 1008);
    const taken = await t.call('POST', '/api/dscq-user/user/change-phone', { token, query: { phone: '13800000001', smsCode: FIXED_SMS, password: t.enc('User@2026x') } });
    expect(taken.body.msg).toBe('该手机号已被其他账号绑定');
    const ok = await t.call('POST', '/api/dscq-user/user/change-phone', { token, query: { phone: '13600000001', smsCode: FIXED_SMS, password: t.enc('User@2026x') } });
    expect(ok.body.data.phone).toBe('136****0001');

    t.clock.now += 61_000;
    await t.sendSms('13600000001', 1008);
    const cancelled = await t.call('POST', '/api/dscq-user/user/cancel-phone', { token, query: { password: t.enc('User@2026x'), smsCode: FIXED_SMS } });
    expect(cancelled.body.data.phone).toBe('');
    const row = await t.handle.db.selectFrom('app_user').select('phone').where('phone', '=', '13600000001').executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await t.call('POST', '/api/dscq-user/user/cancel-phone', { token, query: { password: t.enc('User@2026x'), smsCode: FIXED_SMS } })).body.msg).toBe(
      '当前账号未绑定手机号',
    );
  });
});

describe('agreement and reference data', () => {
  it('is-need-read is true until the current version is accepted', async () => {
    const token = await newUser(1);
    expect((await t.call('GET', '/api/dscq-user/user/is-need-read', { token })).body.data).toBe(false);
    await t.handle.db.updateTable('app_user').set({ agreement_version_read: '2020-01' }).execute();
    expect((await t.call('GET', '/api/dscq-user/user/is-need-read', { token })).body.data).toBe(true);
    expect((await t.call('POST', '/api/dscq-user/protocol-agree/submit', { token })).body).toEqual({ code: 200, success: true, msg: '操作成功', data: null });
    expect((await t.call('GET', '/api/dscq-user/user/is-need-read', { token })).body.data).toBe(false);
    const notice = await t.call('POST', '/api/dscq-system/register-agreement/notice');
    expect(notice.body.data).toMatchObject({ title: expect.stringContaining('注册协议'), version: '2026-01' });
    expect(notice.body.data.content).not.toMatch(/<script/i);
  });

  it('dictionaries, regions (pbh 13 → 11 cities → counties) and industries', async () => {
    const ids = (await t.call('GET', '/api/dscq-system/dict/dictionary', { query: { code: 'id_type' } })).body.data;
    expect(ids).toHaveLength(11);
    expect(ids[0]).toEqual({ dictKey: '0', dictValue: '居民身份证', sort: 1 });
    expect(ids[10]).toMatchObject({ dictKey: '10', dictValue: '其他' });
    expect((await t.call('GET', '/api/dscq-system/dict/dictionary', { query: { code: 'user_type' } })).body.data.map((e: { dictValue: string }) => e.dictValue)).toEqual([
      '个人用户',
      '机构用户',
    ]);
    expect((await t.call('GET', '/api/dscq-system/dict/dictionary', { query: { code: 'org_type' } })).body.data.length).toBeGreaterThan(3);
    expect((await t.call('GET', '/api/dscq-system/dict/dictionary', { query: { code: 'nope' } })).status).toBe(400);
    expect((await t.call('GET', '/api/dscq-system/dict/dictionary')).body.msg).toBe('字典编码 code不能为空');

    const cities = (await t.call('GET', '/api/dscq-system/region/list', { query: { pbh: 13 } })).body.data;
    expect(cities).toHaveLength(11);
    expect(cities[0]).toEqual({ code: '1301', name: '石家庄市', pbh: '13', hasChildren: true });
    expect(cities[10].name).toBe('衡水市');
    const counties = (await t.call('GET', '/api/dscq-system/region/list', { query: { pbh: '1301' } })).body.data;
    expect(counties[0]).toEqual({ code: '130101', name: '长安区', pbh: '1301', hasChildren: false });
    expect((await t.call('GET', '/api/dscq-system/region/list', { query: { pbh: '9999' } })).body.data).toEqual([]);

    const industries = (await t.call('GET', '/api/dscq-system/industry/list')).body.data;
    expect(industries.map((s: { code: string }) => s.code).join('')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(industries[2]).toMatchObject({ code: 'C', name: '制造业' });
    expect(industries[2].children.length).toBeGreaterThan(3);
  });
});
