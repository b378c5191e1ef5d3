/**
 * The user's document library (我的文件), appeals (申诉) and demands (我的服务 / 需求): the API
 * paths, the wire types, and the rules both sides share — the appeal kinds and the appeal state machine
 * as data, the folder-name rule, and the demand ↔ listing match.
 */
export const USER_FILES_PATHS = {
  /** GET ?folderId? → FolderListing: one folder (the root without folderId), its sub-folders, files and the quota. */
  list: '/dscq-user/files/list',
  /** GET → LibraryFile[]: every file of the library, newest first (the /usercenter/files/list page, attachment pickers). */
  all: '/dscq-user/files/all',
  /** GET → FolderChoice[]: every folder with its full path (move targets), ordered by path. */
  folders: '/dscq-user/files/folders',
  /** POST multipart (field `file`) ?folderId? → LibraryFile. PDF, JPEG, PNG by magic bytes; the user's quota. */
  upload: '/dscq-user/files/upload',
  /** POST {fileId, name} → LibraryFile. */
  rename: '/dscq-user/files/rename',
  /** POST {fileId, folderId?} (none: the root) → LibraryFile. */
  move: '/dscq-user/files/move',
  /** POST {fileId} → null. The bytes stay while an appeal or an enrolment refers to them. */
  remove: '/dscq-user/files/delete',
  /** POST {name, parentId?} → FolderItem. */
  folderCreate: '/dscq-user/files/folder/create',
  /** POST {id, name} → FolderItem. */
  folderRename: '/dscq-user/files/folder/rename',
  /** POST {id, parentId?} → FolderItem (not into itself or one of its sub-folders). */
  folderMove: '/dscq-user/files/folder/move',
  /** POST {id} → null (only an empty folder). */
  folderRemove: '/dscq-user/files/folder/delete',
} as const;

/** The owner's download of any of his uploads (AUTH_PATHS.file): `${FILE_DOWNLOAD}/${fileId}`. */
export const FILE_DOWNLOAD = '/dscq-resource/oss/file';

export interface FolderItem {
  id: number;
  name: string;
  parentId: number | null;
  createTime: string;
}

export interface LibraryFile {
  fileId: string;
  name: string;
  size: number;
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
  folderId: number | null;
  /** The folder path, e.g. "资质材料 / 2026"; '' at the root. */
  folderPath: string;
  createTime: string;
}

export interface FolderChoice {
  id: number;
  /** "资质材料 / 2026年度". */
  path: string;
}

export interface QuotaUsage {
  usedBytes: number;
  quotaBytes: number;
}

export interface FolderListing {
  folder: FolderItem | null;
  /** Root first, the folder itself last (empty at the root). */
  path: FolderItem[];
  folders: FolderItem[];
  files: LibraryFile[];
  usage: QuotaUsage;
}

// ── Appeals (申诉) ──────────────────────────────────────────────────────────────────────────────────

export const APPEAL_PATHS = {
  /** GET → AppealKindInfo[]: the kinds and whether they are open. */
  kinds: '/dscq-user/appeal/kinds',
  /** GET ?kind → AppealSubject[]: the user's own records an appeal of that kind may name. */
  subjects: '/dscq-user/appeal/subjects',
  /** POST {kind, subjectId, reason, fileIds?} → AppealDetail. */
  submit: '/dscq-user/appeal/submit',
  /** GET ?current&size → Page<AppealSummary>. */
  page: '/dscq-user/appeal/page',
  /** GET ?id → AppealDetail (mine; 404 otherwise). */
  detail: '/dscq-user/appeal/detail',
} as const;

export const APPEAL_OPS_PATHS = {
  list: '/dscq-ops/appeal/list',
  accept: '/dscq-ops/appeal/accept',
  answer: '/dscq-ops/appeal/answer',
  reject: '/dscq-ops/appeal/reject',
} as const;

/**
 * What an appeal can be against. `open: false` kinds are shown but refused until their records exist
 * (the deposit forfeit and the settlement come with the settlement issue): open one by adding its
 * subject query on the server (services/user-files/appeals.ts, SUBJECTS) and flipping the flag here.
 */
export const APPEAL_KINDS = [
  { kind: 'enrolmentRejection', label: '报名驳回', hint: '对报名审核未通过的结果申诉', open: true },
  { kind: 'result', label: '竞价结果', hint: '对已结束竞价活动的结果申诉', open: true },
  { kind: 'depositForfeit', label: '保证金扣除', hint: '对保证金不予退还（扣除）申诉', open: true },
  { kind: 'settlement', label: '资金结算', hint: '对项目结算申诉', open: true },
] as const;

export type AppealKind = (typeof APPEAL_KINDS)[number]['kind'];

export type AppealKindInfo = (typeof APPEAL_KINDS)[number];

export const APPEAL_STATUSES = ['submitted', 'accepted', 'answered', 'rejected'] as const;

export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** The operator's steps: from which states each may run, and where it leads. Anything else is refused. */
export const APPEAL_TRANSITIONS = {
  accept: { from: ['submitted'], to: 'accepted', label: '受理' },
  answer: { from: ['accepted'], to: 'answered', label: '答复' },
  reject: { from: ['submitted', 'accepted'], to: 'rejected', label: '驳回' },
} as const satisfies Record<string, { from: readonly AppealStatus[]; to: AppealStatus; label: string }>;

export type AppealAction = keyof typeof APPEAL_TRANSITIONS;

export interface AppealSubject {
  id: number;
  /** e.g. "某某公司 100% 股权转让 · 报名驳回：材料不全". */
  title: string;
}

export interface AppealSummary {
  id: number;
  appealCode: string;
  kind: AppealKind;
  kindText: string;
  subjectTitle: string;
  status: AppealStatus;
  statusText: string;
  submitTime: string;
  updateTime: string;
}

export interface AppealDetail extends AppealSummary {
  subjectId: number;
  reason: string;
  attachments: { fileId: string; name: string }[];
  /** The exchange's answer, or the reason it refused (rejected). */
  answer: string;
  history: { status: AppealStatus; statusText: string; time: string; note: string }[];
}

// ── Services and demands (我的服务 / 需求) ────────────────────────────────────────────────────────────

export const DEMAND_PATHS = {
  /** GET ?current&size → Page<DemandSummary>. */
  page: '/dscq-user/demand/page',
  /** GET ?id → DemandDetail (mine; 404 otherwise). */
  detail: '/dscq-user/demand/detail',
  /** POST DemandInput → DemandDetail. */
  submit: '/dscq-user/demand/submit',
  /** POST {id} → DemandDetail: stop matching. */
  close: '/dscq-user/demand/close',
} as const;

export const DEMAND_OPS_PATHS = {
  list: '/dscq-ops/demand/list',
  answer: '/dscq-ops/demand/answer',
  /** Publish a new listing (挂牌): inserted and matched against every open demand in one transaction. */
  publishListing: '/dscq-ops/listing/publish',
} as const;

export const DEMAND_STATUS_TEXT = { open: '匹配中', answered: '已答复', closed: '已关闭' } as const;

export type DemandStatus = keyof typeof DEMAND_STATUS_TEXT;

/** What the investor looks for. Prices in fen; null bounds and an empty region mean "any". */
export interface DemandCriteria {
  typeCode: number | null;
  province: string;
  city: string;
  minPriceFen: number | null;
  maxPriceFen: number | null;
  keywords: string[];
}

/** What of a listing the match reads. */
export interface ListingFacts {
  typeCode: number | null;
  province: string;
  city: string;
  county: string;
  startPriceFen: number;
  /** 3: 面议 (no price): matches only demands without a price range. */
  priceType: number;
  name: string;
  orgName: string;
}

export interface DemandSummary {
  id: number;
  demandCode: string;
  typeCode: number | null;
  typeText: string;
  region: string;
  /** "100 万元 – 500 万元", "不限". */
  priceText: string;
  keywords: string[];
  status: DemandStatus;
  statusText: string;
  matchCount: number;
  createTime: string;
}

export interface DemandMatch {
  assetsId: number;
  assetsName: string;
  projectCode: string;
  region: string;
  startPrice: number | null;
  matchTime: string;
}

export interface DemandDetail extends DemandSummary {
  minPrice: number | null;
  maxPrice: number | null;
  note: string;
  answer: string;
  answerTime: string | null;
  matches: DemandMatch[];
}
