/**
 * 产权交易合同 (issue 17, guide after-the-hammer.md step 4): shared by the server and the pages.
 * drafting → confirming → signing → signed → sealed. The parties edit only the template's open fields
 * while drafting; every party confirms the whole draft (the PDF is then frozen); each signatory signs in
 * order; the exchange seals last.
 */

export const CONTRACT_STATES = ['drafting', 'confirming', 'signing', 'signed', 'sealed'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
export const CONTRACT_STATE_TEXT: Record<ContractState, string> = {
  drafting: '起草中',
  confirming: '待确认',
  signing: '签署中',
  signed: '已签署',
  sealed: '已盖章',
};

export type PartyRole = 'transferor' | 'buyer' | 'added';
export const PARTY_ROLE_TEXT: Record<PartyRole, string> = { transferor: '转让方（甲方）', buyer: '受让方（乙方）', added: '其他签署方' };
export type PartyKind = 'person' | 'org';

/** The open fields of every template (the parties may edit these, and only these). */
export const OPEN_FIELDS = [
  { key: 'handover', label: '交割安排' },
  { key: 'payment', label: '付款补充约定' },
  { key: 'other', label: '其他约定' },
] as const;
export type OpenFieldKey = (typeof OPEN_FIELDS)[number]['key'];
export const OPEN_FIELD_KEYS = OPEN_FIELDS.map((f) => f.key) as [OpenFieldKey, ...OpenFieldKey[]];
export const OPEN_FIELD_MAX = 5000;
export const openFieldLabel = (key: string) => OPEN_FIELDS.find((f) => f.key === key)?.label ?? key;

export const CONTRACT_PATHS = {
  /** GET ?current&size&state? → Page<ContractSummary>: the contracts the user is a party of. */
  page: '/dscq-user/contract/page',
  /** GET ?id → ContractDetail. */
  detail: '/dscq-user/contract/detail',
  /** GET ?id → ContractVersion[] (newest first). */
  versions: '/dscq-user/contract/versions',
  /** POST {id, version, fields: {handover?, payment?, other?}} → ContractDetail (drafting only). */
  save: '/dscq-user/contract/save',
  /** POST {id} → ContractDetail: drafting → confirming (the draft is put to the parties). */
  submit: '/dscq-user/contract/submit',
  /** POST {id, version} → ContractDetail: this party confirms; the last confirmation freezes the PDF (→ signing). */
  confirm: '/dscq-user/contract/confirm',
  /** POST {id} → ContractDetail: back to drafting (before every party confirmed). */
  reopen: '/dscq-user/contract/reopen',
  /** GET ?id&keyword → SignatoryCandidate | null: a verified person or organisation by login name or phone. */
  findSignatory: '/dscq-user/contract/signatory/find',
  /** POST {id, userId} → ContractDetail. */
  addSignatory: '/dscq-user/contract/signatory/add',
  /** POST {id, partyId} → ContractDetail (an added signatory, while drafting). */
  removeSignatory: '/dscq-user/contract/signatory/remove',
  /** POST {id, faceToken, markKind, markPng (base64)} → ContractDetail. */
  sign: '/dscq-user/contract/sign',
  /** GET ?id → the PDF (frozen, or as signed so far); parties only. */
  pdf: '/dscq-user/contract/pdf',
} as const;

export const CONTRACT_OPS_PATHS = {
  list: '/dscq-ops/contract/list',
  seal: '/dscq-ops/contract/seal',
  assign: '/dscq-ops/contract/assign-transferor',
} as const;

export interface ContractParty {
  id: number;
  role: PartyRole;
  roleText: string;
  kind: PartyKind;
  /** Verified name (masked for a party who is not the viewer, except the two principal parties). */
  name: string;
  signOrder: number;
  assigned: boolean;
  isMe: boolean;
  confirmed: boolean;
  confirmTime: string | null;
  signed: boolean;
  signTime: string | null;
}

export interface ContractSummary {
  id: number;
  contractCode: string;
  title: string;
  dealCode: string;
  assetsName: string;
  price: number;
  state: ContractState;
  stateText: string;
  myRole: PartyRole;
  /** What the viewer can do now. */
  canEdit: boolean;
  canConfirm: boolean;
  canSign: boolean;
  canDownload: boolean;
  updateTime: string;
}

export interface ContractClause {
  heading: string;
  text: string;
}

export interface ContractDetail extends ContractSummary {
  version: number;
  clauses: ContractClause[];
  openFields: Record<OpenFieldKey, string>;
  parties: ContractParty[];
  /** The party whose turn it is to sign (signing), or null. */
  nextSigner: string | null;
  frozenTime: string | null;
  signedTime: string | null;
  sealedTime: string | null;
}

export interface ContractVersion {
  version: number;
  actor: string;
  changed: string[];
  changedText: string;
  openFields: Record<OpenFieldKey, string>;
  time: string;
}

export interface SignatoryCandidate {
  userId: number;
  kind: PartyKind;
  /** Masked: 张** / 河北****有限公司. */
  name: string;
  /** Masked login name or phone. */
  account: string;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const BIG = ['', '万', '亿', '万亿'];

/** An amount in fen as the 大写 of Chinese contracts: 壹拾贰万叁仟肆佰伍拾陆元柒角捌分 / …元整. */
export function rmbUpper(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError('amount');
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  let out = '';
  if (yuan === 0) out = '零';
  else {
    const groups: number[] = [];
    for (let y = yuan; y > 0; y = Math.floor(y / 10000)) groups.push(y % 10000);
    let zero = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      const n = groups[g]!;
      if (n === 0) {
        zero = out !== '';
        continue;
      }
      if (zero || (out !== '' && n < 1000)) out += '零';
      zero = false;
      let part = '';
      let inner = false;
      for (let i = 3; i >= 0; i--) {
        const d = Math.floor(n / 10 ** i) % 10;
        if (d === 0) inner = part !== '';
        else {
          if (inner) part += '零';
          inner = false;
          part += DIGITS[d]! + UNITS[i]!;
        }
      }
      out += part + BIG[g]!;
    }
  }
  out += '元';
  if (jiao === 0 && cent === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (cent > 0) out += `${DIGITS[cent]}分`;
  return out;
}

/** 张三 → 张*, 张建国 → 张**, 河北冀通物流有限公司 → 河北****有限公司. */
export function maskName(name: string, kind: PartyKind): string {
  const chars = [...name];
  if (kind === 'person') return chars.length <= 1 ? name : chars[0] + '*'.repeat(chars.length - 1);
  if (chars.length <= 6) return chars[0] + '*'.repeat(Math.max(chars.length - 2, 1)) + chars[chars.length - 1];
  return chars.slice(0, 2).join('') + '****' + chars.slice(-4).join('');
}

/** 13800000001 → 138****0001; bidder01 → bi****01. */
export function maskAccount(text: string): string {
  if (/^1\d{10}$/.test(text)) return `${text.slice(0, 3)}****${text.slice(7)}`;
  if (text.length <= 3) return `${text[0]}**`;
  return `${text.slice(0, 2)}****${text.slice(-2)}`;
}
