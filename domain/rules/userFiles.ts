/** Rules of the document library, appeals and demands: the folder and file-name rule, the appeal state machine as data, the demand ↔ listing match (the wire side is domain/contract/userFiles.ts). */
import { APPEAL_KINDS, type AppealKind, type AppealStatus, APPEAL_TRANSITIONS, type AppealAction, type DemandCriteria, type ListingFacts } from '../contract/userFiles';

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

/** "1.5 MB", "820 KB", "12 B". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export const APPEAL_KIND_KEYS = APPEAL_KINDS.map((k) => k.kind) as [AppealKind, ...AppealKind[]];

export const appealKindLabel = (kind: string): string => APPEAL_KINDS.find((k) => k.kind === kind)?.label ?? kind;

export const APPEAL_STATUS_TEXT: Record<AppealStatus, string> = {
  submitted: '已提交',
  accepted: '已受理',
  answered: '已答复',
  rejected: '不予受理',
};

/** The state after `action`, or null when the action may not run from `status`. */
export function nextAppealStatus(status: string, action: AppealAction): AppealStatus | null {
  const t = APPEAL_TRANSITIONS[action];
  return (t.from as readonly string[]).includes(status) ? t.to : null;
}

export const APPEAL_REASON_MAX = 1000;

export const APPEAL_MAX_FILES = 10;

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

export const DEMAND_KEYWORDS_MAX = 5;

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
