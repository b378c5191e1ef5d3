/**
 * The work system's lot, auction, result and content API (/api/dscq-staff/lot|activity|result|contract|content/…):
 * paths and wire types. Staff tokens and refusals as in ./staff.ts (401, 403, 428). Amounts in yuan,
 * times 'YYYY-MM-DD HH:mm:ss' China time. POST parameters in the query string or a JSON body (rich text:
 * a body), as every route of the portal. Four-eyes actions answer the ApprovalItem waiting for a second
 * member (decided through STAFF_PATHS.approvalApprove / approvalReject).
 */
import type { ActivitySettings } from './bidModes';
import type { BiddingMode } from './hall';
import type { DisclosureSectionKey, ProjectDetail } from './projects';
import type { ContractState } from './tradeContract';

/** The stages of a lot's life (labels and rules: domain/rules/lotTimeline.ts). */
export const LOT_STAGES = [
  'draft',
  'preDisclosure',
  'announcement',
  'enrolmentClosed',
  'depositClosed',
  'bidding',
  'sold',
  'failed',
  'suspended',
  'terminated',
  'resultPublicity',
  'delivery',
] as const;
export type LotStage = (typeof LOT_STAGES)[number];

/** Asset classes whose disclosure rules differ. */
export const LOT_ASSET_CLASSES = ['stateEquity', 'judicialMovable', 'judicialRealEstate', 'other'] as const;
export type LotAssetClass = (typeof LOT_ASSET_CLASSES)[number];

export const STAFF_LOT_PATHS = {
  /** GET {state?: draft|pending|published|a listing word (正在报名 …), q?, current, size} → Page<StaffLotSummary> (lot.edit). */
  lotPage: '/dscq-staff/lot/page',
  /** GET {draftId | assetsId} → StaffLotDetail (lot.edit). */
  lotDetail: '/dscq-staff/lot/detail',
  /** POST StaffLotInput → StaffLotDetail: a draft, visible to nobody outside the work system (lot.edit). */
  lotCreate: '/dscq-staff/lot/create',
  /** POST {draftId, …StaffLotInput (the fields to change)} → StaffLotDetail; 409 once published or while its publication waits (lot.edit). */
  lotEdit: '/dscq-staff/lot/edit',
  /** POST multipart (field `file`), query {draftId, kind: attachment|photo} → StaffLotFile (lot.edit). */
  lotFileUpload: '/dscq-staff/lot/file/upload',
  /** POST {draftId, fileId} → null (lot.edit). */
  lotFileDelete: '/dscq-staff/lot/file/delete',
  /** POST multipart (field `file`: JPG, PNG or WebP, ≤ 10 MB), query {draftId} → StaffLotPhoto: one more photo of the gallery (the first is the cover) (lot.edit). */
  lotPhotoUpload: '/dscq-staff/lot/photo/upload',
  /** POST {draftId, photoId} → StaffLotPhoto[]: that photo becomes the cover (lot.edit). */
  lotPhotoCover: '/dscq-staff/lot/photo/cover',
  /** POST {draftId, photoId} → StaffLotPhoto[] (lot.edit). */
  lotPhotoDelete: '/dscq-staff/lot/photo/delete',
  /** GET {photoId, size: thumb|display} → the image (image/webp): a draft's photos too, so with the staff token (lot.edit). */
  lotPhotoFile: '/dscq-staff/lot/photo/file',
  /** POST {draftId, preDisclosure?: 1 (信息预披露: no enrolment, 面议 allowed)} → ApprovalItem of kind lot.publish (lot.publish; the timeline is checked now and again at approval). */
  lotPublishPrepare: '/dscq-staff/lot/publish/prepare',
  /** POST {assetsId, reason, formal?: 1 (a pre-disclosed lot's 正式挂牌), …StaffLotInput (the fields to change)} → ApprovalItem of kind lot.publish: a published lot's locked fields change only so (lot.publish). */
  lotChangePrepare: '/dscq-staff/lot/change/prepare',

  /** GET {assetsId} → StaffActivity[] (activity.edit). */
  activityList: '/dscq-staff/activity/list',
  /** POST {assetsId, mode, startTime, endTime?, startPrice, increment, reservePrice?, capPrice?, extensionSec?, allowSelfOutbid?, tiers?, freeEndTime?, cycleSec?, decrement?, dropIntervalSec?, floorPrice?, finalWindowSec?, joinWindowSec?, ascendSec?} → StaffActivity (activity.edit). */
  activityCreate: '/dscq-staff/activity/create',
  /** POST {activityId, reason, the create parameters to change (not assetsId, mode)} → ApprovalItem of kind activity.change (activity.edit). */
  activityChangePrepare: '/dscq-staff/activity/change/prepare',
  /** POST {activityId, loginName, preEmptiveRank?} → {bidCode} (a deposit confirmed offline; activity.edit). */
  activityQualify: '/dscq-staff/activity/qualify',

  /** GET {activityId} → StaffResultPreview: the notice the outcome of an ended auction gives (result.publish). */
  resultPreview: '/dscq-staff/result/preview',
  /** POST {activityId, noticeType?: 2 成交公告 | 3 结果公示 (default: 2 when sold, 3 when 流拍), publishTime?} → StaffContentItem (result.publish). */
  resultPublish: '/dscq-staff/result/publish',

  /** GET {state? (default signed: waiting for the exchange's seal)} → StaffContract[] (contract.seal). */
  contractPage: '/dscq-staff/contract/page',
  /** POST {id} → {id, contractCode, state} (contract.seal). */
  contractSeal: '/dscq-staff/contract/seal',
  /** POST {id, loginName} → null: the transferor's signing account of a contract being drafted (contract.seal). */
  contractAssignTransferor: '/dscq-staff/contract/assign-transferor',
  /** POST → {drafted}: contracts for paid deals that have none yet (contract.seal). */
  contractDraftMissing: '/dscq-staff/contract/draft-missing',

  /** GET {kind, state?: scheduled|published|hidden, q?, current, size} → Page<StaffContentItem> (content.edit). */
  contentPage: '/dscq-staff/content/page',
  /** GET {kind, id} → StaffContentDetail (content.edit). */
  contentDetail: '/dscq-staff/content/detail',
  /** GET → StaffPlate[]: the news plates an article may go to (content.edit). */
  contentPlates: '/dscq-staff/content/plates',
  /** POST StaffContentInput → StaffContentDetail (content.edit). */
  contentCreate: '/dscq-staff/content/create',
  /** POST {kind, id, …StaffContentInput (the fields to change)} → StaffContentDetail (content.edit). */
  contentEdit: '/dscq-staff/content/edit',
  /** POST {kind, id, publishTime?} → StaffContentDetail: published at that time (now when absent), shown again if unpublished (content.edit). */
  contentSchedule: '/dscq-staff/content/schedule',
  /** POST {kind, id, reason} → StaffContentDetail: taken off the public lists (content.edit). */
  contentUnpublish: '/dscq-staff/content/unpublish',
} as const;

export type StaffLotFileKind = 'attachment' | 'photo';

/** A lot as staff enter it (yuan; China time). */
export interface StaffLotFields {
  assetsName: string;
  /** The listing type (1 产权转让, 2 实物资产, 3 租赁, 4 增资扩股, 5 司法拍卖, 6 房屋租赁). */
  typeCode: number;
  /** 1 state-owned, 2 private. */
  projectNature: number;
  /** The timeline's asset class (disclosure minimum). */
  assetClass: LotAssetClass;
  /** 1 a price, 2 a unit price (priceUnit), 3 面议. */
  priceType: number;
  /** null for 面议. */
  startPrice: number | null;
  priceUnit: string;
  priceOther: string;
  depositAmount: number;
  appraisedValue: number | null;
  /** The listing's start (公告开始, enrolment opens). */
  announcementStartTime: string;
  /** 报名截止. */
  enrolEndTime: string;
  /** 保证金截止; null: the enrolment deadline. */
  depositEndTime: string | null;
  city: string;
  county: string;
  /** The organisation listing it (挂牌机构). */
  orgName: string;
  /** 转让方. */
  transferorName: string;
  contactName: string;
  contactPhone: string;
  /** 托管项目. */
  managed: boolean;
  /** The disclosure tabs, sanitised HTML. */
  sections: Record<DisclosureSectionKey, string>;
}

/** Create and edit: the same fields (an edit sends those it changes); sections as `sections.announcement` … or a `sections` object. */
export type StaffLotInput = Partial<StaffLotFields>;

export interface StaffLotFile {
  id: number;
  kind: StaffLotFileKind;
  fileName: string;
  fileSize: number;
  fileType: string;
}

export interface StaffLotSummary {
  /** The draft (lots made in the work system); null for listings made otherwise. */
  draftId: number | null;
  /** The listing once published. */
  assetsId: number | null;
  projectCode: string;
  assetsName: string;
  stage: LotStage;
  stageLabel: string;
  /** The listing's own state text ('' for a draft). */
  listingState: string;
  startPrice: number | null;
  enrolEndTime: string;
  /** A pending four-eyes item on it (publication or change). */
  pendingApprovalId: number | null;
  updateTime: string;
}

/** A photo of a lot's gallery in the work system (its bytes: STAFF_LOT_PATHS.lotPhotoFile with the staff token). */
export interface StaffLotPhoto {
  id: number;
  fileName: string;
  /** The upload's bytes. */
  fileSize: number;
  /** The display size's pixels. */
  width: number;
  height: number;
  cover: boolean;
  caption: string;
  illustration: boolean;
}

export interface StaffLotDetail extends StaffLotSummary {
  fields: StaffLotFields;
  attachments: StaffLotFile[];
  /** The cover photo: a draft's file, or the listing's image URL. */
  photo: StaffLotFile | null;
  imgUrl: string;
  /** The photo gallery (the cover first): a draft's photos are published with it. */
  photos: StaffLotPhoto[];
  /** Published: the fields change only through a four-eyes change. */
  locked: boolean;
  /**
   * What refuses it now (empty: none): a draft's formal publication, a pre-disclosed lot's formal listing, a
   * published lot's scheduled auction against its timeline.
   */
  problems: string[];
  /** A draft: what stops its pre-disclosure (信息预披露); [] once published. */
  preDisclosureProblems: string[];
  activities: StaffActivity[];
  /** Everything the portal shows of the listing (null for a draft). */
  portal: ProjectDetail | null;
}

export interface StaffActivity {
  activityId: number;
  activityCode: string;
  assetsId: number;
  mode: BiddingMode;
  modeName: string;
  status: 'scheduled' | 'live' | 'ended';
  outcome: string | null;
  startTime: string;
  endTime: string;
  startPrice: number;
  increment: number;
  reservePrice: number | null;
  capPrice: number | null;
  extensionSec: number;
  allowSelfOutbid: boolean;
  currentPrice: number;
  bidCount: number;
  /** The mode's parameters as stored (fen, epoch ms). */
  settings: ActivitySettings;
  qualified: number;
  pendingApprovalId: number | null;
}

export interface StaffResultPreview {
  activityId: number;
  assetsId: number;
  outcome: 'sold' | 'failed';
  /** 2 成交公告 or 3 结果公示. */
  noticeType: number;
  title: string;
  /** Sanitised HTML. */
  content: string;
  /** Already published notices of this auction (by type). */
  published: number[];
}

export interface StaffContract {
  id: number;
  contractCode: string;
  state: ContractState;
  stateText: string;
  assetsName: string;
  /** Each party's name, '(未指定账户)' without an account, '✓' once signed. */
  parties: string;
  /** The transferor's signing account is known (by its verified name, or assigned by staff while drafting). */
  transferorAssigned: boolean;
  updateTime: string;
}

/** news: articles of a plate; siteNotice: the site's notices (notice-info); announcement: trading notices (挂牌公告, 成交公告, 结果公示). */
export const STAFF_CONTENT_KINDS = ['news', 'siteNotice', 'announcement'] as const;
export type StaffContentKind = (typeof STAFF_CONTENT_KINDS)[number];
export const STAFF_CONTENT_KIND_LABELS: Record<StaffContentKind, string> = { news: '新闻', siteNotice: '网站公告', announcement: '交易公告' };

/** scheduled: waits for its time; published: public; hidden: unpublished by staff. */
export type StaffContentState = 'scheduled' | 'published' | 'hidden';
export const STAFF_CONTENT_STATE_LABELS: Record<StaffContentState, string> = { scheduled: '定时发布', published: '已发布', hidden: '已下线' };

export interface StaffContentInput {
  kind: StaffContentKind;
  title: string;
  /** Rich text (sanitised before it is stored). */
  content: string;
  /** When it becomes public (now when absent). */
  publishTime?: string;
  /** news: the plate, summary, source, front page, an outer link. */
  plateId?: number;
  summary?: string;
  source?: string;
  isFrontPage?: number;
  /** siteNotice: category and pinned. */
  category?: number;
  isTop?: number;
  /** announcement: 1 挂牌公告, 2 成交公告, 3 结果公示, and the lot it is about. */
  noticeType?: number;
  assetsId?: number;
}

export interface StaffContentItem {
  kind: StaffContentKind;
  id: number;
  title: string;
  state: StaffContentState;
  stateLabel: string;
  publishTime: string;
  /** news: the plate's name; siteNotice: the category; announcement: the notice type's name. */
  group: string;
}

export interface StaffContentDetail extends StaffContentItem {
  content: string;
  plateId: number | null;
  summary: string;
  source: string;
  isFrontPage: number;
  category: number | null;
  isTop: number;
  noticeType: number | null;
  assetsId: number | null;
}

export interface StaffPlate {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
}
