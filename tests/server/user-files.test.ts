/**
 * My files on the server: 我的文件 (folders, uploads by magic bytes, the per-user quota, rename/move/
 * delete), 申诉 (own subjects and attachments, the state machine, a message at each step) and 需求
 * (answers, the match message when a listing is published). Every record of one user answers 404 to
 * another. Runs on SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { NOW } from './helpers.ts';
import { MSG_FILE_TYPE } from '../../server/services/accounts/files.ts';
import { APPEAL_OPS_PATHS, APPEAL_PATHS, DEMAND_OPS_PATHS, DEMAND_PATHS, USER_FILES_PATHS } from '#domain/contract/userFiles';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';

const QUOTA = 6000;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 2)]);

let t: AccountsTestApp;
let alice = '';
let bob = '';
let operator = '';
let aliceId = 0;

async function tokenOf(name: string): Promise<string> {
  const answer = await t.login(name);
  expect(answer.status).toBe(200);
  return answer.body.access_token as string;
}

async function upload(token: string, data: Buffer, name: string, folderId?: number) {
  const boundary = '----hbcqfiles';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${USER_FILES_PATHS.upload}`,
    ...(folderId ? { query: { folderId: String(folderId) } } : {}),
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() };
}

const api = (method: 'GET' | 'POST', path: string, token: string, query: Record<string, string | number> = {}) => t.call(method, `/api${path}`, { token, query });

beforeAll(async () => {
  t = await createAccountsApp({ fileQuotaBytes: QUOTA, enrolment: { operators: ['demo_org'] } });
  alice = await tokenOf('bidder02');
  bob = await tokenOf('bidder03');
  operator = await tokenOf('demo_org');
  aliceId = (await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', 'bidder02').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => t?.close());

describe('my files', () => {
  let folderA = 0;
  let folderB = 0;
  let pdfId = '';

  it('nests folders, refuses bad and duplicate names in Chinese, and lists a folder with its path', async () => {
    const a = await api('POST', USER_FILES_PATHS.folderCreate, alice, { name: '资质材料' });
    expect(a.status).toBe(200);
    folderA = a.body.data.id;
    const b = await api('POST', USER_FILES_PATHS.folderCreate, alice, { name: '2026年', parentId: folderA });
    folderB = b.body.data.id;
    expect(b.body.data.parentId).toBe(folderA);
    expect((await api('POST', USER_FILES_PATHS.folderCreate, alice, { name: '2026年', parentId: folderA })).body.msg).toBe('同一位置已有同名文件夹');
    expect((await api('POST', USER_FILES_PATHS.folderCreate, alice, { name: 'a/b' })).body.msg).toContain('不能包含');
    expect((await api('POST', USER_FILES_PATHS.folderCreate, alice, { name: '' })).body.msg).toBe('文件夹名称不能为空');
    const listed = await api('GET', USER_FILES_PATHS.list, alice, { folderId: folderB });
    expect(listed.body.data.path.map((f: { name: string }) => f.name)).toEqual(['资质材料', '2026年']);
    expect((await api('GET', USER_FILES_PATHS.folders, alice)).body.data).toEqual([{ id: folderA, path: '资质材料' }, { id: folderB, path: '资质材料 / 2026年' }]);
    expect((await api('GET', USER_FILES_PATHS.folders, bob)).body.data).toEqual([]);
    expect((await api('POST', USER_FILES_PATHS.folderMove, alice, { id: folderA, parentId: folderB })).body.msg).toBe('不能将文件夹移动到其自身或其子文件夹中');
  });

  it('takes PDF, PNG and JPEG by their bytes, refuses anything else whatever its name, and keeps to the quota', async () => {
    const pdf = await upload(alice, PDF, '营业执照.pdf', folderB);
    expect(pdf.status).toBe(200);
    expect(pdf.body.data).toMatchObject({ name: '营业执照.pdf', contentType: 'application/pdf', folderId: folderB, folderPath: '资质材料 / 2026年' });
    pdfId = pdf.body.data.fileId;
    expect((await upload(alice, PNG, 'photo.png')).body.data.contentType).toBe('image/png');
    expect((await upload(alice, JPEG, 'scan.jpg', folderA)).body.data.contentType).toBe('image/jpeg');
    const fake = await upload(alice, Buffer.from('<html>not a pdf</html>'), 'fake.pdf');
    expect(fake).toMatchObject({ status: 400, body: { msg: MSG_FILE_TYPE } });
    const before = await t.count('library_file');
    const big = await upload(alice, Buffer.concat([PDF, Buffer.alloc(4000, 0x20)]), 'big.pdf');
    expect(big.status).toBe(400);
    expect(big.body.msg).toMatch(/^存储空间不足：已使用 .*，共 .*，本文件 .*。请删除不需要的文件后再上传$/);
    expect(await t.count('library_file')).toBe(before);
    const root = await api('GET', USER_FILES_PATHS.list, alice);
    expect(root.body.data.usage).toEqual({ usedBytes: PDF.length + PNG.length + JPEG.length, quotaBytes: QUOTA });
    // Another user's quota is his own.
    expect((await upload(bob, Buffer.concat([PDF, Buffer.alloc(4000, 0x20)]), 'big.pdf')).status).toBe(200);
  });

  it('renames, moves and deletes; a folder with something in it is not deleted', async () => {
    expect((await api('POST', USER_FILES_PATHS.rename, alice, { fileId: pdfId, name: '营业执照（副本）.pdf' })).body.data.name).toBe('营业执照（副本）.pdf');
    expect((await api('POST', USER_FILES_PATHS.move, alice, { fileId: pdfId, folderId: folderA })).body.data.folderId).toBe(folderA);
    expect((await api('POST', USER_FILES_PATHS.folderRemove, alice, { id: folderA })).body.msg).toBe('文件夹不为空，请先删除或移出其中的文件和子文件夹');
    expect((await api('POST', USER_FILES_PATHS.folderRemove, alice, { id: folderB })).status).toBe(200);
    const all = await api('GET', USER_FILES_PATHS.all, alice);
    expect(all.body.data).toHaveLength(3);
    const png = all.body.data.find((f: { contentType: string }) => f.contentType === 'image/png');
    expect((await api('POST', USER_FILES_PATHS.remove, alice, { fileId: png.fileId })).status).toBe(200);
    expect((await api('GET', USER_FILES_PATHS.all, alice)).body.data).toHaveLength(2);
  });

  it('answers 404 to another user for every folder and file: list, rename, move, delete, upload into, download', async () => {
    const files = (await api('GET', USER_FILES_PATHS.all, alice)).body.data;
    const fileId = files[0].fileId as string;
    const bobFolder = (await api('POST', USER_FILES_PATHS.folderCreate, bob, { name: '我的' })).body.data.id as number;
    const calls = [
      api('GET', USER_FILES_PATHS.list, bob, { folderId: folderA }),
      api('POST', USER_FILES_PATHS.folderCreate, bob, { name: 'x', parentId: folderA }),
      api('POST', USER_FILES_PATHS.folderRename, bob, { id: folderA, name: 'x' }),
      api('POST', USER_FILES_PATHS.folderMove, bob, { id: folderA }),
      api('POST', USER_FILES_PATHS.folderMove, bob, { id: bobFolder, parentId: folderA }),
      api('POST', USER_FILES_PATHS.folderRemove, bob, { id: folderA }),
      api('POST', USER_FILES_PATHS.rename, bob, { fileId, name: 'x.pdf' }),
      api('POST', USER_FILES_PATHS.move, bob, { fileId }),
      api('POST', USER_FILES_PATHS.move, alice, { fileId, folderId: bobFolder }),
      api('POST', USER_FILES_PATHS.remove, bob, { fileId }),
      t.call('GET', `/api/dscq-resource/oss/file/${fileId}`, { token: bob }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    expect((await upload(bob, PDF, 'x.pdf', folderA)).status).toBe(404);
    expect((await t.call('GET', `/api/dscq-resource/oss/file/${fileId}`, { token: alice })).status).toBe(200);
    expect((await api('GET', USER_FILES_PATHS.all, bob)).body.data.map((f: { fileId: string }) => f.fileId)).not.toContain(fileId);
  });
});

describe('appeals', () => {
  let enrolmentId = 0;
  let fileId = '';
  let appealId = 0;

  beforeAll(async () => {
    const db = t.handle.db;
    const project = await db
      .selectFrom('project')
      .select('id')
      .where('parent_id', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('enrolment').select('enrolment.id').whereRef('enrolment.project_id', '=', 'project.id').where('enrolment.user_id', '=', aliceId))))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('enrolment')
      .values({
        enrol_code: 'BMAPPEALTEST0001', user_id: aliceId, project_id: project.id, kind: 'normal', status: 'rejected', bidder_type: 1, bidder_name: '测试', id_masked: '',
        contact_name: '测试', contact_phone: '13912345678', contact_email: '', address: '', attachments: '[]', commitments: JSON.stringify(ENROLMENT_COMMITMENTS.map((c) => c.key)),
        deposit_fen: 100_000, reject_reason: '材料不全', reviewer: 'ops', activity_id: null, bid_code: null, submitted_at: NOW, reviewed_at: NOW, qualified_at: null, updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    enrolmentId = row.id;
    fileId = (await api('GET', USER_FILES_PATHS.all, alice)).body.data[0].fileId;
  });

  const messages = async () =>
    (await t.handle.db.selectFrom('message').select(['title', 'content']).where('user_id', '=', aliceId).where('kind', '=', 'appeal').orderBy('id').execute()).map((m) => m.title);

  it('names only the user’s own records, attachments from his own files; closed kinds are refused', async () => {
    const subjects = await api('GET', APPEAL_PATHS.subjects, alice, { kind: 'enrolmentRejection' });
    expect(subjects.body.data.map((s: { id: number }) => s.id)).toContain(enrolmentId);
    expect(subjects.body.data.find((s: { id: number }) => s.id === enrolmentId).title).toContain('驳回原因：材料不全');
    expect((await api('GET', APPEAL_PATHS.subjects, bob, { kind: 'enrolmentRejection' })).body.data.map((s: { id: number }) => s.id)).not.toContain(enrolmentId);
    const reason = '我方材料已按公告要求提交齐全，请复核。';
    expect((await api('POST', APPEAL_PATHS.submit, bob, { kind: 'enrolmentRejection', subjectId: enrolmentId, reason })).status).toBe(404);
    expect((await api('POST', APPEAL_PATHS.submit, bob, { kind: 'depositForfeit', subjectId: enrolmentId, reason })).body.msg).toBe('申诉对象不存在或不属于您');
    expect((await api('POST', APPEAL_PATHS.submit, alice, { kind: 'enrolmentRejection', subjectId: enrolmentId, reason: '太短' })).body.msg).toBe('申诉理由不能少于10个字');
    expect((await api('POST', APPEAL_PATHS.submit, alice, { kind: 'nonsense', subjectId: enrolmentId, reason })).status).toBe(400);
    const bobFile = (await api('GET', USER_FILES_PATHS.all, bob)).body.data[0].fileId as string;
    const foreign = await api('POST', APPEAL_PATHS.submit, alice, { kind: 'enrolmentRejection', subjectId: enrolmentId, reason, fileIds: bobFile });
    expect(foreign).toMatchObject({ status: 404, body: { msg: '附件不存在，请从“我的文件”中选择' } });
    const done = await api('POST', APPEAL_PATHS.submit, alice, { kind: 'enrolmentRejection', subjectId: enrolmentId, reason, fileIds: fileId });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'submitted', statusText: '已提交', kindText: '报名驳回', attachments: [{ fileId }] });
    appealId = done.body.data.id;
    expect((await api('POST', APPEAL_PATHS.submit, alice, { kind: 'enrolmentRejection', subjectId: enrolmentId, reason })).body.msg).toBe('该记录已有处理中的申诉，请等待处理结果');
    expect(await messages()).toEqual(['申诉已提交：报名驳回']);
  });

  it('moves submitted → accepted → answered only, with a message at each step; illegal steps change nothing', async () => {
    const step = (path: string, query: Record<string, string | number>) => api('POST', path, operator, query);
    expect((await api('POST', APPEAL_OPS_PATHS.accept, alice, { id: appealId })).status).toBe(403);
    expect((await step(APPEAL_OPS_PATHS.answer, { id: appealId, answer: '经复核，维持原结论。' })).status).toBe(409);
    expect((await step(APPEAL_OPS_PATHS.accept, { id: appealId })).body.data.status).toBe('accepted');
    expect((await step(APPEAL_OPS_PATHS.accept, { id: appealId })).body).toMatchObject({ code: 409, msg: '当前状态不能执行该操作' });
    expect((await step(APPEAL_OPS_PATHS.answer, { id: appealId, answer: '' })).body.msg).toBe('答复内容不能为空');
    const answered = await step(APPEAL_OPS_PATHS.answer, { id: appealId, answer: '经复核，您的材料齐全，已恢复报名审核。' });
    expect(answered.body.data).toMatchObject({ status: 'answered', answer: '经复核，您的材料齐全，已恢复报名审核。' });
    expect((await step(APPEAL_OPS_PATHS.reject, { id: appealId, reason: '迟到的驳回' })).status).toBe(409);
    expect((await step(APPEAL_OPS_PATHS.answer, { id: appealId, answer: '再答一次' })).status).toBe(409);
    expect((await step(APPEAL_OPS_PATHS.accept, { id: 999_999 })).status).toBe(404);
    const mine = await api('GET', APPEAL_PATHS.detail, alice, { id: appealId });
    expect(mine.body.data.history.map((h: { status: string }) => h.status)).toEqual(['submitted', 'accepted', 'answered']);
    expect(await messages()).toEqual(['申诉已提交：报名驳回', '申诉已受理', '申诉已答复']);
    // A new appeal on the same record may be rejected straight from submitted.
    const again = await api('POST', APPEAL_PATHS.submit, alice, { kind: 'enrolmentRejection', subjectId: enrolmentId, reason: '补充说明：附件已更新，请再次复核。' });
    expect((await step(APPEAL_OPS_PATHS.reject, { id: again.body.data.id, reason: '重复申诉' })).body.data).toMatchObject({ status: 'rejected', statusText: '不予受理', answer: '重复申诉' });
    expect((await messages()).at(-1)).toBe('申诉不予受理');
  });

  it('answers 404 to another user for an appeal, and lists only one’s own', async () => {
    expect((await api('GET', APPEAL_PATHS.detail, bob, { id: appealId })).status).toBe(404);
    expect((await api('GET', APPEAL_PATHS.page, bob)).body.data.records.map((r: { id: number }) => r.id)).not.toContain(appealId);
    expect((await api('GET', APPEAL_PATHS.page, alice)).body.data.total).toBe(2);
  });
});

describe('services and demands', () => {
  let demandId = 0;

  const publish = (query: Record<string, string | number>) =>
    api('POST', DEMAND_OPS_PATHS.publishListing, operator, { typeCode: 2, city: '石家庄市', county: '长安区', startPrice: 2_000_000, deposit: 200_000, orgName: '某国有企业', ...query });
  const demandMessages = async (userId: number) =>
    (await t.handle.db.selectFrom('message').select(['title', 'link']).where('user_id', '=', userId).where('kind', '=', 'demand').orderBy('id').execute());

  it('registers a demand; bad input answers in Chinese', async () => {
    expect((await api('POST', DEMAND_PATHS.submit, alice, {})).body.msg).toBe('请至少填写一项需求条件（资产类型、地区、价格区间或关键词）');
    expect((await api('POST', DEMAND_PATHS.submit, alice, { minPrice: 500, maxPrice: 100 })).body.msg).toBe('最低价格不能高于最高价格');
    expect((await api('POST', DEMAND_PATHS.submit, alice, { typeCode: 42 })).body.msg).toBe('资产类型不正确');
    expect((await api('POST', DEMAND_PATHS.submit, alice, { minPrice: -5 })).status).toBe(400);
    expect((await api('POST', DEMAND_PATHS.submit, alice, { keywords: 'a,b,c,d,e,f' })).body.msg).toBe('关键词最多5个');
    const done = await api('POST', DEMAND_PATHS.submit, alice, { typeCode: 2, city: '石家庄市', minPrice: 1_000_000, maxPrice: 5_000_000, keywords: '设备，厂房' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ typeText: '实物资产', region: '河北省 石家庄市', priceText: '100 万元 – 500 万元', keywords: ['设备', '厂房'], status: 'open', matchCount: 0 });
    demandId = done.body.data.id;
  });

  it('a newly published listing that matches sends one message naming it; one that does not sends none', async () => {
    const miss = await publish({ assetsName: '石家庄某厂闲置设备一批（价格不符）', startPrice: 9_000_000 });
    expect(miss.body.data.matchedDemands).toBe(0);
    expect(await publish({ assetsName: '保定某厂闲置设备一批', city: '保定市' }).then((r) => r.body.data.matchedDemands)).toBe(0);
    expect(await publish({ assetsName: '石家庄某办公楼一层（无关键词）' }).then((r) => r.body.data.matchedDemands)).toBe(0);
    expect(await demandMessages(aliceId)).toEqual([]);
    const hit = await publish({ assetsName: '石家庄某厂闲置生产设备一批' });
    expect(hit.status).toBe(200);
    expect(hit.body.data.matchedDemands).toBe(1);
    const messages = await demandMessages(aliceId);
    expect(messages).toEqual([{ title: '新挂牌项目符合您的需求：石家庄某厂闲置生产设备一批', link: `/projectDetail/${hit.body.data.assetsId}.html` }]);
    const detail = await api('GET', DEMAND_PATHS.detail, alice, { id: demandId });
    expect(detail.body.data.matches).toMatchObject([{ assetsId: hit.body.data.assetsId, assetsName: '石家庄某厂闲置生产设备一批', startPrice: 2_000_000 }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/dscq-project/project/detail?assetsId=${hit.body.data.assetsId}` })).statusCode).not.toBe(500);
  });

  it('the exchange answers (a message); another user gets 404; a closed demand matches nothing more', async () => {
    expect((await api('POST', DEMAND_OPS_PATHS.answer, alice, { id: demandId, answer: 'x' })).status).toBe(403);
    const answered = await api('POST', DEMAND_OPS_PATHS.answer, operator, { id: demandId, answer: '已为您关注石家庄地区的设备类项目，新项目挂牌将第一时间通知。' });
    expect(answered.body.data).toMatchObject({ status: 'answered', statusText: '已答复' });
    expect((await demandMessages(aliceId)).at(-1)!.title).toBe('您的需求已答复');
    expect((await api('GET', DEMAND_PATHS.detail, bob, { id: demandId })).status).toBe(404);
    expect((await api('POST', DEMAND_PATHS.close, bob, { id: demandId })).status).toBe(404);
    expect((await api('GET', DEMAND_PATHS.page, bob)).body.data.records.map((r: { id: number }) => r.id)).not.toContain(demandId);
    expect((await api('POST', DEMAND_PATHS.close, alice, { id: demandId })).body.data.status).toBe('closed');
    const count = (await demandMessages(aliceId)).length;
    expect((await publish({ assetsName: '石家庄某厂闲置设备又一批' })).body.data.matchedDemands).toBe(0);
    expect(await demandMessages(aliceId)).toHaveLength(count);
  });
});

describe('demo data', () => {
  it('bidder01 has files in folders, an answered appeal and a demand with a match — once, however often it runs', async () => {
    const token = await tokenOf('bidder01');
    const { prepareDatabase } = await import('../../server/seed/prepare.ts');
    await prepareDatabase(t.handle, { seed: true, now: NOW + 3_600_000, dataDir: t.dataDir });
    const root = (await api('GET', USER_FILES_PATHS.list, token)).body.data;
    expect(root.folders.map((f: { name: string }) => f.name).sort()).toEqual(['现场照片', '资质材料'].sort());
    const files = (await api('GET', USER_FILES_PATHS.all, token)).body.data;
    expect(files.map((f: { folderPath: string }) => f.folderPath).sort()).toEqual(['现场照片', '资质材料', '资质材料 / 2026年度']);
    const pdf = files.find((f: { name: string }) => f.name === '营业执照副本.pdf');
    const download = await t.call('GET', `/api/dscq-resource/oss/file/${pdf.fileId}`, { token });
    expect(download.status).toBe(200);
    expect(download.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const appeals = (await api('GET', APPEAL_PATHS.page, token)).body.data;
    expect(appeals.records).toMatchObject([{ appealCode: 'SS-DEMO-0001', status: 'answered' }]);
    const appeal = (await api('GET', APPEAL_PATHS.detail, token, { id: appeals.records[0].id })).body.data;
    expect(appeal.attachments).toEqual([{ fileId: pdf.fileId, name: '营业执照副本.pdf' }]);
    const demands = (await api('GET', DEMAND_PATHS.page, token)).body.data;
    expect(demands.records).toMatchObject([{ demandCode: 'XQ-DEMO-0001', status: 'answered', matchCount: 1 }]);
  });
});
