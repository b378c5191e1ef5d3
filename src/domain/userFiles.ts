/**
 * Issue 17: the user's document library (我的文件), appeals (申诉) and demands (我的服务 / 需求): the API
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
  /** POST {fileId} → null: the upload and its bytes are deleted; refused (409) while a record (a proof, an appeal, an enrolment …) refers to it. */
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

export const FOLDER_NAME_MAX = 50;
export const MAX_FOLDER_DEPTH = 8;

/**
 * Unicode control (Cc) and format (Cf) characters: a right-to-left override shows "合同\u202Efdp.exe" as
 * "合同exe.pdf", zero-width characters make two names look alike, controls break lines and logs. No name a
 * user gives a file or folder may contain one.
 */
export const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}]/u;

export const invisibleCharactersMessage = (label = '文件名') => `${label}不能包含控制字符或不可见的格式字符`;

/** A name as given (untrimmed) with a control or format character: the message, else null. */
export function invisibleCharactersProblem(name: string, label = '文件名'): string | null {
  return INVISIBLE_CHARACTERS.test(name) ? invisibleCharactersMessage(label) : null;
}

/**
 * A folder or file name: 1–50 characters, no control or format character, none of \ / : * ? " < > |.
 * Null when fine, else the message.
 */
export function folderNameProblem(name: string, label = '文件夹名称'): string | null {
  const invisible = invisibleCharactersProblem(name, label);
  if (invisible) return invisible;
  const t = name.trim();
  if (t === '') return `${label}不能为空`;
  if (t.length > FOLDER_NAME_MAX) return `${label}不能超过${FOLDER_NAME_MAX}个字符`;
  if (/[\\/:*?"<>|]/.test(t)) return `${label}不能包含 \\ / : * ? " < > | 等字符`;
  return null;
}

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

/** "1.5 MB", "820 KB", "12 B". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
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
 * subject query on the server (services/appeals.ts, SUBJECTS) and flipping the flag here.
 */
export const APPEAL_KINDS = [
  { kind: 'enrolmentRejection', label: '报名驳回', hint: '对报名审核未通过的结果申诉', open: true },
  { kind: 'result', label: '竞价结果', hint: '对已结束竞价活动的结果申诉', open: true },
  { kind: 'depositForfeit', label: '保证金扣除', hint: '对保证金不予退还（扣除）申诉', open: true },
  { kind: 'settlement', label: '资金结算', hint: '对项目结算申诉', open: true },
] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number]['kind'];
export const APPEAL_KIND_KEYS = APPEAL_KINDS.map((k) => k.kind) as [AppealKind, ...AppealKind[]];
export const appealKindLabel = (kind: string): string => APPEAL_KINDS.find((k) => k.kind === kind)?.label ?? kind;

export type AppealKindInfo = (typeof APPEAL_KINDS)[number];

export const APPEAL_STATUSES = ['submitted', 'accepted', 'answered', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_STATUS_TEXT: Record<AppealStatus, string> = {
  submitted: '已提交',
  accepted: '已受理',
  answered: '已答复',
  rejected: '不予受理',
};

/** The operator's steps: from which states each may run, and where it leads. Anything else is refused. */
export const APPEAL_TRANSITIONS = {
  accept: { from: ['submitted'], to: 'accepted', label: '受理' },
  answer: { from: ['accepted'], to: 'answered', label: '答复' },
  reject: { from: ['submitted', 'accepted'], to: 'rejected', label: '驳回' },
} as const satisfies Record<string, { from: readonly AppealStatus[]; to: AppealStatus; label: string }>;
export type AppealAction = keyof typeof APPEAL_TRANSITIONS;

/** The state after `action`, or null when the action may not run from `status`. */
export function nextAppealStatus(status: string, action: AppealAction): AppealStatus | null {
  const t = APPEAL_TRANSITIONS[action];
  return (t.from as readonly string[]).includes(status) ? t.to : null;
}

export const APPEAL_REASON_MAX = 1000;
export const APPEAL_MAX_FILES = 10;

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

/** The asset types an investor can ask for: the listing's type_code (project.type_code). */
export const DEMAND_ASSET_TYPES = [
  { typeCode: 1, label: '产权转让' },
  { typeCode: 2, label: '实物资产' },
  { typeCode: 3, label: '租赁' },
  { typeCode: 4, label: '增资扩股' },
  { typeCode: 5, label: '司法拍卖' },
  { typeCode: 6, label: '房屋租赁' },
] as const;
export const demandTypeLabel = (typeCode: number | null): string =>
  typeCode === null ? '不限' : (DEMAND_ASSET_TYPES.find((t) => t.typeCode === typeCode)?.label ?? '不限');

export const DEMAND_STATUS_TEXT = { open: '匹配中', answered: '已答复', closed: '已关闭' } as const;
export type DemandStatus = keyof typeof DEMAND_STATUS_TEXT;

export const DEMAND_KEYWORDS_MAX = 5;

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

/** Whether a listing answers a demand: every given criterion holds; any one keyword found in the name or the organiser. */
export function listingMatchesDemand(d: DemandCriteria, l: ListingFacts): boolean {
  if (d.typeCode !== null && d.typeCode !== l.typeCode) return false;
  if (d.province && d.province !== l.province) return false;
  if (d.city && d.city !== l.city && d.city !== l.county) return false;
  const priced = l.priceType !== 3;
  if (d.minPriceFen !== null && (!priced || l.startPriceFen < d.minPriceFen)) return false;
  if (d.maxPriceFen !== null && (!priced || l.startPriceFen > d.maxPriceFen)) return false;
  if (d.keywords.length > 0) {
    const text = `${l.name} ${l.orgName}`.toLowerCase();
    if (!d.keywords.some((k) => text.includes(k.toLowerCase()))) return false;
  }
  return true;
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
