/** News (dscq-content news-content, news-platecfig) and notices (dscq-project notice page and detail). */
import type { NewsItem, Notice } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import type { NewsPlate } from '#domain/contract/content';
import { createTestApp, NOW, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  // Read at the seed clock: the counts are those of the seed's published rows (the work system's demo
  // article is scheduled two days after it, server/seed/staff-lots.ts).
  t = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

async function news(query: Record<string, string | number> = {}): Promise<Page<NewsItem>> {
  const { res, body } = await t.post('/api/dscq-content/news-content/page', query);
  expect(res.statusCode).toBe(200);
  return body.data;
}

async function notices(query: Record<string, string | number> = {}): Promise<Page<Notice>> {
  const { res, body } = await t.post('/api/dscq-project/notice/page', query);
  expect(res.statusCode).toBe(200);
  return body.data;
}

async function plateId(code: string): Promise<number> {
  const { body } = await t.get('/api/dscq-content/news-platecfig/detail', { plateCode: code });
  return body.data.id;
}

describe('news-content/page', () => {
  it('pages all 93 articles newest first', async () => {
    const page = await news({ size: 8 });
    expect(page).toMatchObject({ total: 93, size: 8, current: 1, pages: 12 });
    const all = (await news({ size: 100 })).records;
    const dates = all.map((n) => n.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // The newest is the home carousel's first picture news (0.2 days before the seed clock).
    expect(all[0]!.title).toBe('省属国有企业闲置资产集中挂牌推介会在我所举行');
    expect(all[0]!.publishDate).toBe('2026-11-21 07:12:00');
  });

  it('filters by plate; a parent plate covers its children', async () => {
    // 结果公示 (plate 4): 5 foundation articles + 6 of the content seed.
    expect((await news({ plateId: 4 })).total).toBe(11);
    expect((await news({ plateId: 4 })).records.every((n) => n.plateId === 4 && n.title.endsWith('交易结果公示'))).toBe(true);
    // 交易所动态: 11 foundation articles + 6 picture news.
    expect((await news({ plateId: 2 })).total).toBe(17);
    // 新闻中心 (1) = 交易所动态 17 + 行业资讯 7 + 结果公示 11 + 通知公告 5 + 媒体聚焦 2 (notice plates hold no articles).
    expect((await news({ plateId: 1 })).total).toBe(42);
    // 政策法规 (6) = 法律法规 4 + 交易规则 3.
    expect((await news({ plateId: 6 })).total).toBe(7);
    // 党建工作 (9) = its own 3 + 党建动态 3 + 廉政建设 2.
    expect((await news({ plateId: 9 })).total).toBe(8);
    expect((await news({ plateId: await plateId('cjwt') })).total).toBe(6);
    expect((await news({ plateId: 999 })).total).toBe(0);
  });

  it('maps to the NewsItem contract, with outer links', async () => {
    const all = (await news({ size: 100 })).records;
    expect(Object.keys(all[0]!).sort()).toEqual(
      ['createTime', 'id', 'imgSrc', 'isOuterLink', 'outerLinkUrl', 'plateId', 'publishDate', 'source', 'summarys', 'title'],
    );
    const outer = all.filter((n) => n.isOuterLink === 1);
    expect(outer.map((n) => n.outerLinkUrl)).toEqual(['https://www.sasac.gov.cn/', 'https://www.sasac.gov.cn/']);
    expect(all.filter((n) => n.isOuterLink === 0).every((n) => n.outerLinkUrl === '')).toBe(true);
  });
});

describe('news-content/front-page', () => {
  it('returns the picture news of the home carousel, newest first, with their images', async () => {
    const { res, body } = await t.post('/api/dscq-content/news-content/front-page', { size: 6 });
    expect(res.statusCode).toBe(200);
    const page: Page<NewsItem> = body.data;
    expect(page.total).toBe(6);
    expect(page.records.map((n) => n.title.slice(0, 6))).toEqual(['省属国有企业', '我所网络竞价', '京津冀三地产', '行政事业单位', '我所交易服务', '我所农村产权']);
    expect(page.records.every((n) => /^\/api\/dscq-content\/files\/\d+$/.test(n.imgSrc))).toBe(true);
    expect((await t.post('/api/dscq-content/news-content/front-page', { size: 3 })).body.data.records).toHaveLength(3);
    // Default size is 6.
    expect((await t.post('/api/dscq-content/news-content/front-page')).body.data.size).toBe(6);
  });
});

describe('news-content/detail', () => {
  it('returns the content, the plate name and the attachments', async () => {
    const first = (await news({ size: 1 })).records[0]!;
    const { res, body } = await t.post('/api/dscq-content/news-content/detail', { id: first.id });
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({ ...first, plateName: '交易所动态', attachments: [] });
    expect(body.data.content).toContain('<p>近日，省属国有企业闲置资产集中挂牌推介会在河北产权交易所举行。');

    const rules = (await news({ plateId: 8, size: 10 })).records.find((n) => n.title === '河北产权交易所网络竞价实施细则')!;
    const detail = (await t.post('/api/dscq-content/news-content/detail', { id: rules.id })).body.data;
    expect(detail.content).toContain(`<p>${rules.summarys}</p>`);
    expect(detail.attachments).toEqual([
      { id: expect.any(Number), fileName: '河北产权交易所网络竞价实施细则.pdf', fileSize: expect.any(Number), fileType: 'pdf', url: expect.stringMatching(/^\/dscq-content\/files\/\d+$/) },
    ]);
  });

  it('renders the seed’s headings and lists as HTML', async () => {
    const flow = (await news({ plateId: await plateId('jylc') })).records.find((n) => n.title === '企业国有产权转让交易流程')!;
    const { content } = (await t.post('/api/dscq-content/news-content/detail', { id: flow.id })).body.data;
    expect(content).toContain('<h3>一、转让申请受理</h3>');
    expect(content).toContain('<ul><li>意向受让方在披露期内提交受让申请并交纳交易保证金；</li>');
  });

  it('sanitises rich text on the way out, even for rows written by other tools', async () => {
    const { id } = (await news({ size: 1 })).records[0]!;
    await t.handle.db
      .updateTable('news')
      .set({ content: '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(1)"></p>' })
      .where('id', '=', id)
      .execute();
    const { content } = (await t.post('/api/dscq-content/news-content/detail', { id })).body.data;
    expect(content).toBe('<p>正文<a>链接</a><img src="x" /></p>');
  });

  it('answers 404 for an unknown article', async () => {
    const { res, body } = await t.post('/api/dscq-content/news-content/detail', { id: 99999 });
    expect(res.statusCode).toBe(404);
    expect(body).toMatchObject({ code: 404, success: false, msg: '新闻不存在' });
  });
});

describe('news-platecfig', () => {
  it('select lists the plates under a parent in order, with their source types', async () => {
    const { res, body } = await t.post('/api/dscq-content/news-platecfig/select', { parentId: 1 });
    expect(res.statusCode).toBe(200);
    const plates: NewsPlate[] = body.data;
    expect(plates.map((p) => p.plateName)).toEqual(['交易所动态', '行业资讯', '结果公示', '通知公告', '媒体聚焦', '成交公告', '挂牌公告']);
    expect(plates.find((p) => p.plateName === '结果公示')).toMatchObject({ id: 4, plateCode: 'jggs', sourceType: 1, noticeType: null });
    expect(plates.find((p) => p.plateName === '成交公告')).toMatchObject({ plateCode: 'cjgg', sourceType: 2, noticeType: 2, parentId: 1 });
    const notices = (await t.post('/api/dscq-content/news-platecfig/select', { sourceType: 2 })).body.data as NewsPlate[];
    expect(notices.map((p) => p.plateCode)).toEqual(['cjgg', 'gpgg']);
    const all = (await t.post('/api/dscq-content/news-platecfig/select')).body.data as NewsPlate[];
    expect(all).toHaveLength(30);
  });

  it('detail gives the plate with its parent and children, by id or by code', async () => {
    const byCode = (await t.get('/api/dscq-content/news-platecfig/detail', { plateCode: 'bzzx' })).body.data;
    expect(byCode).toMatchObject({ plateName: '帮助中心', parent: null });
    expect(byCode.children.map((c: NewsPlate) => c.plateName)).toEqual(['交易指南', '常见问题', '操作手册']);
    const child = (await t.get('/api/dscq-content/news-platecfig/detail', { id: 4 })).body.data;
    expect(child).toMatchObject({ id: 4, plateName: '结果公示', parent: { id: 1, plateName: '新闻中心' }, children: [] });
  });

  it('detail answers 404 for an unknown plate and 400 without one', async () => {
    expect((await t.get('/api/dscq-content/news-platecfig/detail', { id: 999 })).res.statusCode).toBe(404);
    expect((await t.get('/api/dscq-content/news-platecfig/detail', { plateCode: 'nope' })).body.msg).toBe('栏目不存在');
    const missing = await t.get('/api/dscq-content/news-platecfig/detail');
    expect(missing.res.statusCode).toBe(400);
    expect(missing.body.msg).toBe('参数 id 不能为空');
  });
});

describe('notices', () => {
  it('pages 30 notices of three types', async () => {
    expect(await notices({ size: 4 })).toMatchObject({ total: 30, size: 4, pages: 8 });
    expect((await notices({ noticeType: 1 })).total).toBe(12);
    expect((await notices({ noticeType: 2 })).total).toBe(11);
    expect((await notices({ noticeType: 3 })).total).toBe(7);
  });

  it('filters front-page notices', async () => {
    expect((await notices({ isFrontPage: 1 })).total).toBe(14);
    expect((await notices({ isFrontPage: 0 })).total).toBe(16);
    expect((await notices({ isFrontPage: 1, noticeType: 1 })).total).toBe(5);
  });

  it('ties listing announcements to enrolling projects', async () => {
    const listing = (await notices({ noticeType: 1, size: 12 })).records;
    const projects = await t.handle.db.selectFrom('project').select(['id', 'assets_name', 'state']).execute();
    const byId = new Map(projects.map((p) => [p.id, p]));
    for (const n of listing) {
      expect(Object.keys(n).sort()).toEqual(['assetsId', 'id', 'noticeTitle', 'noticeType', 'publishDate']);
      const project = byId.get(n.assetsId!)!;
      // A listing in its announcement period: enrolling, or closed for its auction.
      expect(['正在报名', '报名已截止']).toContain(project.state);
      expect(n.noticeTitle).toBe(`${project.assets_name}挂牌公告`);
    }
    const general = (await notices({ size: 30 })).records.filter((n) => n.assetsId === null);
    expect(general.map((n) => n.noticeTitle).sort()).toEqual(['河北产权交易所上月成交项目汇总公告', '行政事业单位资产处置项目交易结果汇总公示'].sort());
  });

  it('detail gives the body, the type name, the source and the attachments', async () => {
    const summary = (await notices({ noticeType: 2, size: 20 })).records.find((n) => n.noticeTitle === '河北产权交易所上月成交项目汇总公告')!;
    const { res, body } = await t.post('/api/dscq-project/notice/detail', { id: summary.id });
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({
      id: summary.id,
      noticeTitle: summary.noticeTitle,
      noticeType: 2,
      noticeTypeName: '成交公告',
      assetsId: null,
      publishDate: summary.publishDate,
      source: '河北产权交易所',
      content: '<p>上月我所共完成各类交易项目156宗，详见附件成交项目清单。</p>',
    });
    expect(body.data.attachments).toMatchObject([{ fileName: '上月成交项目清单.xlsx', fileType: 'xlsx' }]);

    const listing = (await notices({ noticeType: 1, size: 1 })).records[0]!;
    const detail = (await t.post('/api/dscq-project/notice/detail', { id: listing.id })).body.data;
    expect(detail).toMatchObject({ noticeTypeName: '挂牌公告', assetsId: listing.assetsId, attachments: [] });
    expect(detail.content).toContain('意向方须在报名截止前登录河北产权交易所网络交易系统完成注册、实名认证和报名');
  });

  it('detail answers 404 for an unknown notice and 400 for a bad id', async () => {
    expect((await t.post('/api/dscq-project/notice/detail', { id: 99999 })).body).toMatchObject({ code: 404, msg: '公告不存在' });
    expect((await t.post('/api/dscq-project/notice/detail', { id: 'x' })).res.statusCode).toBe(400);
  });
});

it('stores seeded rich text already sanitised', async () => {
  const rows = await t.handle.db.selectFrom('news').select(['content']).where('ref_code', 'like', 'BZ-%').execute();
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.content).not.toMatch(/<script|on\w+=|javascript:/i);
  expect(NOW).toBeGreaterThan(0);
});
