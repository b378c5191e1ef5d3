/**
 * The content centre's part of the wire contract (spec sections 3 and 7 "Content"): plates, modules,
 * ads, partners, notices, site notices, recruitment, columns, downloads. Field names follow the spec
 * (and the dscq/SpringBlade family); what the spec does not show is marked "(ours)".
 * Times on the wire are 'YYYY-MM-DD HH:mm:ss' China time; rich text is HTML sanitised by the server.
 */
import type { NewsDetail } from './portal';
import type { Flag } from './envelope';
import type { LotStatus } from './lotState';

/** The content paths that more than the feature asks for (the home page's start step, src/start). */
export const CONTENT_PATHS = { frontPageNews: '/dscq-content/news-content/front-page' } as const;

/** Plate (column) source types, as the spec's module entity names them: 1 news, 2 notice, 3 listings. */
export const SOURCE_TYPES = { news: 1, notice: 2, listings: 3 } as const;

export type SourceType = (typeof SOURCE_TYPES)[keyof typeof SOURCE_TYPES];

/** A news plate (news-platecfig): news plates list articles, notice plates list notices of one type. */
export interface NewsPlate {
  id: number;
  /** Stable code (ours), e.g. 'jysdt'. */
  plateCode: string;
  plateName: string;
  parentId: number | null;
  sort: number;
  /** 1 news, 2 notice. */
  sourceType: SourceType;
  /** For notice plates: the notice type listed. */
  noticeType: number | null;
}

/** news-platecfig/detail: the plate with its parent and its children (the sidebar of a column page). */
export interface NewsPlateDetail extends NewsPlate {
  parent: NewsPlate | null;
  children: NewsPlate[];
}

/** A downloadable file attached to an article, a notice or the download centre. */
export interface Attachment {
  id: number;
  fileName: string;
  /** Bytes. */
  fileSize: number;
  /** Lower-case extension without the dot: 'pdf', 'docx', 'xlsx'. */
  fileType: string;
  /** Path under the API base that downloads the file, e.g. '/dscq-content/files/12'. */
  url: string;
}

/** news-content/detail: the article, its plate name and attachments. */
export interface NewsArticle extends NewsDetail {
  plateName: string;
  attachments: Attachment[];
}

/** dscq-project notice/detail. */
export interface NoticeDetail {
  id: number;
  noticeTitle: string;
  noticeType: number;
  noticeTypeName: string;
  assetsId: number | null;
  publishDate: string;
  /** Sanitised HTML. */
  content: string;
  source: string;
  attachments: Attachment[];
}

/** page-modules-content/batch-list: a module (block title) of a page, e.g. one tab of the home news block. */
export interface PageModule {
  id: number;
  /** The module group the entry belongs to (the code asked for), e.g. 'home-news'. */
  modulesCode: string;
  name: string;
  hasMoreButton: Flag;
  moreButtonUrl: string;
  /** 1 news, 2 notice, 3 listings. */
  sourceType: SourceType;
  /** News plate code (sourceType 1) — plateId gives its id. */
  plateCode: string;
  /** (ours) the plate's id, so the client need not look it up. */
  plateId: number | null;
  /** (ours) notice type for sourceType 2. */
  noticeType: number | null;
  sort: number;
}

/** ad-ads/list: an ad (banner, ad strip). */
export interface Ad {
  id: number;
  /** Where a click goes: an internal route ('/project?typeCode=1') or an absolute URL. */
  url: string;
  imgSrc: string;
  /** Position code: 'banner', 'home-ad', 'zdtj' (key recommendations). */
  code: string;
  /** (ours) alt text and caption. */
  title: string;
  sort: number;
}

/** ad-ads/keyProjects-page: a key recommendation — an ad tied to a listed project. */
export interface KeyProject extends Ad {
  summary: string;
  assetsId: number | null;
  assetsName: string;
  typeName: string;
  /** The lot state's label (domain/rules/lotState.ts), as ListedAsset.state. */
  state: string;
  /** The listing's own state text. */
  listingState?: string;
  /** The one lot state ('' listing when the ad has no project). */
  lot?: LotStatus;
  priceType: number;
  startPrice: number;
  theToneInterval: number;
  theToneMax: number | null;
  priceUnit: string;
  priceOther: string;
  city: string;
  announcementEndTime: string;
  /** 0/3 single asset, 1/2 package (decides the detail route). */
  projectType: number;
}

/** partners/page. */
export interface Partner {
  id: number;
  name: string;
  url: string;
  imgSrc: string;
  positionType: number;
}

/** blade-desk notice-info (site notices). */
export interface NoticeInfo {
  id: number;
  title: string;
  /** 1 通知, 2 公告 (ours). */
  category: number;
  isTop: Flag;
  publishDate: string;
}

export interface NoticeInfoDetail extends NoticeInfo {
  content: string;
}

/** blade-desk recruit. */
export interface Recruit {
  id: number;
  title: string;
  department: string;
  headcount: number;
  location: string;
  education: string;
  publishDate: string;
  deadline: string;
}

export interface RecruitDetail extends Recruit {
  content: string;
}

/** columns-content: one item of a content column (special pages, service pages, activity topics). */
export interface ColumnContent {
  id: number;
  columnCode: string;
  columnName: string;
  /** (ours) the column's description and banner picture, so one call draws the whole page. */
  columnDescription: string;
  columnImgSrc: string;
  title: string;
  summary: string;
  imgSrc: string;
  /** Internal route or absolute URL; '' when the item is read in place. */
  linkUrl: string;
  /** Sanitised HTML. */
  content: string;
  sort: number;
  publishDate: string;
}

/** Title by position (spec: "position a1"), GET /blade-desk/title-config/by-position (ours: path not shown). */
export interface PositionTitle {
  position: string;
  title: string;
  subTitle: string;
  moreUrl: string;
}

/** (ours) the download centre: POST /dscq-content/download-file/page. */
export interface DownloadFile extends Attachment {
  /** The download's own id (the file's is `fileId`). */
  fileId: number;
  title: string;
  category: string;
  publishDate: string;
}

/** Hot investments (blade-desk hot-investments/list): the most viewed listings. */
export interface HotInvestment {
  id: number;
  assetsName: string;
  typeName: string;
  projectType: number;
  /** The lot state's label (domain/rules/lotState.ts), as ListedAsset.state. */
  state: string;
  listingState?: string;
  lot?: LotStatus;
  priceType: number;
  startPrice: number;
  theToneInterval: number;
  theToneMax: number | null;
  priceUnit: string;
  priceOther: string;
  city: string;
  imgUrl: string;
  circuseeCount: number;
}
