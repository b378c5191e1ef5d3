/**
 * The rest of the content centre: ads and key recommendations, partners, page modules, columns,
 * downloads and stored files (dscq-content); site notices, recruitment, titles by position and hot
 * investments (blade-desk); the rich-text sanitiser.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Ad, ColumnContent, DownloadFile, KeyProject, PageModule, Partner } from '#domain/contract/content';
import type { Page } from '#domain/contract/envelope';
import { contentFilesDir } from '../../server/services/content/files.ts';
import { sanitizeRichText } from '../../server/services/common/rich-text.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('ad-ads', () => {
  it('list gives the shown ads of one position, by sort (spec: code, size 100, current 1)', async () => {
    const { res, body } = await t.post('/api/dscq-content/ad-ads/list', { code: 'banner', size: 100, current: 1 });
    expect(res.statusCode).toBe(200);
    const page: Page<Ad> = body.data;
    expect(page).toMatchObject({ total: 3, size: 100, current: 1, pages: 1 });
    expect(page.records.map((a) => a.title)).toEqual(['阳光交易 · 公开透明 · 规范高效', '网络竞价系统全新升级', '行政事业单位资产公开处置']);
    expect(Object.keys(page.records[0]!).sort()).toEqual(['code', 'id', 'imgSrc', 'sort', 'title', 'url']);
    expect(page.records[0]).toMatchObject({ code: 'banner', url: '/gyzcProject', imgSrc: expect.stringMatching(/^\/api\/dscq-content\/files\/\d+$/) });
    expect((await t.post('/api/dscq-content/ad-ads/list', { code: 'home-ad' })).body.data.total).toBe(2);
    expect((await t.post('/api/dscq-content/ad-ads/list', { code: 'nowhere' })).body.data.total).toBe(0);
  });

  it('hides ads that are switched off', async () => {
    const db = t.handle.db;
    await db.updateTable('ad').set({ status: 0 }).where('ref_code', '=', 'AD-BANNER-2').execute();
    expect((await t.post('/api/dscq-content/ad-ads/list', { code: 'banner' })).body.data.total).toBe(2);
    await db.updateTable('ad').set({ status: 1 }).where('ref_code', '=', 'AD-BANNER-2').execute();
  });

  it('keyProjects-page gives 8 key recommendations with their listing facts (spec: size 8)', async () => {
    const { res, body } = await t.post('/api/dscq-content/ad-ads/keyProjects-page', { code: 'zdtj', size: 8, current: 1 });
    expect(res.statusCode).toBe(200);
    const page: Page<KeyProject> = body.data;
    expect(page).toMatchObject({ total: 8, size: 8, pages: 1 });
    const projects = new Map(
      (await t.handle.db.selectFrom('project').select(['id', 'assets_name', 'state', 'start_price_fen', 'project_type']).execute()).map((p) => [p.id, p]),
    );
    for (const item of page.records) {
      const project = projects.get(item.assetsId!)!;
      expect(item.assetsName).toBe(project.assets_name);
      expect(item.title).toBe(project.assets_name);
      // A listed lot: enrolling, or closed for its auction (a featured lot may be in bidding).
      expect(['正在报名', '报名已截止']).toContain(project.state);
      expect(item.startPrice).toBe(project.start_price_fen / 100);
      expect(item.url).toBe(project.project_type === 1 || project.project_type === 2 ? `/projectPkg/${item.assetsId}.html` : `/projectDetail/${item.assetsId}.html`);
      expect(item.announcementEndTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // The dearest first within the selection, at most two of a kind, no judicial auctions.
    expect(new Set(page.records.map((r) => r.typeName)).size).toBeGreaterThanOrEqual(4);
    expect(page.records.some((r) => r.typeName === '司法拍卖')).toBe(false);
    // Default position and size.
    expect((await t.post('/api/dscq-content/ad-ads/keyProjects-page')).body.data).toMatchObject({ total: 8, size: 8 });
    const second = (await t.post('/api/dscq-content/ad-ads/keyProjects-page', { size: 4, current: 2 })).body.data;
    expect(second.records.map((r: KeyProject) => r.id)).toEqual(page.records.slice(4).map((r) => r.id));
  });

  it('detail gives one key recommendation, 404 for another ad id', async () => {
    const first = (await t.post('/api/dscq-content/ad-ads/keyProjects-page')).body.data.records[0] as KeyProject;
    const { res, body } = await t.get('/api/dscq-content/ad-ads/detail', { id: first.id });
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual(first);
    expect((await t.get('/api/dscq-content/ad-ads/detail', { id: 99999 })).body).toMatchObject({ code: 404, msg: '推荐项目不存在' });
  });

  it('rejects a position code that is not a code', async () => {
    const { res, body } = await t.post('/api/dscq-content/ad-ads/list', { code: "banner' or 1=1" });
    expect(res.statusCode).toBe(400);
    expect(body.msg).toBe('参数 code 只能包含字母、数字、下划线、连字符和点');
  });
});

describe('partners/page', () => {
  it('gives the partner logos of a position (spec: positionType, size 100)', async () => {
    const { res, body } = await t.post('/api/dscq-content/partners/page', { positionType: 1, size: 100 });
    expect(res.statusCode).toBe(200);
    const page: Page<Partner> = body.data;
    expect(page.total).toBe(12);
    expect(page.records[0]).toEqual({ id: expect.any(Number), name: '河北省国资委', url: 'http://hbsa.hebei.gov.cn/', imgSrc: expect.stringMatching(/^\/api\/dscq-content\/files\/\d+$/), positionType: 1 });
    expect((await t.post('/api/dscq-content/partners/page', { positionType: 2 })).body.data.total).toBe(0);
  });
});

describe('page-modules-content/batch-list', () => {
  it('gives the modules of the asked groups in the order asked, with plate ids and notice types', async () => {
    const { res, body } = await t.post('/api/dscq-content/page-modules-content/batch-list', { modulesCodes: 'home-right,home-news' });
    expect(res.statusCode).toBe(200);
    const modules: PageModule[] = body.data;
    expect(modules.map((m) => `${m.modulesCode}:${m.name}`)).toEqual([
      'home-right:结果公示',
      'home-right:成交公告',
      'home-news:交易所动态',
      'home-news:通知公告',
      'home-news:挂牌公告',
      'home-news:行业资讯',
      'home-news:媒体聚焦',
    ]);
    // Spec: result notices are plate 4; both right-panel tabs link to /xwzx?plateId=.
    expect(modules[0]).toMatchObject({ sourceType: 1, plateCode: 'jggs', plateId: 4, noticeType: null, hasMoreButton: 1, moreButtonUrl: '/xwzx?plateId=4' });
    const cjgg = (await t.get('/api/dscq-content/news-platecfig/detail', { plateCode: 'cjgg' })).body.data.id;
    expect(modules[1]).toMatchObject({ sourceType: 2, noticeType: 2, plateId: cjgg, moreButtonUrl: `/xwzx?plateId=${cjgg}` });
  });

  it('accepts a JSON array too, ignores unknown groups and answers [] for none', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dscq-content/page-modules-content/batch-list', payload: { modulesCodes: ['home-policy', 'nothing'] } });
    expect(res.json().data.map((m: PageModule) => m.moreButtonUrl)).toEqual(['/zcfg?plateId=6']);
    expect((await t.post('/api/dscq-content/page-modules-content/batch-list')).body.data).toEqual([]);
    expect((await t.post('/api/dscq-content/page-modules-content/batch-list', { modulesCodes: 'a;b' })).res.statusCode).toBe(400);
  });
});

describe('columns-content', () => {
  it('page gives a column’s items in order, with the column’s name, description and banner', async () => {
    const { res, body } = await t.get('/api/dscq-content/columns-content/page', { columnCode: 'service-center', size: 10, current: 1 });
    expect(res.statusCode).toBe(200);
    const page: Page<ColumnContent> = body.data;
    expect(page.records.map((i) => [i.title, i.linkUrl])).toEqual([
      ['转让服务', '/transferService'],
      ['投资服务', '/investService'],
      ['其他服务', '/otherService'],
    ]);
    expect(page.records[0]).toMatchObject({
      columnCode: 'service-center',
      columnName: '服务中心',
      columnDescription: '为转让方、投资方和各类市场主体提供全流程交易服务',
      columnImgSrc: expect.stringMatching(/^\/api\/dscq-content\/files\/\d+$/),
      imgSrc: expect.stringMatching(/^\/api\/dscq-content\/files\/\d+$/),
    });
    const oil = (await t.get('/api/dscq-content/columns-content/page', { columnCode: 'special-oil' })).body.data as Page<ColumnContent>;
    expect(oil.records.map((i) => i.title)).toEqual(['专场说明', '成品油批量竞价交易规则', '成品油专场报名须知']);
    expect(oil.records[1]!.content).toContain('<ul><li>竞买人须具有成品油批发或零售经营资质；</li>');
    expect((await t.get('/api/dscq-content/columns-content/page', { columnCode: 'nothing' })).body.data.total).toBe(0);
  });

  it('detail gives one item; page needs a column', async () => {
    const first = (await t.get('/api/dscq-content/columns-content/page', { columnCode: 'help-browser' })).body.data.records[0] as ColumnContent;
    expect((await t.get('/api/dscq-content/columns-content/detail', { id: first.id })).body.data).toEqual(first);
    expect((await t.get('/api/dscq-content/columns-content/detail', { id: 99999 })).body).toMatchObject({ code: 404, msg: '内容不存在' });
    const missing = await t.get('/api/dscq-content/columns-content/page');
    expect(missing.res.statusCode).toBe(400);
    expect(missing.body.msg).toBe('参数 columnCode 不能为空');
  });
});

describe('downloads and files', () => {
  it('download-file/page lists the download centre by category', async () => {
    const { res, body } = await t.post('/api/dscq-content/download-file/page', { size: 12 });
    expect(res.statusCode).toBe(200);
    const page: Page<DownloadFile> = body.data;
    expect(page.total).toBe(9);
    expect(page.records[0]).toEqual({
      id: expect.any(Number),
      fileId: expect.any(Number),
      title: '意向受让申请书（企业国有产权转让）',
      category: '交易文书',
      fileName: '意向受让申请书（企业国有产权转让）.docx',
      fileSize: expect.any(Number),
      fileType: 'docx',
      url: `/dscq-content/files/${page.records[0]!.fileId}`,
      publishDate: '2026-10-22 12:00:00',
    });
    expect((await t.post('/api/dscq-content/download-file/page', { category: '制度文件' })).body.data.records.map((d: DownloadFile) => d.fileType)).toEqual(['pdf', 'pdf', 'xlsx']);
  });

  it('the seed wrote every file into the data directory', () => {
    const dir = contentFilesDir(t.dataDir);
    expect(existsSync(dir)).toBe(true);
    // The content centre's 53 and the trading centre's 12 default covers.
    expect(readdirSync(dir).filter((f) => !f.endsWith('.tmp'))).toHaveLength(65);
  });

  it('serves a document as an attachment with its UTF-8 name, its size and nosniff', async () => {
    const page = (await t.post('/api/dscq-content/download-file/page', { category: '制度文件' })).body.data as Page<DownloadFile>;
    const pdf = page.records[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api${pdf.url}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${pdf.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`,
    );
    expect(Number(res.headers['content-length'])).toBe(pdf.fileSize);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-5).toString('latin1')).toBe('%%EOF');

    const docx = (await t.post('/api/dscq-content/download-file/page', { category: '交易文书' })).body.data.records[0] as DownloadFile;
    const word = await t.app.inject({ method: 'GET', url: `/api${docx.url}` });
    expect(word.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(word.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(word.rawPayload.includes(Buffer.from('word/document.xml'))).toBe(true);
  });

  it('serves a picture inline, cacheable, sandboxed', async () => {
    const banner = (await t.post('/api/dscq-content/ad-ads/list', { code: 'banner' })).body.data.records[0] as Ad;
    const res = await t.app.inject({ method: 'GET', url: banner.imgSrc });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body).toContain('阳光交易 · 公开透明 · 规范高效');
    expect(res.body).not.toMatch(/<script|href=/);
  });

  it('answers 404 for an unknown or missing file and 400 for a bad id', async () => {
    expect((await t.get('/api/dscq-content/files/99999')).body).toMatchObject({ code: 404, msg: '文件不存在' });
    expect((await t.get('/api/dscq-content/files/abc')).res.statusCode).toBe(400);
    const db = t.handle.db;
    const row = await db.insertInto('content_file').values({ ref_code: 'T-1', file_name: 'x.pdf', stored_name: 't-1.pdf', mime: 'application/pdf', size: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
    expect((await t.get(`/api/dscq-content/files/${row.id}`)).res.statusCode).toBe(404);
    // A stored name that tries to leave the directory is never opened.
    const evil = await db.insertInto('content_file').values({ ref_code: 'T-2', file_name: 'x', stored_name: '../portal.sqlite', mime: 'text/plain', size: 1, created_at: 0 }).returning('id').executeTakeFirstOrThrow();
    expect((await t.get(`/api/dscq-content/files/${evil.id}`)).res.statusCode).toBe(404);
    expect(path.basename(contentFilesDir('/x'))).toBe('content-files');
  });
});

describe('blade-desk notice-info', () => {
  it('list (GET and POST) puts the pinned notice first, then the newest', async () => {
    for (const call of [t.get, t.post]) {
      const { res, body } = await call('/api/blade-desk/notice-info/list', { size: 10 });
      expect(res.statusCode).toBe(200);
      expect(body.data.total).toBe(6);
      expect(body.data.records[0]).toMatchObject({ title: '关于谨防冒充我所工作人员实施诈骗的郑重提示', isTop: 1, category: 2 });
      const rest = body.data.records.slice(1).map((n: { publishDate: string }) => n.publishDate);
      expect(rest).toEqual([...rest].sort().reverse());
    }
    expect((await t.get('/api/blade-desk/notice-info/list', { category: 1 })).body.data.total).toBe(3);
  });

  it('detail gives the sanitised body', async () => {
    const first = (await t.get('/api/blade-desk/notice-info/list')).body.data.records[0];
    const { body } = await t.get('/api/blade-desk/notice-info/detail', { id: first.id });
    expect(body.data).toMatchObject({ ...first, content: expect.stringContaining('交易保证金只能转入我所公布的结算账户') });
    expect((await t.get('/api/blade-desk/notice-info/detail', { id: 99999 })).body).toMatchObject({ code: 404, msg: '公告不存在' });
  });
});

describe('blade-desk recruit', () => {
  it('list and detail', async () => {
    const list = (await t.get('/api/blade-desk/recruit/list')).body.data;
    expect(list.total).toBe(3);
    expect(list.records[0]).toEqual({
      id: expect.any(Number),
      title: '产权交易业务经理',
      department: '产权交易部',
      headcount: 2,
      location: '石家庄',
      education: '本科及以上',
      publishDate: '2026-11-15 12:00:00',
      deadline: '2026-12-15 12:00:00',
    });
    const detail = (await t.get('/api/blade-desk/recruit/detail', { id: list.records[0].id })).body.data;
    expect(detail.content).toContain('<h3>岗位职责</h3>');
    expect((await t.get('/api/blade-desk/recruit/detail', { id: 99999 })).res.statusCode).toBe(404);
  });
});

describe('blade-desk title by position and hot investments', () => {
  it('title-config/by-position gives the title of position a1', async () => {
    const { res, body } = await t.get('/api/blade-desk/title-config/by-position', { position: 'a1' });
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual({ position: 'a1', title: '重点推荐', subTitle: '优质项目 · 精选推荐', moreUrl: '/zhongdianList' });
    expect((await t.get('/api/blade-desk/title-config/by-position', { position: 'z9' })).res.statusCode).toBe(404);
    expect((await t.get('/api/blade-desk/title-config/by-position')).body).toMatchObject({ code: 400, msg: '参数 position 不能为空' });
  });

  it('hot-investments/list gives the 8 most viewed open listings (spec: size 8)', async () => {
    const { res, body } = await t.get('/api/blade-desk/hot-investments/list');
    expect(res.statusCode).toBe(200);
    expect(body.data).toHaveLength(8);
    const views = body.data.map((h: { circuseeCount: number }) => h.circuseeCount);
    expect(views).toEqual([...views].sort((a: number, b: number) => b - a));
    // Open by the listing's own word (its displayed state may be 竞价中: the one lot state).
    expect(body.data.every((h: { listingState: string }) => h.listingState.includes('正在报名') || h.listingState.includes('预披露'))).toBe(true);
    expect((await t.get('/api/blade-desk/hot-investments/list', { size: 3 })).body.data).toHaveLength(3);
  });
});

describe('sanitizeRichText', () => {
  it('keeps structure, tables, emphasis, links and images', () => {
    const html = '<h3>标题</h3><p style="text-align:center">居中<strong>加粗</strong></p><table><tbody><tr><td colspan="2">单元格</td></tr></tbody></table><ul><li>一</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, handlers, frames, forms and dangerous URLs', () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<img src="x" onerror="alert(1)">')).toBe('<img src="x" />');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><form><input></form>')).toBe('');
    expect(sanitizeRichText('<p style="position:fixed;top:0">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>')).toBe('');
  });

  it('opens outside links in a new tab without an opener; keeps site links as they are', () => {
    expect(sanitizeRichText('<a href="https://www.sasac.gov.cn/" target="_self">国资委</a>')).toBe(
      '<a href="https://www.sasac.gov.cn/" target="_blank" rel="noopener noreferrer">国资委</a>',
    );
    expect(sanitizeRichText('<a href="#/xzzx" target="_blank">下载中心</a>')).toBe('<a href="#/xzzx">下载中心</a>');
    expect(sanitizeRichText(null)).toBe('');
  });
});
