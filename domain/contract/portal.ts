/**
 * The wire contract between the browser and `server/`: envelope, page shape and the entities the spec
 * names (section 3). Field names are the spec's (and, where it is silent, those of the real dscq-* system
 * family on SpringBlade).
 * Amounts on the wire are yuan (the contract's unit); the database keeps integer fen.
 * Times on the wire are 'YYYY-MM-DD HH:mm:ss' strings in China time, as the real system sends them.
 */
import type { FeeSchedule } from './settlement';
import type { Flag } from './envelope';
import type { LotStatus } from './lotState';

export interface NavigationEntry {
  id: number;
  navigationName: string;
  /** Internal route path (inStation 1) or absolute URL (inStation 0). */
  navigationUrl: string;
  inStation: Flag;
  /** 1 opens a new tab. */
  openPage: Flag;
  /** 1 shows the entry in the top menu. */
  menuFlag: Flag;
  sort: number;
  children: NavigationEntry[];
}

export interface NewsItem {
  id: number;
  plateId: number;
  title: string;
  summarys: string;
  imgSrc: string;
  isOuterLink: Flag;
  outerLinkUrl: string;
  source: string;
  publishDate: string;
  createTime: string;
}

export interface NewsDetail extends NewsItem {
  /** Sanitised HTML. */
  content: string;
}

/** Notice types: 1 listing announcement, 2 transaction announcement, 3 result notice (ours; spec: not shown). */
export interface Notice {
  id: number;
  noticeTitle: string;
  noticeType: number;
  assetsId: number | null;
  publishDate: string;
}

/** A listed asset / project as the search lists return it. */
export interface ListedAsset {
  id: number;
  projectCode: string;
  assetsName: string;
  typeCode: number | null;
  typeName: string;
  associationId: number | null;
  projectNature: number;
  /** 0 or 3: single asset detail; 1 or 2: package. */
  projectType: number;
  /**
   * What the lot reads as: the label of the one lot state (domain/rules/lotState.ts) — the spec's words
   * 正在报名, 预披露, 已结束, 已成交, 报名已截止, and 即将竞价, 竞价中, 流拍 from its bidding activity.
   */
  state: string;
  /** The listing's own state text (the spec's words), before its bidding activity is read. */
  listingState: string;
  /** The whole lot state: stage, label, the activity it follows, its times and its price while bidding or once sold. */
  lot: LotStatus;
  /** 2 priced with unit; 3 free text in priceOther; otherwise yuan. */
  priceType: number;
  startPrice: number;
  /** 2 means a range up to theToneMax. */
  theToneInterval: number;
  theToneMax: number | null;
  priceUnit: string;
  priceOther: string;
  deposit: number;
  announcementStartTime: string;
  announcementEndTime: string;
  city: string;
  county: string;
  orgName: string;
  imgUrl: string;
  circuseeCount: number;
}

/** User info as `/dscq-user/user/detail` returns it (spec section 3). */
export interface UserInfo {
  baseUserId: string;
  loginName: string;
  name: string;
  /** 0, 1, 2 are authenticated states. */
  authStatus: number;
  headImg: string;
  isAllowAccess: boolean;
}

/**
 * (ours) GET /dscq-system/site/runtime: what kind of install answers. `demo` is true wherever the sandbox
 * bank or the SMS outbox is in use (development, tests, and production only with PORTAL_DEMO=1): every
 * page then shows the 演示环境 notice. The cashier offers online payment unless `payment` is 'none'.
 */
export interface SiteRuntime {
  demo: boolean;
  payment: 'sandbox' | 'gateway' | 'none';
  /** The gateway's name shown on the cashier ('' when none). */
  paymentName: string;
  sms: 'outbox' | 'gateway' | 'none';
  /** The buyer's service fee schedule in force (PORTAL_FEE_SCHEDULE): pages estimate a lot's cost with the shared rule. */
  feeSchedule: FeeSchedule;
}

export const SITE_RUNTIME_PATH = '/dscq-system/site/runtime';

/** Server clock answer for the live worker's offset measurement (ours; spec: not shown). */
export interface ServerTime {
  /** Epoch milliseconds. */
  now: number;
}

/** The static file the version poll reads. */
export interface VersionFile {
  version: string;
}

/** Asset type codes the spec uses (section 2, home page). */
export const TYPE_CODES = {
  equity: 1,
  physical: 2,
  leasing: 3,
  capitalIncrease: 4,
  judicial: 5,
  houseLeasing: 6,
} as const;

/** associationId of administrative and institutional assets (spec section 2). */
export const ADMINISTRATIVE_ASSOCIATION_ID = 88;
