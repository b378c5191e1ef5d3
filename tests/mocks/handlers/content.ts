/** msw handlers for the content centre's pages. Plate ids follow the server's seed order. */
import { http, HttpResponse } from 'msw';
import type { ColumnContent, DownloadFile, NewsArticle, NewsPlate, NewsPlateDetail, NoticeDetail, Recruit, RecruitDetail } from '#domain/contract/content';
import type { NewsItem } from '#domain/contract/portal';
import { envelope, newsFixture, pageOf } from '../fixtures';
import { keyProjectFixture, noticeInfoFixtures } from './home';

const plate = (id: number, plateCode: string, plateName: string, parentId: number | null, over: Partial<NewsPlate> = {}): NewsPlate => ({
  id,
  plateCode,
  plateName,
  parentId,
  sort: id,
  sourceType: 1,
  noticeType: null,
  ...over,
});

export const plateFixtures: NewsPlate[] = [
  plate(1, 'xwzx', '新闻中心', null),
  plate(2, 'jysdt', '交易所动态', 1),
  plate(4, 'jggs', '结果公示', 1),
  plate(11, 'cjgg', '成交公告', 1, { sourceType: 2, noticeType: 2 }),
  plate(6, 'zcfg', '政策法规', null),
  plate(7, 'flfg', '法律法规', 6),
  plate(8, 'jygz', '交易规则', 6),
  plate(9, 'djgz', '党建工作', null),
  plate(13, 'djdt', '党建动态', 9),
  plate(15, 'jyfw', '交易服务', null),
  plate(16, 'jylc', '交易流程', 15),
  plate(19, 'gywm', '关于我们', null),
  plate(20, 'xxgk', '信息公开', null),
  plate(21, 'jbxx', '基本信息', 20),
  plate(24, 'hgzx', '咨询中心', null),
  plate(25, 'zxwd', '咨询问答', 24),
  plate(27, 'bzzx', '帮助中心', null),
  plate(28, 'jyzn', '交易指南', 27),
  plate(29, 'cjwt', '常见问题', 27),
];

export function plateDetail(p: NewsPlate): NewsPlateDetail {
  return {
    ...p,
    parent: plateFixtures.find((x) => x.id === p.parentId) ?? null,
    children: plateFixtures.filter((x) => x.parentId === p.id),
  };
}

/** Articles per plate: a parent plate lists its children's too (as the server does). */
const ARTICLE_TITLES: Record<number, string[]> = {
  2: ['我所召开年度业务工作推进会', '网络竞价系统完成升级改造'],
  4: ['保定市某事业单位报废公务车辆一批交易结果公示'],
  7: ['企业国有资产交易监督管理办法'],
  8: ['河北产权交易所网络竞价实施细则'],
  13: ['我所党委召开理论学习中心组集体学习会议'],
  16: ['企业国有产权转让交易流程'],
  19: ['联系我们', '本所简介'],
  21: ['河北产权交易所机构基本信息'],
  25: ['个人可以参加企业国有产权转让项目吗？', '交易保证金什么时候退还？'],
  28: ['新用户注册与实名认证', '如何报名参与项目'],
  29: ['收不到短信验证码怎么办？'],
};

export function articlesOf(plateId: number): NewsItem[] {
  const ids = [plateId, ...plateFixtures.filter((p) => p.parentId === plateId).map((p) => p.id)];
  return ids.flatMap((id) =>
    (ARTICLE_TITLES[id] ?? []).map((title, i) =>
      newsFixture({
        id: id * 100 + i + 1,
        plateId: id,
        title,
        summarys: `${title}的摘要。`,
        // 关于我们: 本所简介 was written first.
        publishDate: id === 19 ? `2025-10-${String(20 - i).padStart(2, '0')} 09:00:00` : `2026-11-${String(20 - i).padStart(2, '0')} 09:00:00`,
      }),
    ),
  );
}

export function articleDetail(id: number): NewsArticle | undefined {
  const plateId = Math.floor(id / 100);
  const item = articlesOf(plateId).find((a) => a.id === id);
  if (!item) return undefined;
  return {
    ...item,
    content: `<p>${item.title}的正文。</p><ul><li>要点一</li></ul>`,
    plateName: plateFixtures.find((p) => p.id === plateId)?.plateName ?? '',
    attachments: id === 801 ? [{ id: 5, fileName: '河北产权交易所网络竞价实施细则.pdf', fileSize: 3325, fileType: 'pdf', url: '/dscq-content/files/5' }] : [],
  };
}

export const noticeDetailFixture: NoticeDetail = {
  id: 7,
  noticeTitle: '河北某公司100%股权转让项目成交公告',
  noticeType: 2,
  noticeTypeName: '成交公告',
  assetsId: 101,
  publishDate: '2026-11-19 09:00:00',
  content: '<p>该项目已按规定程序成交，现予公告。</p>',
  source: '河北产权交易所',
  attachments: [{ id: 10, fileName: '上月成交项目清单.xlsx', fileSize: 3200, fileType: 'xlsx', url: '/dscq-content/files/10' }],
};

export const downloadFixtures: DownloadFile[] = [
  { id: 1, fileId: 1, title: '意向受让申请书（企业国有产权转让）', category: '交易文书', fileName: '意向受让申请书（企业国有产权转让）.docx', fileSize: 3616, fileType: 'docx', url: '/dscq-content/files/1', publishDate: '2026-10-22 12:00:00' },
  { id: 5, fileId: 5, title: '河北产权交易所网络竞价实施细则', category: '制度文件', fileName: '河北产权交易所网络竞价实施细则.pdf', fileSize: 3325, fileType: 'pdf', url: '/dscq-content/files/5', publishDate: '2026-10-02 12:00:00' },
];

const columnItem = (id: number, columnCode: string, columnName: string, title: string, over: Partial<ColumnContent> = {}): ColumnContent => ({
  id,
  columnCode,
  columnName,
  columnDescription: `${columnName}的说明`,
  columnImgSrc: '',
  title,
  summary: '',
  imgSrc: '',
  linkUrl: '',
  content: `<p>${title}的内容。</p>`,
  sort: id,
  publishDate: '2026-10-22 12:00:00',
  ...over,
});

export const columnFixtures: Record<string, ColumnContent[]> = {
  'service-center': [
    columnItem(1, 'service-center', '服务中心', '转让服务', { linkUrl: '/transferService', summary: '项目受理、信息披露、竞价组织。', imgSrc: '/api/dscq-content/files/60', columnImgSrc: '/api/dscq-content/files/61' }),
    columnItem(2, 'service-center', '服务中心', '投资服务', { linkUrl: '/investService', summary: '项目推介、尽调协助。' }),
  ],
  'transfer-service': [columnItem(3, 'transfer-service', '转让服务', '服务对象'), columnItem(4, 'transfer-service', '转让服务', '服务内容')],
  'special-car': [columnItem(5, 'special-car', '机动车专场', '专场说明')],
  'special-oil': [columnItem(6, 'special-oil', '成品油专场', '专场说明'), columnItem(7, 'special-oil', '成品油专场', '成品油批量竞价交易规则')],
};

export const recruitFixtures: Recruit[] = [
  { id: 1, title: '产权交易业务经理', department: '产权交易部', headcount: 2, location: '石家庄', education: '本科及以上', publishDate: '2026-11-15 12:00:00', deadline: '2026-12-15 12:00:00' },
];

const notFound = (msg: string) => HttpResponse.json({ code: 404, success: false, msg, data: null }, { status: 404 });

export const contentHandlers = [
  http.get('/api/dscq-content/news-platecfig/detail', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const id = Number(params.get('id'));
    const code = params.get('plateCode');
    const found = plateFixtures.find((p) => (code ? p.plateCode === code : p.id === id));
    return found ? HttpResponse.json(envelope(plateDetail(found))) : notFound('栏目不存在');
  }),
  http.post('/api/dscq-content/news-platecfig/select', ({ request }) => {
    const parentId = Number(new URL(request.url).searchParams.get('parentId'));
    return HttpResponse.json(envelope(plateFixtures.filter((p) => p.parentId === parentId)));
  }),
  // Plates of the content fixtures; others fall through to the home handlers.
  http.post('/api/dscq-content/news-content/page', ({ request }) => {
    const plateId = Number(new URL(request.url).searchParams.get('plateId'));
    if (plateId === 1 || !plateFixtures.some((p) => p.id === plateId)) return undefined;
    return HttpResponse.json(envelope(pageOf(articlesOf(plateId), 12)));
  }),
  http.post('/api/dscq-content/news-content/detail', ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('id'));
    const detail = articleDetail(id);
    return detail ? HttpResponse.json(envelope(detail)) : notFound('新闻不存在');
  }),
  http.post('/api/dscq-project/notice/detail', ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('id'));
    return id === noticeDetailFixture.id ? HttpResponse.json(envelope(noticeDetailFixture)) : notFound('公告不存在');
  }),
  http.post('/api/dscq-content/download-file/page', ({ request }) => {
    const category = new URL(request.url).searchParams.get('category');
    return HttpResponse.json(envelope(pageOf(downloadFixtures.filter((d) => !category || d.category === category), 12)));
  }),
  http.get('/api/dscq-content/columns-content/page', ({ request }) => {
    const code = new URL(request.url).searchParams.get('columnCode') ?? '';
    return HttpResponse.json(envelope(pageOf(columnFixtures[code] ?? [columnItem(99, code, code, '栏目说明')], 50)));
  }),
  http.get('/api/dscq-content/ad-ads/detail', ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('id'));
    return HttpResponse.json(envelope(keyProjectFixture(id - 100)));
  }),
  http.get('/api/blade-desk/recruit/list', () => HttpResponse.json(envelope(pageOf(recruitFixtures, 20)))),
  http.get('/api/blade-desk/recruit/detail', () => {
    const detail: RecruitDetail = { ...recruitFixtures[0]!, content: '<h3>岗位职责</h3><ul><li>负责项目受理。</li></ul>' };
    return HttpResponse.json(envelope(detail));
  }),
  http.post('/api/blade-desk/notice-info/list', () => HttpResponse.json(envelope(pageOf(noticeInfoFixtures, 12)))),
];
