/**
 * The trading-centre wire contract (spec sections 2, 3, 4, 7 "Projects and bidding", and where the spec is
 * silent the names of the real dscq-* system family, e.g. search's orderBy/order/minPrice/maxPrice):
 * search with our extra filters, project / package / managed-project detail with its disclosure sections,
 * attachments behind the image verify code, favourites, and the judicial-auction service.
 * Amounts are yuan on the wire, times 'YYYY-MM-DD HH:mm:ss' China time (as ListedAsset).
 */
import type { ListedAsset } from './portal';

export const PROJECT_PATHS = {
  /** POST, query params ProjectSearchParams → Page<ListedAsset>. page2 is the same search. */
  search: '/dscq-project/search/page',
  search2: '/dscq-project/search/page2',
  /** GET {id} → ProjectDetail (single asset, package or managed project alike). */
  detail: '/dscq-project/project/detail',
  /** POST {assetsId, size (4)} → ListedAsset[]: same type first, then same city, enrolling first. */
  recommend: '/dscq-project/search/assets-recommend',
  /** GET → AssetsFeature[]: the feature tags (优质资产, 国企直供 …) the search can filter on. */
  features: '/dscq-project/assets-feature/list',
  /** GET {code?} → FilterConfig[]: the trading centre's filter bar (types, regions, price bands, states, sorts). */
  filterConfig: '/blade-desk/filter-query-config/open-list',
  /** GET {aliAssetsId} → {imgUrl}: the cover picture of an asset. */
  cover: '/dscq-project/ali-basic-assets/cover/aliAssetsId',
  /** POST {assetsId} → {activityId, status, startTime, endTime, mode} | null: the asset's bidding activity. */
  biddingAssets: '/dscq-project/activity/bidding-assets',
  /** POST body AttachmentLogRequest → null: an attachment download is logged. */
  attachmentLog: '/dscq-project/client-attachment-log/submit',
  /**
   * POST {attachmentId, key, code} (key/code from GET /blade-auth/oauth/captcha) → AttachmentTicket.
   * Wrong or expired code → 400 with msg 验证码错误或已过期. The ticket is single use, 5 minutes.
   */
  attachmentVerify: '/dscq-project/assets-detail/verify-code',
  /** GET {ticket} → the file (Content-Disposition: attachment). Not an envelope. */
  attachmentDownload: '/dscq-project/assets-detail/attachment',
  /** GET {size (6)} → ListedAsset[] newest listings. */
  topNewPublish: '/dscq-project/top/new-publish',
  /** POST {projectTypes: number[], plateId?, limit (8)} → ListedAsset[]. */
  basicNewPublish: '/dscq-sync/v1/basic-assets/new-publish',
  /** GET {current, size (8), projectNature?} → Page<ListedAsset>: the province's state-owned (Hebei) projects. */
  hbProjects: '/dscq-project/project/hb-projects',
  /** GET {size (8)} → hot investments. */
  hotInvestments: '/blade-desk/hot-investments/list',
  /** POST {assetsId} → null. 401 when anonymous (the client shows 用户未登录 / 去登录). */
  collectAdd: '/dscq-user/collect-assets/add',
  /** POST {assetsId} → null. */
  collectCancel: '/dscq-user/collect-assets/cancel',
  /** POST {current, size} → Page<CollectedAsset>, newest favourite first. */
  collectList: '/dscq-user/collect-assets/assets-list',
} as const;

/** projectNature: 1 state-owned (国有), 2 private (非国有). /gyzcProject lists projectNature 1. */
export const PROJECT_NATURE = { stateOwned: 1, private: 2 } as const;

/** Sort keys of the trading centre (api-reference: orderBy + order). */
export const PROJECT_SORTS = ['publishDate', 'price', 'views'] as const;

export type ProjectSort = (typeof PROJECT_SORTS)[number];

/**
 * Query parameters of search/page (spec: size, current, typeCode, notTypeCodeList, q, associationId;
 * the rest are api-reference's names, ours to implement).
 * `q` matches the asset name by Chinese text, by full pinyin (`guoyou`) and by pinyin initials (`gyzc`),
 * case-insensitive, and also the project code.
 */
export interface ProjectSearchParams {
  current?: number;
  size?: number;
  q?: string;
  typeCode?: number;
  notTypeCodeList?: number[];
  associationId?: number;
  /** A state word (正在报名, 预披露, 已结束, 已成交, 报名已截止). */
  state?: string;
  /** City name in Hebei (石家庄市 …) and optionally its county (正定县 …). */
  city?: string;
  county?: string;
  /** Yuan, inclusive; compares startPrice. */
  minPrice?: number;
  maxPrice?: number;
  projectNature?: number;
  /** An AssetsFeature id. */
  assetsFeature?: number;
  orderBy?: ProjectSort;
  order?: 'asc' | 'desc';
}

/** Most rows one search page may ask for. */
export const PROJECT_SEARCH_MAX_SIZE = 100;

export interface AssetsFeature {
  id: number;
  name: string;
}

/** One group of the filter bar: a `field` of ProjectSearchParams and its options. */
export interface FilterConfig {
  field: 'typeCode' | 'associationId' | 'city' | 'state' | 'price' | 'orderBy';
  label: string;
  options: Array<{ label: string; value: string }>;
}

/** Disclosure tabs of a detail (api-reference's announcement-detail sections). */
export const DISCLOSURE_SECTIONS = [
  { key: 'announcement', title: '项目公告' },
  { key: 'transferor', title: '转让方信息' },
  { key: 'target', title: '标的信息及评估' },
  { key: 'tradeNotice', title: '交易须知' },
  { key: 'buyerAptitude', title: '受让方资格条件' },
  { key: 'riskWarning', title: '风险提示' },
] as const;

export type DisclosureSectionKey = (typeof DISCLOSURE_SECTIONS)[number]['key'];

export interface DisclosureSection {
  key: DisclosureSectionKey;
  title: string;
  /** Sanitised HTML (server/services/common/rich-text.ts). */
  content: string;
}

export interface AttachmentInfo {
  id: number;
  fileName: string;
  /** Bytes. */
  fileSize: number;
  /** pdf, docx, xlsx, jpg … */
  fileType: string;
}

export interface AttachmentTicket {
  ticket: string;
  /** The download URL relative to the API base (attachmentDownload?ticket=…). */
  url: string;
  expiresIn: number;
}

export interface AttachmentLogRequest {
  assetsId: number;
  attachmentId: number;
}

/** The asset's bidding activity, when it has one (links the detail to the bidding room). */
export interface ProjectActivity {
  activityId: number;
  status: 'scheduled' | 'live' | 'ended';
  startTime: string;
  endTime: string;
  mode: string;
}

export interface ProjectDetail extends ListedAsset {
  /** Enrolment deadline (= announcementEndTime), for the countdown. */
  enrollEndTime: string;
  /** The transferor (转让方) as disclosed. */
  transferorName: string;
  /** Contact of the exchange for this project. */
  contactName: string;
  contactPhone: string;
  /** Appraised value in yuan, null when not disclosed. */
  appraisedValue: number | null;
  sections: DisclosureSection[];
  attachments: AttachmentInfo[];
  /** Packages (projectType 1, 2): the child assets ('see child assets'); [] otherwise. */
  children: ListedAsset[];
  /** A child asset's package id; null otherwise. */
  parentId: number | null;
  activity: ProjectActivity | null;
  /** Whether the logged-in user has it in favourites; false when anonymous. */
  collected: boolean;
  /** Feature tags. */
  features: AssetsFeature[];
}

export interface CollectedAsset extends ListedAsset {
  collectTime: string;
}

/* ---------------- Judicial auction service (separate; base VITE_JUDICIAL_BASE, default /judicial) ---------------- */

export const JUDICIAL_PATHS = {
  /** POST {offset, limit (8), name?, courtId?, cityCode?, state?} → JudicialAnswer<{list, totalCount}>. */
  query: '/wechatProject/query',
  /** GET {cityCode?} → JudicialAnswer<JudicialCourt[]>. */
  courts: '/wechatProject/ajaxGetCourt',
  /** GET → JudicialAnswer<JudicialCity[]>. */
  cities: '/wechatProject/ajaxGetCity',
  /** GET {pkHouseproject} → JudicialAnswer<JudicialItemDetail> (ours: the spec shows no detail call). */
  detail: '/wechatProject/detail',
} as const;

export const JUDICIAL_PAGE_SIZE = 8;

/** The judicial service's own answer shape (not the {code,msg,data} envelope). */
export interface JudicialAnswer<T> {
  /** 0 success; anything else failed with `message`. */
  status: number;
  message: string;
  content: T;
}

export interface JudicialList {
  list: JudicialItem[];
  totalCount: number;
}

/** Auction round (spec section 3): 0 变卖 (forced sale), 1 一拍, 2 二拍. */
export type JudicialRound = 0 | 1 | 2;

export interface JudicialItem {
  pkHouseproject: string;
  name: string;
  /** Category text (住宅用房, 机动车, 股权 …). */
  projecttype: string;
  /** Yuan. */
  upsetprice: number;
  /** 'YYYY-MM-DD HH:mm:ss'. */
  auctiontime: string;
  round: JudicialRound;
  /** 正在报名, 已结束, 即将开始, 已成交, 已流拍 … (display via judicialStateLabel). */
  state: string;
  courtName: string;
  cityName: string;
  imgUrl: string;
}

export interface JudicialItemDetail extends JudicialItem {
  appraisedValue: number;
  deposit: number;
  increment: number;
  /** Sanitised HTML. */
  description: string;
  caseNumber: string;
  contactPhone: string;
}

export interface JudicialCourt {
  courtId: number;
  courtName: string;
  cityCode: string;
}

export interface JudicialCity {
  cityCode: string;
  cityName: string;
}
