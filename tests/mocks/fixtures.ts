import type { ListedAsset, NavigationEntry, NewsItem, Notice } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import { listingOnlyLot } from '#domain/rules/lotState';

export function pageOf<T>(records: T[], size = 10): Page<T> {
  return { records, total: records.length, size, current: 1, pages: Math.max(1, Math.ceil(records.length / size)) };
}

export const envelope = <T>(data: T) => ({ code: 200, success: true, msg: '操作成功', data });

const nav = (over: Partial<NavigationEntry> & Pick<NavigationEntry, 'id' | 'navigationName' | 'navigationUrl'>): NavigationEntry => ({
  inStation: 1,
  openPage: 0,
  menuFlag: 1,
  sort: over.id,
  children: [],
  ...over,
});

export const navigationFixture: NavigationEntry[] = [
  nav({ id: 1, navigationName: '首页', navigationUrl: '/index' }),
  nav({
    id: 2,
    navigationName: '交易中心',
    navigationUrl: '/project',
    children: [
      nav({ id: 21, navigationName: '产权转让', navigationUrl: '/project?typeCode=1' }),
      nav({ id: 22, navigationName: '全国公共资源交易平台', navigationUrl: 'https://www.ggzy.gov.cn/', inStation: 0, openPage: 1 }),
    ],
  }),
  nav({ id: 3, navigationName: '信息公开', navigationUrl: '/xxgk', openPage: 1 }),
];

export const listingFixture = (over: Partial<ListedAsset> = {}): ListedAsset => {
  const state = over.state ?? '正在报名';
  // The answer's lot state: the listing's own word unless the test gives an activity's (domain/rules/lotState.ts).
  const lot = over.lot ?? listingOnlyLot(over.listingState ?? state);
  return {
    id: 101,
    projectCode: 'HBCQ-GQ2026-0001',
    assetsName: '石家庄某国有企业持有的河北某科技有限公司35%股权',
    typeCode: 1,
    typeName: '产权转让',
    associationId: null,
    projectNature: 1,
    projectType: 0,
    priceType: 1,
    startPrice: 12_345_000,
    theToneInterval: 1,
    theToneMax: null,
    priceUnit: '',
    priceOther: '',
    deposit: 1_000_000,
    announcementStartTime: '2026-11-01 09:00:00',
    announcementEndTime: '2026-11-28 17:00:00',
    city: '石家庄市',
    county: '长安区',
    orgName: '河北某国有资本运营有限公司',
    imgUrl: '',
    circuseeCount: 12,
    ...over,
    state: over.lot ? over.lot.label : state,
    listingState: over.listingState ?? state,
    lot,
  };
};

export const newsFixture = (over: Partial<NewsItem> = {}): NewsItem => ({
  id: 1,
  plateId: 1,
  title: '我所组织召开2026年度会员单位座谈会',
  summarys: '会议总结了全年交易情况。',
  imgSrc: '',
  isOuterLink: 0,
  outerLinkUrl: '',
  source: '河北产权交易所',
  publishDate: '2026-11-18 10:00:00',
  createTime: '2026-11-18 10:00:00',
  ...over,
});

export const noticeFixture = (over: Partial<Notice> = {}): Notice => ({
  id: 7,
  noticeTitle: '河北某公司100%股权转让项目成交公告',
  noticeType: 2,
  assetsId: 101,
  publishDate: '2026-11-19 09:00:00',
  ...over,
});
