/**
 * GET project/detail (single asset, package, child asset, managed project), activity/bidding-assets, and
 * attachments: the image verify code buys a single-use 5-minute ticket, the ticket downloads the real file
 * (Content-Disposition with the UTF-8 name, nosniff), and the client's download log is stored.
 */
import { inflateRawSync } from 'node:zlib';
import type { ListedAsset } from '#domain/contract/portal';
import { DISCLOSURE_SECTIONS, type AttachmentTicket, type ProjectDetail } from '#domain/contract/projects';
import { createAccountsApp, FIXED_CAPTCHA, type AccountsTestApp } from './accounts-helpers.ts';
import { NOW } from './helpers.ts';

const DETAIL = '/api/dscq-project/project/detail';
const VERIFY = '/api/dscq-project/assets-detail/verify-code';
let t: AccountsTestApp;

beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(async () => {
  await t.close();
});

async function byCode(code: string): Promise<ListedAsset> {
  const { body } = await t.post('/api/dscq-project/search/page', { q: code });
  return body.data.records.find((r: ListedAsset) => r.projectCode === code);
}

async function detail(id: number, token?: string): Promise<ProjectDetail> {
  const a = await t.call('GET', DETAIL, { query: { id }, ...(token ? { token } : {}) });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return a.body.data;
}

async function projectWith(where: (db: AccountsTestApp['handle']['db']) => Promise<{ id: number } | undefined>): Promise<number> {
  const row = await where(t.handle.db);
  expect(row).toBeDefined();
  return row!.id;
}

describe('project detail', () => {
  it('a single asset: the listing, the six disclosure sections in order, contact, appraisal, features', async () => {
    const listed = await byCode('HBCQ-GQ2026-0012');
    const d = await detail(listed.id);
    expect(d).toMatchObject({
      id: listed.id,
      projectCode: 'HBCQ-GQ2026-0012',
      assetsName: '保定市某国有企业持有的保定冀华农业发展有限公司35%股权',
      startPrice: 4802000,
      deposit: 960000,
      enrollEndTime: '2026-11-29 17:00:00',
      announcementEndTime: '2026-11-29 17:00:00',
      transferorName: '保定市某国有企业',
      children: [],
      parentId: null,
      activity: null,
      collected: false,
    });
    expect(d.sections.map((s) => [s.key, s.title])).toEqual(DISCLOSURE_SECTIONS.map((s) => [s.key, s.title]));
    expect(d.sections[0]!.content).toContain('HBCQ-GQ2026-0012');
    expect(d.sections[0]!.content).toContain('<th>挂牌价格</th><td>480.2万元</td>');
    expect(d.sections.find((s) => s.key === 'target')!.content).toContain('保定冀华农业发展有限公司');
    expect(d.contactPhone).toMatch(/^0311-\d{8}$/);
    expect(d.contactName).toMatch(/经理$/);
    expect(d.appraisedValue).toBeGreaterThan(0);
    expect(d.appraisedValue!).toBeLessThanOrEqual(d.startPrice);
    expect(Array.isArray(d.features)).toBe(true);
    // Index 0 of the seed carries files: the announcement PDF and the application form.
    expect(d.attachments.map((a) => a.fileType)).toEqual(['pdf', 'docx']);
    expect(d.attachments[0]).toMatchObject({ fileName: 'HBCQ-GQ2026-0012项目公告.pdf', fileType: 'pdf' });
    expect(d.attachments[0]!.fileSize).toBeGreaterThan(500);
  });

  it('sections are sanitised HTML: structure stays, nothing executable', async () => {
    const d = await detail((await byCode('HBCQ-SW2026-0012')).id);
    for (const s of d.sections) {
      expect(s.content).toMatch(/^<(p|table|h3|ul)>/);
      expect(s.content).not.toMatch(/<script|onerror|javascript:/i);
    }
  });

  it('counts each view', async () => {
    const listed = await byCode('HBCQ-ZL2026-0012');
    const first = await detail(listed.id);
    const second = await detail(listed.id);
    expect(first.circuseeCount).toBe(listed.circuseeCount + 1);
    expect(second.circuseeCount).toBe(listed.circuseeCount + 2);
  });

  it('a package lists its child assets, and a child names its package', async () => {
    const pkgId = await projectWith((db) =>
      db.selectFrom('project').select('id').where('project_type', 'in', [1, 2]).where('parent_id', 'is', null).orderBy('id').executeTakeFirst(),
    );
    const pkg = await detail(pkgId);
    expect([1, 2]).toContain(pkg.projectType);
    expect(pkg.children.length).toBeGreaterThanOrEqual(2);
    expect(pkg.children.every((c) => c.projectType === 0 && c.projectCode.startsWith(`${pkg.projectCode}-`) && c.state === pkg.state)).toBe(true);
    if (pkg.priceType === 1) {
      const sum = pkg.children.reduce((s, c) => s + Math.round(c.startPrice * 100), 0);
      expect(sum).toBe(Math.round(pkg.startPrice * 100));
    }
    // The asset list spreadsheet comes with every package.
    expect(pkg.attachments.some((a) => a.fileType === 'xlsx')).toBe(true);
    const child = await detail(pkg.children[0]!.id);
    expect(child).toMatchObject({ parentId: pkg.id, children: [], projectType: 0 });
    expect(child.sections).toHaveLength(6);
  });

  it('a managed project names the exchange\'s custody department and the entrustment', async () => {
    const id = await projectWith((db) =>
      db
        .selectFrom('project_detail')
        .innerJoin('project', 'project.id', 'project_detail.project_id')
        .select('project.id as id')
        .where('project_detail.managed', '=', 1)
        .where('project.parent_id', 'is', null)
        .orderBy('project.id')
        .executeTakeFirst(),
    );
    const d = await detail(id);
    expect(d.contactName).toMatch(/^资产托管部/);
    expect(d.sections.find((s) => s.key === 'transferor')!.content).toContain('资产托管协议');
    expect(d.projectNature).toBe(1);
  });

  it('a court sale discloses the court and an appraisal above the start price', async () => {
    const d = await detail((await byCode('HBCQ-SF2026-0012')).id);
    expect(d.transferorName).toMatch(/人民法院$/);
    expect(d.appraisedValue!).toBeGreaterThan(d.startPrice);
    expect(d.features.map((f) => f.name)).toContain('低于评估价');
  });

  it('answers 404 for an unknown project and 400 for a bad id', async () => {
    expect((await t.call('GET', DETAIL, { query: { id: 999999 } })).body).toMatchObject({ code: 404, msg: '项目不存在' });
    expect((await t.call('GET', DETAIL, { query: { id: 'abc' } })).status).toBe(400);
    expect((await t.call('GET', DETAIL)).body).toMatchObject({ code: 400, msg: '参数 id 不能为空' });
  });
});

describe('bidding activity', () => {
  async function addActivity(projectId: number, code: string, status: string, startAt: number, endAt: number) {
    await t.handle.db
      .insertInto('bid_activity')
      .values({
        activity_code: code, project_id: projectId, mode: 'ongoing', status, outcome: null, start_at: startAt, end_at: endAt, original_end_at: endAt,
        start_price_fen: 100_000, increment_fen: 1000, reserve_fen: null, cap_fen: null, extension_window_ms: 300_000, extension_ms: 300_000,
        allow_self_outbid: 0, current_price_fen: 100_000, max_price_fen: 100_000, bid_count: 0, extension_count: 0, leader_user_id: null,
        leader_bid_code: null, last_bid_at: null, org_name: '河北产权交易所', settings: '{}', lock_version: 0, created_at: NOW, updated_at: NOW, settled_at: null,
      })
      .execute();
  }

  it('null without one; the live one first, else the next scheduled (times in China time)', async () => {
    const listed = await byCode('HBCQ-FW2026-0012');
    const none = await t.post('/api/dscq-project/activity/bidding-assets', { assetsId: listed.id });
    expect(none.body).toMatchObject({ code: 200, data: null });

    const hour = 3_600_000;
    await addActivity(listed.id, 'T-ACT-1', 'ended', NOW - 48 * hour, NOW - 47 * hour);
    await addActivity(listed.id, 'T-ACT-2', 'scheduled', NOW + 24 * hour, NOW + 25 * hour);
    const scheduled = (await t.post('/api/dscq-project/activity/bidding-assets', { assetsId: listed.id })).body.data;
    expect(scheduled).toMatchObject({ status: 'scheduled', mode: 'ongoing', startTime: '2026-11-22 12:00:00', endTime: '2026-11-22 13:00:00' });
    expect(scheduled.activityId).toEqual(expect.any(Number));

    await addActivity(listed.id, 'T-ACT-3', 'live', NOW - hour, NOW + hour);
    const live = (await t.post('/api/dscq-project/activity/bidding-assets', { assetsId: listed.id })).body.data;
    expect(live).toMatchObject({ status: 'live', startTime: '2026-11-21 11:00:00', endTime: '2026-11-21 13:00:00' });
    expect((await detail(listed.id)).activity).toEqual(live);

    expect((await t.post('/api/dscq-project/activity/bidding-assets', { assetsId: 999999 })).body).toMatchObject({ code: 404 });
  });
});

describe('attachments', () => {
  let projectId: number;
  let pdf: ProjectDetail['attachments'][number];
  let all: ProjectDetail['attachments'];

  beforeAll(async () => {
    // A physical-asset package carries a PDF, an XLSX list and a JPG site photo.
    projectId = await projectWith((db) =>
      db
        .selectFrom('project')
        .select('id')
        .where('type_code', '=', 2)
        .where('project_type', '=', 1)
        .where('parent_id', 'is', null)
        .orderBy('id')
        .executeTakeFirst(),
    );
    all = (await detail(projectId)).attachments;
    pdf = all.find((a) => a.fileType === 'pdf')!;
  });

  async function ticketFor(attachmentId: number, token?: string): Promise<AttachmentTicket> {
    const a = await t.call('POST', VERIFY, { query: { attachmentId, key: await t.captcha(), code: FIXED_CAPTCHA }, ...(token ? { token } : {}) });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    return a.body.data;
  }

  const download = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}` });

  it('every kind of file is there: pdf, xlsx, jpg', () => {
    expect(all.map((a) => a.fileType).sort()).toEqual(['jpg', 'pdf', 'xlsx']);
  });

  it('a wrong or missing verify code is refused (验证码错误或已过期), and uses up the captcha', async () => {
    const key = await t.captcha();
    const wrong = await t.call('POST', VERIFY, { query: { attachmentId: pdf.id, key, code: 'zzzz' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 400, success: false, msg: '验证码错误或已过期' });
    const again = await t.call('POST', VERIFY, { query: { attachmentId: pdf.id, key, code: FIXED_CAPTCHA } });
    expect(again.body.msg).toBe('验证码错误或已过期');
    expect((await t.call('POST', VERIFY, { query: { attachmentId: pdf.id, key: 'no-such-key', code: FIXED_CAPTCHA } })).status).toBe(400);
    expect((await t.call('POST', VERIFY, { query: { attachmentId: pdf.id } })).body).toMatchObject({ code: 400, msg: '请输入图片验证码' });
  });

  it('an expired captcha is refused', async () => {
    const key = await t.captcha();
    t.clock.now += 5 * 60_000 + 1;
    try {
      expect((await t.call('POST', VERIFY, { query: { attachmentId: pdf.id, key, code: FIXED_CAPTCHA } })).body.msg).toBe('验证码错误或已过期');
    } finally {
      t.clock.now = NOW;
    }
  });

  it('the right code gives a 5-minute ticket that downloads the real file once', async () => {
    const ticket = await ticketFor(pdf.id);
    expect(ticket.expiresIn).toBe(300);
    expect(ticket.url).toBe(`/dscq-project/assets-detail/attachment?ticket=${ticket.ticket}`);
    expect(ticket.ticket.length).toBeGreaterThanOrEqual(32);

    const res = await download(ticket.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${pdf.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBe(pdf.fileSize);

    const second = await download(ticket.url);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toMatchObject({ code: 404, msg: '下载链接无效或已过期，请重新输入验证码' });
  });

  it('a ticket expires after 5 minutes', async () => {
    const ticket = await ticketFor(pdf.id);
    t.clock.now += 5 * 60_000;
    try {
      expect((await download(ticket.url)).statusCode).toBe(404);
    } finally {
      t.clock.now = NOW;
    }
  });

  it('unknown tickets and attachments: 404', async () => {
    expect((await download('/dscq-project/assets-detail/attachment?ticket=forged')).statusCode).toBe(404);
    expect((await download('/dscq-project/assets-detail/attachment')).statusCode).toBe(404);
    const a = await t.call('POST', VERIFY, { query: { attachmentId: 999999, key: await t.captcha(), code: FIXED_CAPTCHA } });
    expect(a.body).toMatchObject({ code: 404, msg: '附件不存在' });
  });

  it('the spreadsheet and the photo are real files too', async () => {
    const xlsx = all.find((a) => a.fileType === 'xlsx')!;
    const sheet = await download((await ticketFor(xlsx.id)).url);
    expect(sheet.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sheet.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zipEntry(sheet.rawPayload, 'xl/worksheets/sheet1.xml')).toContain('资产名称');

    const jpg = all.find((a) => a.fileType === 'jpg')!;
    const photo = await download((await ticketFor(jpg.id)).url);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-disposition']).toMatch(/^attachment; /);
    expect([...photo.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...photo.rawPayload.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it('stores the ticket\'s hash, never the ticket', async () => {
    const ticket = await ticketFor(pdf.id);
    const rows = await t.handle.db.selectFrom('attachment_ticket').select('ticket_hash').execute();
    expect(rows.every((r) => r.ticket_hash !== ticket.ticket && /^[0-9a-f]{64}$/.test(r.ticket_hash))).toBe(true);
  });

  it('client-attachment-log/submit stores asset, attachment, user (when logged in), ip and time', async () => {
    const anonymous = await t.call('POST', '/api/dscq-project/client-attachment-log/submit', { query: { assetsId: projectId, attachmentId: pdf.id }, ip: '10.1.2.3' });
    expect(anonymous.body).toMatchObject({ code: 200, data: null });
    const token = (await t.login('demo_person')).body.access_token as string;
    // The body form, as the real client posts it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dscq-project/client-attachment-log/submit',
      payload: { assetsId: projectId, attachmentId: pdf.id },
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '10.9.8.7',
    });
    expect(res.statusCode).toBe(200);
    const user = await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', 'demo_person').executeTakeFirstOrThrow();
    const rows = await t.handle.db.selectFrom('attachment_log').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.assets_id, r.attachment_id, r.user_id, r.ip, r.created_at])).toEqual([
      [projectId, pdf.id, null, '10.1.2.3', NOW],
      [projectId, pdf.id, user.id, '10.9.8.7', NOW],
    ]);
    // An attachment of another project, or a missing field.
    const other = await t.call('POST', '/api/dscq-project/client-attachment-log/submit', { query: { assetsId: projectId + 1, attachmentId: pdf.id } });
    expect(other.body).toMatchObject({ code: 404, msg: '附件不存在' });
    expect((await t.call('POST', '/api/dscq-project/client-attachment-log/submit', { query: { assetsId: projectId } })).status).toBe(400);
  });

  it('the files live outside the web root, under the data directory', async () => {
    const row = await t.handle.db.selectFrom('project_attachment').select('stored_name').where('id', '=', pdf.id).executeTakeFirstOrThrow();
    const { existsSync } = await import('node:fs');
    const path = await import('node:path');
    expect(existsSync(path.join(t.dataDir, 'project-files', row.stored_name))).toBe(true);
    // Not reachable as a static or content file.
    expect((await t.app.inject({ method: 'GET', url: `/project-files/${row.stored_name}` })).headers['content-type']).not.toBe('application/pdf');
  });
});

/** One stored or deflated entry of a ZIP, as text. */
function zipEntry(zip: Buffer, name: string): string {
  let offset = 0;
  while (offset + 30 <= zip.length && zip.readUInt32LE(offset) === 0x04034b50) {
    const method = zip.readUInt16LE(offset + 8);
    const size = zip.readUInt32LE(offset + 18);
    const nameLength = zip.readUInt16LE(offset + 26);
    const extra = zip.readUInt16LE(offset + 28);
    const entryName = zip.subarray(offset + 30, offset + 30 + nameLength).toString('utf8');
    const start = offset + 30 + nameLength + extra;
    const data = zip.subarray(start, start + size);
    if (entryName === name) return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    offset = start + size;
  }
  return '';
}
