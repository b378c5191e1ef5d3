/** msw handlers for every call the home page makes, with small but realistic fixtures. */
import { http, HttpResponse } from 'msw';
import type { Ad, HotInvestment, KeyProject, NoticeInfo, NoticeInfoDetail, PageModule, Partner, PositionTitle } from '#domain/contract/content';
import { envelope, listingFixture, newsFixture, noticeFixture, pageOf } from '../fixtures';

export const adFixture = (over: Partial<Ad> = {}): Ad => ({
  id: 1,
  url: '/gyzcProject',
  imgSrc: '/api/dscq-content/files/1',
  code: 'banner',
  title: '阳光交易 · 公开透明 · 规范高效',
  sort: 1,
  ...over,
});

export const bannerFixtures = [
  adFixture(),
  adFixture({ id: 2, title: '网络竞价系统全新升级', url: '/hall', imgSrc: '/api/dscq-content/files/2', sort: 2 }),
  adFixture({ id: 3, title: '行政事业单位资产公开处置', url: 'https://example.gov.cn/assets', imgSrc: '/api/dscq-content/files/3', sort: 3 }),
];

export const moduleFixture = (over: Partial<PageModule> & Pick<PageModule, 'id' | 'modulesCode' | 'name'>): PageModule => ({
  hasMoreButton: 1,
  moreButtonUrl: '/xwzx?plateId=2',
  sourceType: 1,
  plateCode: 'jysdt',
  plateId: 2,
  noticeType: null,
  sort: over.id,
  ...over,
});

export const moduleFixtures: PageModule[] = [
  moduleFixture({ id: 1, modulesCode: 'home-top', name: '要闻', plateCode: 'xwzx', plateId: 1, moreButtonUrl: '/xwzx?plateId=1' }),
  moduleFixture({ id: 2, modulesCode: 'home-news', name: '交易所动态' }),
  moduleFixture({ id: 3, modulesCode: 'home-news', name: '挂牌公告', sourceType: 2, plateCode: 'gpgg', plateId: 12, noticeType: 1, moreButtonUrl: '/xwzx?plateId=12' }),
  moduleFixture({ id: 4, modulesCode: 'home-right', name: '结果公示', plateCode: 'jggs', plateId: 4, moreButtonUrl: '/xwzx?plateId=4' }),
  moduleFixture({ id: 5, modulesCode: 'home-right', name: '成交公告', sourceType: 2, plateCode: 'cjgg', plateId: 11, noticeType: 2, moreButtonUrl: '/xwzx?plateId=11' }),
  moduleFixture({ id: 6, modulesCode: 'home-policy', name: '政策法规', plateCode: 'zcfg', plateId: 6, moreButtonUrl: '/zcfg?plateId=6' }),
];

export const topNewsFixtures = [
  newsFixture({ id: 11, title: '省属国有企业闲置资产集中挂牌推介会在我所举行', summarys: '46宗项目集中挂牌。', publishDate: '2026-11-21 09:00:00' }),
  newsFixture({ id: 12, title: '我所网络竞价系统单日完成竞价项目38宗', summarys: '平均溢价率达24.6%。', publishDate: '2026-11-19 10:00:00' }),
  newsFixture({
    id: 13,
    title: '国务院国资委：持续推动企业国有资产交易规范运行',
    summarys: '进一步完善交易监管制度。',
    isOuterLink: 1,
    outerLinkUrl: 'https://www.sasac.gov.cn/',
    publishDate: '2026-11-18 10:00:00',
  }),
  newsFixture({ id: 14, title: '京津冀三地产权交易机构联合开展项目推介活动', summarys: '推出优质项目120余宗。', publishDate: '2026-11-16 10:00:00' }),
];

export const keyProjectFixture = (i: number): KeyProject => ({
  ...adFixture({ id: 100 + i, code: 'zdtj', title: `重点推荐项目${i}`, url: `/projectDetail/${200 + i}.html`, imgSrc: `/api/dscq-content/files/${40 + i}` }),
  summary: '石家庄市·产权转让，国有资产公开交易，欢迎意向方报名参与。',
  assetsId: 200 + i,
  assetsName: `重点推荐项目${i}`,
  typeName: '产权转让',
  state: '正在报名',
  priceType: 1,
  startPrice: 12_000_000 + i,
  theToneInterval: 1,
  theToneMax: null,
  priceUnit: '',
  priceOther: '',
  city: '石家庄市',
  announcementEndTime: '2026-12-10 17:00:00',
  projectType: 0,
});

export const partnerFixtures: Partner[] = [
  { id: 1, name: '河北省国资委', url: 'http://hbsa.hebei.gov.cn/', imgSrc: '/api/dscq-content/files/20', positionType: 1 },
  { id: 2, name: '河北省财政厅', url: '', imgSrc: '/api/dscq-content/files/21', positionType: 1 },
];

export const noticeInfoFixtures: NoticeInfo[] = [
  { id: 1, title: '关于谨防冒充我所工作人员实施诈骗的郑重提示', category: 2, isTop: 1, publishDate: '2026-11-20 09:00:00' },
  { id: 2, title: '网络竞价系统例行维护通知', category: 1, isTop: 0, publishDate: '2026-11-18 09:00:00' },
];

export const hotFixtures: HotInvestment[] = [
  {
    id: 301,
    assetsName: '唐山市某国有企业临街商铺招租（218.6平方米）',
    typeName: '房屋租赁',
    projectType: 0,
    state: '正在报名',
    priceType: 2,
    startPrice: 45,
    theToneInterval: 1,
    theToneMax: null,
    priceUnit: '元/平方米·月',
    priceOther: '',
    city: '唐山市',
    imgUrl: '',
    circuseeCount: 6800,
  },
];

export const homeHandlers = [
  http.post('/api/dscq-project/search/page', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const typeCode = Number(params.get('typeCode') ?? 0);
    if (params.get('state')) {
      return HttpResponse.json(envelope(pageOf([listingFixture({ id: 150, assetsName: '邯郸市某行政事业单位报废公务车辆一批（13辆）', state: params.get('state')! })])));
    }
    return HttpResponse.json(
      envelope(
        pageOf([
          listingFixture({ typeCode }),
          listingFixture({ id: 102, assetsName: '保定市某办公楼出租', state: '预披露', projectType: 1 }),
        ]),
      ),
    );
  }),
  http.post('/api/dscq-content/news-content/page', ({ request }) => {
    const plateId = new URL(request.url).searchParams.get('plateId');
    if (plateId === '1') return HttpResponse.json(envelope(pageOf(topNewsFixtures)));
    return HttpResponse.json(envelope(pageOf([newsFixture()])));
  }),
  http.post('/api/dscq-content/news-content/front-page', () =>
    HttpResponse.json(
      envelope(
        pageOf(
          Array.from({ length: 7 }, (_, i) =>
            newsFixture({ id: 30 + i, title: `图片新闻${i + 1}`, imgSrc: `/api/dscq-content/files/${30 + i}` }),
          ),
        ),
      ),
    ),
  ),
  http.post('/api/dscq-project/notice/page', () => HttpResponse.json(envelope(pageOf([noticeFixture()])))),
  http.post('/api/dscq-content/ad-ads/list', ({ request }) => {
    const code = new URL(request.url).searchParams.get('code');
    if (code === 'banner') return HttpResponse.json(envelope(pageOf(bannerFixtures, 100)));
    if (code === 'home-ad') {
      return HttpResponse.json(envelope(pageOf([adFixture({ id: 9, code: 'home-ad', title: '司法拍卖 · 阳光处置', url: '/sfProject' })], 100)));
    }
    return HttpResponse.json(envelope(pageOf([], 100)));
  }),
  http.post('/api/dscq-content/ad-ads/keyProjects-page', () =>
    HttpResponse.json(envelope(pageOf(Array.from({ length: 8 }, (_, i) => keyProjectFixture(i + 1)), 8))),
  ),
  http.post('/api/dscq-content/partners/page', () => HttpResponse.json(envelope(pageOf(partnerFixtures, 100)))),
  http.post('/api/dscq-content/page-modules-content/batch-list', () => HttpResponse.json(envelope(moduleFixtures))),
  http.get('/api/blade-desk/notice-info/detail', ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('id'));
    const item = noticeInfoFixtures.find((n) => n.id === id) ?? noticeInfoFixtures[0]!;
    const detail: NoticeInfoDetail = { ...item, content: '<p>交易保证金只能转入我所公布的结算账户。</p>' };
    return HttpResponse.json(envelope(detail));
  }),
  http.get('/api/blade-desk/hot-investments/list', () => HttpResponse.json(envelope(hotFixtures))),
  http.get('/api/blade-desk/title-config/by-position', () => {
    const title: PositionTitle = { position: 'a1', title: '重点推荐', subTitle: '优质项目 · 精选推荐', moreUrl: '/zhongdianList' };
    return HttpResponse.json(envelope(title));
  }),
];
