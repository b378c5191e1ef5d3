/** News (dscq-content) and notices (dscq-project/notice). */
import type { NewsItem, Notice, Page } from '../../src/domain/contracts.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
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

describe('news', () => {
  it('pages all 40 items newest first', async () => {
    const page = await news({ size: 8 });
    expect(page).toMatchObject({ total: 40, size: 8, current: 1, pages: 5 });
    const all = (await news({ size: 40 })).records;
    const dates = all.map((n) => n.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all[0]!.title).toBe('河北产权交易所召开年度业务工作推进会');
    expect(all[0]!.publishDate).toBe('2026-11-20 12:00:00');
  });

  it('filters by plate; a parent plate covers its children', async () => {
    expect((await news({ plateId: 4 })).total).toBe(5);
    expect((await news({ plateId: 4 })).records.every((n) => n.plateId === 4 && n.title.endsWith('交易结果公示'))).toBe(true);
    expect((await news({ plateId: 2 })).total).toBe(11);
    // 新闻中心 (1) = 交易所动态 11 + 行业资讯 7 + 结果公示 5 + 通知公告 5 + 媒体聚焦 2.
    expect((await news({ plateId: 1 })).total).toBe(30);
    // 政策法规 (6) = 法律法规 4 + 交易规则 3.
    expect((await news({ plateId: 6 })).total).toBe(7);
    expect((await news({ plateId: 999 })).total).toBe(0);
  });

  it('maps to the NewsItem contract, with outer links', async () => {
    const all = (await news({ size: 40 })).records;
    expect(Object.keys(all[0]!).sort()).toEqual(
      ['createTime', 'id', 'imgSrc', 'isOuterLink', 'outerLinkUrl', 'plateId', 'publishDate', 'source', 'summarys', 'title'],
    );
    const outer = all.filter((n) => n.isOuterLink === 1);
    expect(outer.map((n) => n.outerLinkUrl)).toEqual(['https://www.sasac.gov.cn/', 'https://www.sasac.gov.cn/']);
    expect(all.filter((n) => n.isOuterLink === 0).every((n) => n.outerLinkUrl === '')).toBe(true);
  });

  it('detail returns the content', async () => {
    const first = (await news({ size: 1 })).records[0]!;
    const { res, body } = await t.post('/api/dscq-content/news-content/detail', { id: first.id });
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({ ...first });
    expect(body.data.content).toContain(`<p>${first.summarys}</p>`);
    expect(body.data.content).toContain('来源：河北产权交易所');
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
      expect(project.state).toBe('正在报名');
      expect(n.noticeTitle).toBe(`${project.assets_name}挂牌公告`);
    }
    const general = (await notices({ size: 30 })).records.filter((n) => n.assetsId === null);
    expect(general.map((n) => n.noticeTitle).sort()).toEqual(['河北产权交易所上月成交项目汇总公告', '行政事业单位资产处置项目交易结果汇总公示'].sort());
  });
});
