/**
 * The trading-centre wire contract (spec sections 2, 3, 4, 7 "Projects and bidding", and where the spec is
 * silent the names of the real dscq-* system family, e.g. search's orderBy/order/minPrice/maxPrice):
 * search with our extra filters, project / package / managed-project detail with its disclosure sections,
 * attachments behind the image verify code, favourites, and the judicial-auction service.
 * Amounts are yuan on the wire, times 'YYYY-MM-DD HH:mm:ss' China time (as ListedAsset).
 */
import type { ActivityStatus } from './activity';
import type { LotStatus } from './lotState';
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
  /** (ours) GET /<photoKey>-<size>.webp → a lot photo's bytes (image/webp, cached for a year: the key never changes). See lotPhotoPath. */
  photo: '/dscq-project/lot-photo',
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
  status: ActivityStatus;
  startTime: string;
  endTime: string;
  mode: string;
}

/* ---------------- Lot photos (ours, issue 26) ---------------- */

/** The stored sizes of a lot photo: `thumb` exactly LOT_PHOTO_THUMB (cropped to fill), `display` within LOT_PHOTO_DISPLAY. */
export const LOT_PHOTO_SIZES = ['thumb', 'display'] as const;
export type LotPhotoSize = (typeof LOT_PHOTO_SIZES)[number];
/** Every thumbnail (a card's cover, the gallery's strip) is exactly this size. */
export const LOT_PHOTO_THUMB = { width: 480, height: 360 } as const;
/** The display size fits inside this box (never enlarged). */
export const LOT_PHOTO_DISPLAY = { width: 1600, height: 1200 } as const;
/** The caption of a picture drawn for illustration, not taken of the asset. */
export const ILLUSTRATION_CAPTION = '示意图';

/** A photo's path under the API base (immutable: a new picture gets a new key). */
export function lotPhotoPath(photoKey: string, size: LotPhotoSize): string {
  return `${PROJECT_PATHS.photo}/${photoKey}-${size}.webp`;
}

/** One photo of a lot's gallery, in gallery order (the cover first). URLs are under the API base (/api/…), as imgUrl. */
export interface LotPhoto {
  id: number;
  /** The display size, for the viewer. */
  url: string;
  width: number;
  height: number;
  /** LOT_PHOTO_THUMB.width × LOT_PHOTO_THUMB.height. */
  thumbUrl: string;
  /** The lot's cover (its imgUrl is this photo's thumbUrl). */
  cover: boolean;
  /** ILLUSTRATION_CAPTION for a drawn illustration (the demo's), else the photo's caption ('' none). */
  caption: string;
  /** Drawn for illustration (示意图), not a photograph of the asset. */
  illustration: boolean;
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
  /** (ours) The photo gallery, the cover first; [] without photos (imgUrl then is the type's default or ''). */
  photos: LotPhoto[];
}

export interface CollectedAsset extends ListedAsset {
  collectTime: string;
}

/* ---------------- Judicial auction service (separate; base VITE_JUDICIAL_BASE, default /judicial) ---------------- */

export const JUDICIAL_PATHS = {
  /**
   * POST {offset, limit (8), name?, courtId?, cityCode?, state?} → JudicialAnswer<{list, totalCount}>: the one judicial
   * catalogue (court items and the portal's 司法拍卖 listings), live first (domain/rules/judicial.ts).
   */
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

/** Where a catalogue item comes from: the judicial service (`court`) or the portal's own 司法拍卖 listing bid in its hall (`lot`). */
export type JudicialSource = 'court' | 'lot';

/**
 * One item of the judicial catalogue (domain/rules/judicial.ts): a court item of the service or a 司法拍卖
 * listing of the portal, in one state vocabulary — the hall's.
 */
export interface JudicialItem {
  /** The service's key of a court item; `lot-{assetsId}` for a portal listing. */
  pkHouseproject: string;
  name: string;
  /** Category text (住宅用房, 机动车, 股权 …). */
  projecttype: string;
  /** Yuan. */
  upsetprice: number;
  /** 'YYYY-MM-DD HH:mm:ss': the auction's start ('' for a listing without a bidding activity yet). */
  auctiontime: string;
  /** null for a portal listing (the listing carries no round). */
  round: JudicialRound | null;
  /** The displayed state, as the hall names it (`lot.label`): 竞价中, 即将竞价, 正在报名, 已成交, 流拍, 已结束 … */
  state: string;
  /** The item's own state text: the service's word (即将开始, 正在报名, 已流拍 …) or the listing's. */
  itemState: string;
  /** The whole lot state (a court item has no activity: no price, no activity id). */
  lot: LotStatus;
  source: JudicialSource;
  /** The portal listing (its page: projectHref); null for a court item. */
  assetsId: number | null;
  projectType: number | null;
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
