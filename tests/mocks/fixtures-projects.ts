/**
 * Trading-centre and judicial fixtures: listings that exercise every display rule (each
 * priceType, a range, pre-disclosure, each status, a package with children), a detail builder, and
 * judicial items. Names are realistic Hebei listings.
 */
import type { ListedAsset } from '#domain/contract/portal';
import type { JudicialCity, JudicialCourt, JudicialItem, JudicialItemDetail, ProjectDetail } from '#domain/contract/projects';
import { courtItemLot } from '#domain/rules/judicial';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import { lotStatus } from '#domain/rules/lotState';
import { listingFixture } from './fixtures';

const asset = (over: Partial<ListedAsset> & Pick<ListedAsset, 'id' | 'assetsName'>): ListedAsset =>
  listingFixture({ projectCode: `HBCQ-2026-${String(over.id).padStart(4, '0')}`, ...over });

/** One of each display rule, newest first by announcement start. */
export const ruleProjects: ListedAsset[] = [
  asset({
    id: 201,
    assetsName: '石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权',
    typeCode: 1,
    typeName: '产权转让',
    state: '正在报名',
    priceType: 1,
    startPrice: 12_345_000,
    city: '石家庄市',
    county: '长安区',
    announcementStartTime: '2026-11-20 09:00:00',
    circuseeCount: 328,
  }),
  asset({
    id: 202,
    assetsName: '唐山市路北区建设路临街商铺出租（218.6平方米）',
    typeCode: 6,
    typeName: '房屋租赁',
    state: '正在报名',
    priceType: 2,
    startPrice: 45.5,
    priceUnit: '元/平方米/月',
    city: '唐山市',
    county: '路北区',
    announcementStartTime: '2026-11-19 09:00:00',
  }),
  asset({
    id: 203,
    assetsName: '保定市某国有企业报废车辆一批（13辆）',
    typeCode: 2,
    typeName: '实物资产',
    state: '报名已截止',
    priceType: 3,
    priceOther: '以现场竞价为准',
    city: '保定市',
    county: '竞秀区',
    announcementStartTime: '2026-11-18 09:00:00',
  }),
  asset({
    id: 204,
    assetsName: '邯郸市某公司闲置厂房整体转让',
    typeCode: 2,
    typeName: '实物资产',
    state: '正在报名',
    priceType: 1,
    startPrice: 9_000,
    theToneInterval: 2,
    theToneMax: 12_000,
    city: '邯郸市',
    county: '丛台区',
    announcementStartTime: '2026-11-17 09:00:00',
  }),
  asset({
    id: 205,
    assetsName: '沧州市某国有控股公司增资扩股项目',
    typeCode: 4,
    typeName: '增资扩股',
    state: '预披露',
    priceType: 1,
    startPrice: 50_000_000,
    city: '沧州市',
    county: '运河区',
    announcementStartTime: '2026-11-16 09:00:00',
  }),
  asset({
    id: 206,
    assetsName: '廊坊市某物流有限公司100%股权',
    typeCode: 1,
    typeName: '产权转让',
    state: '已成交',
    startPrice: 23_800_000,
    city: '廊坊市',
    county: '广阳区',
    announcementStartTime: '2026-11-15 09:00:00',
  }),
  asset({
    id: 207,
    assetsName: '秦皇岛市某事业单位办公设备一批',
    typeCode: 2,
    typeName: '行政事业资产',
    associationId: 88,
    projectNature: 2,
    state: '已结束',
    startPrice: 8_600,
    city: '秦皇岛市',
    county: '海港区',
    announcementStartTime: '2026-11-14 09:00:00',
  }),
  asset({
    id: 208,
    assetsName: '衡水市某国有企业商标专用权转让',
    typeCode: 7,
    typeName: '其他',
    state: '中止',
    startPrice: 300_000,
    city: '衡水市',
    county: '桃城区',
    announcementStartTime: '2026-11-13 09:00:00',
  }),
  asset({
    id: 210,
    assetsName: '承德市某国有企业闲置设备资产包',
    typeCode: 2,
    typeName: '实物资产',
    projectType: 1,
    state: '正在报名',
    startPrice: 3_560_000,
    city: '承德市',
    county: '双桥区',
    announcementStartTime: '2026-11-12 09:00:00',
  }),
];

/** Older listings, so the centre has more than one page. */
export const fillerProjects: ListedAsset[] = Array.from({ length: 14 }, (_, i) =>
  asset({
    id: 230 + i,
    assetsName: `张家口市某国有企业闲置资产第${i + 1}批`,
    typeCode: 2,
    typeName: '实物资产',
    state: '正在报名',
    startPrice: 100_000 * (i + 1),
    city: '张家口市',
    county: '桥东区',
    announcementStartTime: `2026-10-${String(28 - i).padStart(2, '0')} 09:00:00`,
  }),
);

export const childProjects: ListedAsset[] = [
  asset({ id: 211, assetsName: '承德市某国有企业闲置数控机床（6台）', typeCode: 2, typeName: '实物资产', state: '正在报名', startPrice: 1_260_000 }),
  asset({ id: 212, assetsName: '承德市某国有企业变压器及配电设备', typeCode: 2, typeName: '实物资产', state: '正在报名', startPrice: 2_300_000 }),
];

export const allProjects: ListedAsset[] = [...ruleProjects, ...fillerProjects];

/** China wall-clock text of an epoch ms. */
export function chinaTime(epochMs: number): string {
  return new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function projectDetailFixture(base: ListedAsset, over: Partial<ProjectDetail> = {}): ProjectDetail {
  const isPackage = base.projectType === 1 || base.projectType === 2;
  // An activity decides the lot state, as on the server (domain/rules/lotState.ts).
  const a = over.activity;
  const lot =
    over.lot ??
    (a
      ? lotStatus(base.listingState, {
          activityId: a.activityId,
          status: a.status,
          outcome: null,
          mode: a.mode,
          startTime: chinaTimeToEpoch(a.startTime)!,
          endTime: chinaTimeToEpoch(a.endTime)!,
          currentPrice: base.startPrice,
          biddingCount: 0,
        })
      : base.lot);
  return {
    ...base,
    // Three days and a bit from now, so the countdown has days, hours, minutes and seconds.
    enrollEndTime: chinaTime(Date.now() + 3 * 86_400_000 + 4 * 3_600_000),
    transferorName: '河北省某省属国有企业集团有限公司',
    contactName: '王经理',
    contactPhone: '0311-85209876',
    appraisedValue: 13_000_000,
    sections: [
      { key: 'announcement', title: '项目公告', content: '<p>经批准，转让方拟通过我所公开挂牌转让所持标的企业股权。</p>' },
      { key: 'transferor', title: '转让方信息', content: '<table><tr><th>转让方名称</th><td>河北省某省属国有企业集团有限公司</td></tr></table>' },
      { key: 'riskWarning', title: '风险提示', content: '<p>意向受让方应自行了解标的现状，风险自担。</p>' },
    ],
    attachments: [
      { id: 31, fileName: '资产评估报告.pdf', fileSize: 2_516_582, fileType: 'pdf' },
      { id: 32, fileName: '产权交易合同（样本）.docx', fileSize: 48_230, fileType: 'docx' },
    ],
    children: isPackage ? childProjects.map((child) => ({ ...child })) : [],
    parentId: null,
    activity: null,
    collected: false,
    features: [{ id: 1, name: '国企直供' }],
    photos: [],
    ...over,
    state: lot.label,
    lot,
  };
}

export const judicialCities: JudicialCity[] = [
  { cityCode: '1301', cityName: '石家庄市' },
  { cityCode: '1302', cityName: '唐山市' },
];

export const judicialCourts: JudicialCourt[] = [
  { courtId: 11, courtName: '石家庄市中级人民法院', cityCode: '1301' },
  { courtId: 12, courtName: '石家庄市长安区人民法院', cityCode: '1301' },
  { courtId: 21, courtName: '唐山市路北区人民法院', cityCode: '1302' },
];

/** A court item of the judicial service: its own word (`itemState`) read in the hall's names (courtItemLot). */
const judicialItem = (i: number, over: Partial<Omit<JudicialItem, 'state' | 'lot'>> = {}): JudicialItem => {
  const itemState = over.itemState ?? '正在报名';
  const lot = courtItemLot(itemState);
  return {
    pkHouseproject: `SF${String(1000 + i)}`,
    name: `石家庄市长安区中山东路${i}号住宅一套（建筑面积${80 + i}平方米）`,
    projecttype: '住宅用房',
    upsetprice: 1_250_000 + i * 10_000,
    auctiontime: `2026-12-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00`,
    round: 1,
    courtName: '石家庄市长安区人民法院',
    cityName: '石家庄市',
    imgUrl: '',
    source: 'court',
    assetsId: null,
    projectType: null,
    ...over,
    itemState,
    state: lot.label,
    lot,
  };
};

/** A 司法拍卖 listing of the portal, live in the hall (activity 9001). */
export const judicialLiveLot: JudicialItem = {
  pkHouseproject: 'lot-501',
  name: '保定市竞秀区某工业用地使用权及地上建筑物',
  projecttype: '司法拍卖（动产）',
  upsetprice: 3_600_000,
  auctiontime: '2026-11-20 21:15:00',
  round: null,
  state: '竞价中',
  itemState: '正在报名',
  lot: {
    status: 'bidding',
    label: '竞价中',
    activityId: 9001,
    activityStatus: 'live',
    mode: 'ongoing',
    biddingStartTime: '2026-11-20 21:15:00',
    biddingEndTime: '2026-11-21 12:03:25',
    price: 3_700_000,
    priceLabel: '当前价',
    biddingCount: 4,
  },
  source: 'lot',
  assetsId: 501,
  projectType: 0,
  courtName: '保定市竞秀区人民法院',
  cityName: '保定市',
  imgUrl: '',
};

/**
 * 12 court lots in the catalogue's order (the server's): the live portal listing, an upcoming court item
 * (即将开始 → 即将竞价), the enrolling ones by auction time, then the ended ones (已结束, 已流拍 → 流拍); a page of
 * 8 and a second page; rounds 0, 1, 2 and none (the listing).
 */
export const judicialItems: JudicialItem[] = [
  judicialLiveLot,
  judicialItem(3, { round: 2, itemState: '即将开始', courtName: '石家庄市中级人民法院' }),
  judicialItem(1),
  ...Array.from({ length: 7 }, (_, i) => judicialItem(4 + i)),
  judicialItem(2, { name: '唐山市路北区一辆别克GL8商务车', projecttype: '机动车', upsetprice: 8_500, round: 0, itemState: '已结束', courtName: '唐山市路北区人民法院', cityName: '唐山市' }),
  judicialItem(11, { round: 2, itemState: '已流拍', auctiontime: '2026-10-11 10:00:00' }),
];

export function judicialDetailFixture(item: JudicialItem): JudicialItemDetail {
  return {
    ...item,
    appraisedValue: item.upsetprice * 1.25,
    deposit: Math.round(item.upsetprice * 0.1),
    increment: 5_000,
    description: '<p>标的物以现状拍卖，买受人自行办理过户手续。</p>',
    caseNumber: '（2026）冀0102执1234号',
    contactPhone: '0311-86681234',
  };
}
