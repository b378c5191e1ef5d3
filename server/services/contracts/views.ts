/** The contract as its parties read it (list, detail, versions, PDF), and the operator's list. */
import type { Kysely } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import type { StaffContract } from '#domain/contract/staffLots';
import { CONTRACT_STATE_TEXT, PARTY_ROLE_TEXT, maskName, openFieldLabel } from '#domain/rules/tradeContract';
import type { ContractDetail, ContractParty, ContractState, ContractSummary, ContractVersion, OpenFieldKey, PartyKind, PartyRole } from '#domain/contract/tradeContract';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { asParty, factsOf, nextSigner, openOf, partiesOf, type ContractRow, type PartyRow } from './records.ts';
import { fixedClauses, templateKey } from './templates.ts';

const time = (t: number | null) => (t === null ? null : formatChinaTime(t));

function summaryOf(c: ContractRow, me: PartyRow, parties: PartyRow[]): ContractSummary {
  const f = factsOf(c);
  const state = c.state as ContractState;
  const principal = me.role !== 'added';
  return {
    id: c.id,
    contractCode: c.contract_code,
    title: c.title,
    dealCode: f.dealCode,
    assetsName: f.assetsName,
    price: f.priceFen / 100,
    state,
    stateText: CONTRACT_STATE_TEXT[state],
    myRole: me.role as PartyRole,
    canEdit: state === 'drafting' && principal,
    canConfirm: state === 'confirming' && me.confirmed_at === null,
    canSign: state === 'signing' && nextSigner(parties)?.id === me.id,
    canDownload: c.frozen_pdf !== null,
    updateTime: formatChinaTime(c.updated_at),
  };
}

export function partyView(p: PartyRow, viewer: number): ContractParty {
  const role = p.role as PartyRole;
  const kind = p.kind as PartyKind;
  const isMe = p.user_id !== null && Number(p.user_id) === viewer;
  return {
    id: p.id,
    role,
    roleText: PARTY_ROLE_TEXT[role],
    kind,
    // The principal parties are named in the contract; an added signatory is shown masked to the others.
    name: role === 'added' && !isMe ? maskName(p.name, kind) : p.name,
    signOrder: p.sign_order,
    assigned: p.user_id !== null,
    isMe,
    confirmed: p.confirmed_at !== null,
    confirmTime: time(p.confirmed_at),
    signed: p.signed_at !== null,
    signTime: time(p.signed_at),
  };
}

function detailOf(c: ContractRow, me: PartyRow, parties: PartyRow[], viewer: number): ContractDetail {
  const f = factsOf(c);
  const next = c.state === 'signing' ? nextSigner(parties) : null;
  return {
    ...summaryOf(c, me, parties),
    version: c.version,
    clauses: [
      { heading: '合同各方', text: `转让方（甲方）：${f.transferor}；受让方（乙方）：${f.buyer}。` },
      ...fixedClauses(templateKey(c.template), f),
    ],
    openFields: openOf(c),
    parties: parties.map((p) => partyView(p, viewer)),
    nextSigner: next ? partyView(next, viewer).name : null,
    frozenTime: time(c.frozen_at),
    signedTime: time(c.signed_at),
    sealedTime: time(c.sealed_at),
  };
}

export async function myContract(db: Kysely<Database>, userId: number, id: number): Promise<ContractDetail> {
  const { c, me, parties } = await asParty(db, userId, id);
  return detailOf(c, me, parties, userId);
}

export async function myContracts(db: Kysely<Database>, userId: number, q: PageRequest & { state?: ContractState | undefined }): Promise<Page<ContractSummary>> {
  // A contract once however many of its parties the user is.
  let base = db.selectFrom('contract').where('contract.id', 'in', db.selectFrom('contract_party').select('contract_id').where('user_id', '=', userId));
  if (q.state) base = base.where('contract.state', '=', q.state);
  const ids = await fetchPage(base, q, (b) => b.select('contract.id').orderBy('contract.updated_at', 'desc').orderBy('contract.id', 'desc'), (r) => r.id);
  const records: ContractSummary[] = [];
  for (const id of ids.records) {
    const { c, me, parties } = await asParty(db, userId, id);
    records.push(summaryOf(c, me, parties));
  }
  return { ...ids, records };
}

export async function contractVersions(db: Kysely<Database>, userId: number, id: number): Promise<ContractVersion[]> {
  await asParty(db, userId, id);
  const rows = await db.selectFrom('contract_version').selectAll().where('contract_id', '=', id).orderBy('version', 'desc').execute();
  return rows.map((r) => {
    const changed = JSON.parse(r.changed) as string[];
    return {
      version: r.version,
      actor: r.actor_name,
      changed,
      changedText: changed.map(openFieldLabel).join('、'),
      openFields: JSON.parse(r.open_fields) as Record<OpenFieldKey, string>,
      time: formatChinaTime(r.created_at),
    };
  });
}

/** The frozen or signed PDF, for its parties. */
export async function contractPdf(db: Kysely<Database>, userId: number, id: number): Promise<{ data: Buffer; name: string }> {
  const { c } = await asParty(db, userId, id);
  const b64 = c.signed_pdf ?? c.frozen_pdf;
  if (!b64) throw new BusinessError(409, '合同尚未经各方确认定稿，暂无 PDF');
  const suffix = c.state === 'sealed' ? '（已盖章）' : c.state === 'signed' ? '（已签署）' : '';
  return { data: Buffer.from(b64, 'base64'), name: `${c.title}-${c.contract_code}${suffix}.pdf` };
}

/** The operators' and the work system's list: newest change first, at most 200. */
export async function listContracts(db: Kysely<Database>, state?: ContractState): Promise<StaffContract[]> {
  let q = db.selectFrom('contract').selectAll();
  if (state) q = q.where('state', '=', state);
  const rows = await q.orderBy('updated_at', 'desc').limit(200).execute();
  const out: StaffContract[] = [];
  for (const c of rows) {
    const parties = await partiesOf(db, c.id);
    out.push({
      id: c.id,
      contractCode: c.contract_code,
      state: c.state as ContractState,
      stateText: CONTRACT_STATE_TEXT[c.state as ContractState],
      assetsName: factsOf(c).assetsName,
      parties: parties.map((p) => `${p.name}${p.user_id === null ? '(未指定账户)' : ''}${p.signed_at ? '✓' : ''}`).join(' / '),
      transferorAssigned: parties.some((p) => p.role === 'transferor' && p.user_id !== null),
      updateTime: formatChinaTime(c.updated_at),
    });
  }
  return out;
}
