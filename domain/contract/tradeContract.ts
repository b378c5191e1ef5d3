/** 产权交易合同 on the wire: states, party roles, open fields, paths and answers (the rules are domain/rules/tradeContract.ts). */
export const CONTRACT_STATES = ['drafting', 'confirming', 'signing', 'signed', 'sealed'] as const;

export type ContractState = (typeof CONTRACT_STATES)[number];

export type PartyRole = 'transferor' | 'buyer' | 'added';

export type PartyKind = 'person' | 'org';

/** The open fields of every template (the parties may edit these, and only these). */
export const OPEN_FIELDS = [
  { key: 'handover', label: '交割安排' },
  { key: 'payment', label: '付款补充约定' },
  { key: 'other', label: '其他约定' },
] as const;

export type OpenFieldKey = (typeof OPEN_FIELDS)[number]['key'];

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
