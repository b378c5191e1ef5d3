/**
 * 产权交易合同 (issue 17; guide after-the-hammer.md step 4).
 *
 *   deal paid → drafting (from the lot type's template, filled from the deal; in markPaid's transaction)
 *   → confirming (a principal party puts the draft to the parties) → every party confirms the same version
 *   → signing (the PDF is frozen) → each signatory signs in order (face check, mark, SigningProvider)
 *   → signed → the exchange seals last (operator command) → sealed.
 *
 * Every step is a conditional update on the expected state inside one transaction with its messages, so a
 * repeated or concurrent call changes nothing twice and an illegal step answers 409 in Chinese. Every read
 * and step is for a party of the contract only: anyone else gets 404, as if it did not exist.
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '../../../src/domain/chinaTime.ts';
import type { Page } from '../../../src/domain/contracts.ts';
import { formatFenAsYuan } from '../../../src/domain/money.ts';
import { EXCHANGE_SIGNER_NAME } from '../../../src/domain/esign.ts';
import {
  CONTRACT_STATE_TEXT,
  OPEN_FIELD_KEYS,
  OPEN_FIELDS,
  PARTY_ROLE_TEXT,
  maskAccount,
  maskName,
  openFieldLabel,
  rmbUpper,
  type ContractDetail,
  type ContractParty,
  type ContractState,
  type ContractSummary,
  type ContractVersion,
  type OpenFieldKey,
  type PartyKind,
  type PartyRole,
  type SignatoryCandidate,
} from '../../../src/domain/tradeContract.ts';
import type { Database } from '../../db/schema.ts';
import type { ContractPartyTable, ContractTable } from '../../db/tables/contracts.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { renderPdf, type PdfBlock } from '../../lib/pdf.ts';
import { appendAudit } from '../accounts/audit.ts';
import { newCode } from '../enrolment.ts';
import { inTransaction } from '../enrolment-tx.ts';
import type { SigningProvider, SignatureMark } from '../esign/types.ts';
import { sendMessage } from '../messages.ts';
import { plainText, sanitizeRichText } from '../sanitize.ts';
import { exchangeSealPng } from './exchange-seal.ts';
import { TEMPLATES, fixedClauses, templateKey, templateOf, type ContractFacts } from './templates.ts';

export const MSG_CONTRACT_NOT_FOUND = '合同不存在';
/** The exchange: the last signer (its seal), on its certificate and in its signature area. */
export const EXCHANGE_NAME = EXCHANGE_SIGNER_NAME;
const VERIFIED = [0, 1, 2];
const MAX_MARK_BYTES = 300_000;

type ContractRow = Selectable<ContractTable>;
type PartyRow = Selectable<ContractPartyTable>;

/** What signing needs besides the database: the provider, organisations' approved seals, the face check. */
export interface ContractSigning {
  provider: SigningProvider;
  /** The organisation's approved seal (PNG), or null when it has none. */
  orgSeal(db: Kysely<Database>, userId: number): Promise<Uint8Array | null>;
  /** The face check this user passed for signing this contract (consumes the one-time token); false if not. */
  faceChecked(db: Kysely<Database>, userId: number, token: string, now: number, contractId: number): Promise<boolean>;
}

const link = (id: number) => `/myContract?id=${id}`;
const time = (t: number | null) => (t === null ? null : formatChinaTime(t));
const yuan = (fen: number) => formatFenAsYuan(fen, { suffix: ' 元' });
const transition = (state: ContractState, what: string) => new BusinessError(409, `合同当前状态为「${CONTRACT_STATE_TEXT[state]}」，不能${what}`);

// ---------------------------------------------------------------------------------------------------------
// Drafting

/**
 * Drafts the contract of a paid deal, in the caller's transaction (markPaid's), idempotently: a deal has at
 * most one contract (deal_id unique), so a second call does nothing.
 */
export async function draftContract(trx: Kysely<Database>, dealId: number, now: number): Promise<number | null> {
  const d = await trx
    .selectFrom('deal')
    .innerJoin('project', 'project.id', 'deal.project_id')
    .leftJoin('project_detail', 'project_detail.project_id', 'deal.project_id')
    .select(['deal.id', 'deal.deal_code', 'deal.user_id', 'deal.bid_code', 'deal.buyer_name', 'deal.price_fen', 'deal.fee_fen', 'deal.deal_at', 'deal.paid_at'])
    .select(['project.assets_name', 'project.project_code', 'project.type_code', 'project.type_name', 'project.org_name', 'project_detail.transferor_name'])
    .where('deal.id', '=', dealId)
    .executeTakeFirst();
  if (!d) return null;
  if (await trx.selectFrom('contract').select('id').where('deal_id', '=', dealId).executeTakeFirst()) return null;
  const template = templateOf(d.type_code);
  const transferor = d.transferor_name || d.org_name || '转让方';
  const facts: ContractFacts = {
    contractCode: newCode('HT', now),
    dealCode: d.deal_code,
    projectCode: d.project_code,
    assetsName: d.assets_name,
    typeName: d.type_name,
    transferor,
    buyer: d.buyer_name,
    bidCode: d.bid_code,
    priceFen: d.price_fen,
    priceText: yuan(d.price_fen),
    priceUpper: rmbUpper(d.price_fen),
    feeText: yuan(d.fee_fen),
    dealDate: formatChinaTime(d.deal_at, 'YYYY-MM-DD'),
    paidDate: formatChinaTime(d.paid_at ?? now, 'YYYY-MM-DD'),
    draftDate: formatChinaTime(now, 'YYYY-MM-DD'),
  };
  const openFields = TEMPLATES[template].defaults;
  const inserted = await trx
    .insertInto('contract')
    .values({
      contract_code: facts.contractCode,
      deal_id: dealId,
      template,
      title: TEMPLATES[template].title,
      state: 'drafting' satisfies ContractState,
      facts: JSON.stringify(facts),
      open_fields: JSON.stringify(openFields),
      version: 1,
      frozen_pdf: null,
      signed_pdf: null,
      created_at: now,
      updated_at: now,
      frozen_at: null,
      signed_at: null,
      sealed_at: null,
    })
    .onConflict((oc) => oc.column('deal_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  // The transferor's account: the verified organisation of that name, if it has one; else an operator assigns it.
  const org = await trx.selectFrom('app_user').select(['id', 'name']).where('user_type', '=', 2).where('auth_status', 'in', VERIFIED).where('name', '=', transferor).where('is_allowed', '=', 1).executeTakeFirst();
  const buyer = await trx.selectFrom('app_user').select(['user_type']).where('id', '=', d.user_id).executeTakeFirstOrThrow();
  await trx
    .insertInto('contract_party')
    .values([
      { contract_id: inserted.id, user_id: org?.id ?? null, role: 'transferor', kind: 'org', name: transferor, sign_order: 1, added_by: null, confirmed_at: null, signed_at: null, mark_kind: '', created_at: now },
      { contract_id: inserted.id, user_id: d.user_id, role: 'buyer', kind: buyer.user_type === 2 ? 'org' : 'person', name: d.buyer_name, sign_order: 2, added_by: null, confirmed_at: null, signed_at: null, mark_kind: '', created_at: now },
    ])
    .execute();
  await trx
    .insertInto('contract_version')
    .values({ contract_id: inserted.id, version: 1, user_id: null, actor_name: '系统（依模板起草）', changed: JSON.stringify(OPEN_FIELD_KEYS), open_fields: JSON.stringify(openFields), created_at: now })
    .execute();
  await notifyParties(trx, inserted.id, now, `${TEMPLATES[template].title}已起草`, `「${d.assets_name}」的${TEMPLATES[template].title}（${facts.contractCode}）已依模板起草，请核对合同内容，可修改交割安排等约定条款。`);
  return inserted.id;
}

/** Deals paid before contracts existed (or by a path that did not draft): draft theirs. Returns how many. */
export async function draftMissingContracts(db: Kysely<Database>, now: number): Promise<number> {
  const deals = await db
    .selectFrom('deal')
    .select('id')
    .where('status', 'in', ['paid', 'handedOver', 'certified', 'paidOut'])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('contract').select('contract.id').whereRef('contract.deal_id', '=', 'deal.id'))))
    .orderBy('id')
    .limit(500)
    .execute();
  let n = 0;
  for (const d of deals) if ((await inTransaction(db, (trx) => draftContract(trx, d.id, now))) !== null) n += 1;
  return n;
}

async function notifyParties(trx: Kysely<Database>, contractId: number, now: number, title: string, content: string, except?: number) {
  const parties = await trx.selectFrom('contract_party').select('user_id').where('contract_id', '=', contractId).where('user_id', 'is not', null).execute();
  const seen = new Set<number>();
  for (const p of parties) {
    const uid = Number(p.user_id);
    if (seen.has(uid) || uid === except) continue;
    seen.add(uid);
    await sendMessage(trx, { userId: uid, kind: 'contract', title, content, link: link(contractId), at: now });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading (parties only)

async function partiesOf(db: Kysely<Database>, contractId: number): Promise<PartyRow[]> {
  return db.selectFrom('contract_party').selectAll().where('contract_id', '=', contractId).orderBy('sign_order').execute();
}

/** The contract and the viewer's party row; 404 to anyone who is not a party. */
async function asParty(db: Kysely<Database>, userId: number, id: number): Promise<{ c: ContractRow; me: PartyRow; parties: PartyRow[] }> {
  const c = await db.selectFrom('contract').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound(MSG_CONTRACT_NOT_FOUND);
  const parties = await partiesOf(db, c.id);
  const me = parties.find((p) => p.user_id !== null && Number(p.user_id) === userId);
  if (!me) throw notFound(MSG_CONTRACT_NOT_FOUND);
  return { c, me, parties };
}

const factsOf = (c: ContractRow) => JSON.parse(c.facts) as ContractFacts;
const openOf = (c: ContractRow) => JSON.parse(c.open_fields) as Record<OpenFieldKey, string>;
const nextSigner = (parties: PartyRow[]) => parties.find((p) => p.signed_at === null) ?? null;

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

function partyView(p: PartyRow, viewer: number): ContractParty {
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

export async function myContracts(db: Kysely<Database>, userId: number, q: { current: number; size: number; state?: ContractState | undefined }): Promise<Page<ContractSummary>> {
  let base = db.selectFrom('contract').innerJoin('contract_party', 'contract_party.contract_id', 'contract.id').where('contract_party.user_id', '=', userId);
  if (q.state) base = base.where('contract.state', '=', q.state);
  const { n } = await base.select((eb) => eb.fn.count<number>('contract.id').distinct().as('n')).executeTakeFirstOrThrow();
  const ids = await base.select('contract.id').distinct().select('contract.updated_at').orderBy('contract.updated_at', 'desc').orderBy('contract.id', 'desc').limit(q.size).offset((q.current - 1) * q.size).execute();
  const records: ContractSummary[] = [];
  for (const { id } of ids) {
    const { c, me, parties } = await asParty(db, userId, id);
    records.push(summaryOf(c, me, parties));
  }
  const total = Number(n);
  return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
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

// ---------------------------------------------------------------------------------------------------------
// Drafting steps: open fields, signatories, confirmation

async function actorName(db: Kysely<Database>, userId: number) {
  const u = await db.selectFrom('app_user').select(['name', 'login_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  return u.name || u.login_name;
}

/** Saves the open fields (sanitised) as a new version; fields not sent keep their text. */
export async function saveOpenFields(
  db: Kysely<Database>,
  userId: number,
  id: number,
  input: { version: number; fields: Partial<Record<OpenFieldKey, string>> },
  now: number,
  ip: string,
): Promise<ContractDetail> {
  const { c, me } = await asParty(db, userId, id);
  if (c.state !== 'drafting') throw transition(c.state as ContractState, '修改合同内容');
  if (me.role === 'added') throw new BusinessError(403, '仅转让方和受让方可以修改合同约定条款');
  if (input.version !== c.version) throw new BusinessError(409, `合同已被他人修改（当前第 ${c.version} 版），请刷新后再修改`);
  const before = openOf(c);
  const after = { ...before };
  for (const key of OPEN_FIELD_KEYS) {
    const v = input.fields[key];
    if (v === undefined) continue;
    const clean = sanitizeRichText(v).trim();
    if (plainText(clean) === '') throw new BusinessError(400, `「${openFieldLabel(key)}」不能为空，没有约定请填写“无”`);
    after[key] = clean;
  }
  const changed = OPEN_FIELD_KEYS.filter((k) => after[k] !== before[k]);
  if (changed.length === 0) throw new BusinessError(400, '合同内容没有变化');
  const name = await actorName(db, userId);
  await inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('contract')
      .set({ open_fields: JSON.stringify(after), version: c.version + 1, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'drafting')
      .where('version', '=', c.version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BusinessError(409, '合同已被他人修改，请刷新后再修改');
    await trx
      .insertInto('contract_version')
      .values({ contract_id: id, version: c.version + 1, user_id: userId, actor_name: name, changed: JSON.stringify(changed), open_fields: JSON.stringify(after), created_at: now })
      .execute();
    await appendAudit(trx, now, { userId, ip, action: 'contract.edit', object: `contract:${id}`, result: 'success', detail: changed.join(',') });
    await notifyParties(trx, id, now, '合同内容已修改', `${name} 修改了合同（${c.contract_code}）的「${changed.map(openFieldLabel).join('、')}」，现为第 ${c.version + 1} 版。`, userId);
  });
  return myContract(db, userId, id);
}

/** A verified person or organisation by exact login name or phone, shown masked; null when none. */
/**
 * A verified person or organisation by login name or phone, for a party of the contract. It tells whether
 * someone is a user: the route limits it (`lookup-user`, `lookup-ip`), and every answered look-up is in the
 * audit log with the keyword masked and the user found, so a party listing users is seen.
 */
export async function findSignatory(db: Kysely<Database>, userId: number, id: number, keyword: string, now: number, ip: string): Promise<SignatoryCandidate | null> {
  await asParty(db, userId, id);
  const k = keyword.trim();
  const u = await db
    .selectFrom('app_user')
    .select(['id', 'name', 'user_type', 'auth_status', 'login_name', 'phone', 'is_allowed'])
    .where((eb) => eb.or([eb('login_key', '=', k.toLowerCase()), eb('phone', '=', k)]))
    .executeTakeFirst();
  const found = u && VERIFIED.includes(u.auth_status) && u.is_allowed === 1 && u.name ? u : null;
  await appendAudit(db, now, {
    userId,
    ip,
    action: 'contract.signatory.find',
    object: `contract:${id}`,
    result: 'success',
    detail: `keyword:${k ? maskAccount(k) : ''} ${found ? `user:${found.id}` : 'none'}`,
  });
  if (!found) return null;
  const kind: PartyKind = found.user_type === 2 ? 'org' : 'person';
  return { userId: found.id, kind, name: maskName(found.name, kind), account: maskAccount(found.phone === k ? k : found.login_name) };
}

export async function addSignatory(db: Kysely<Database>, userId: number, id: number, addUserId: number, now: number, ip: string): Promise<ContractDetail> {
  const { c, me, parties } = await asParty(db, userId, id);
  if (c.state !== 'drafting') throw transition(c.state as ContractState, '添加签署方');
  if (me.role === 'added') throw new BusinessError(403, '仅转让方和受让方可以添加签署方');
  const u = await db.selectFrom('app_user').select(['id', 'name', 'user_type', 'auth_status', 'is_allowed']).where('id', '=', addUserId).executeTakeFirst();
  if (!u || !VERIFIED.includes(u.auth_status) || u.is_allowed !== 1 || !u.name) throw new BusinessError(400, '只能添加已完成实名认证的个人或机构');
  if (parties.some((p) => p.user_id !== null && Number(p.user_id) === u.id)) throw new BusinessError(409, '该用户已是本合同的签署方');
  if (parties.length >= 6) throw new BusinessError(409, '签署方最多6个');
  const order = Math.max(...parties.map((p) => p.sign_order)) + 1;
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('contract_party')
      .values({ contract_id: id, user_id: u.id, role: 'added', kind: u.user_type === 2 ? 'org' : 'person', name: u.name, sign_order: order, added_by: userId, confirmed_at: null, signed_at: null, mark_kind: '', created_at: now })
      .execute();
    await trx.updateTable('contract').set({ updated_at: now }).where('id', '=', id).execute();
    await appendAudit(trx, now, { userId, ip, action: 'contract.signatory.add', object: `contract:${id}`, result: 'success', detail: `user:${u.id}` });
    await sendMessage(trx, { userId: u.id, kind: 'contract', title: '您被添加为合同签署方', content: `您已被添加为「${factsOf(c).assetsName}」${c.title}（${c.contract_code}）的签署方，请在各方确认后按顺序签署。`, link: link(id), at: now });
  });
  return myContract(db, userId, id);
}

export async function removeSignatory(db: Kysely<Database>, userId: number, id: number, partyId: number, now: number): Promise<ContractDetail> {
  const { c, me, parties } = await asParty(db, userId, id);
  if (c.state !== 'drafting') throw transition(c.state as ContractState, '移除签署方');
  if (me.role === 'added') throw new BusinessError(403, '仅转让方和受让方可以移除签署方');
  const p = parties.find((x) => x.id === partyId);
  if (!p) throw notFound('签署方不存在');
  if (p.role !== 'added') throw new BusinessError(409, '转让方和受让方不能移除');
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('contract_party').where('id', '=', partyId).where('contract_id', '=', id).execute();
    await trx.updateTable('contract').set({ updated_at: now }).where('id', '=', id).execute();
  });
  return myContract(db, userId, id);
}

/** drafting → confirming: the draft is put to every party (all of them must have an account). */
export async function submitForConfirmation(db: Kysely<Database>, userId: number, id: number, now: number): Promise<ContractDetail> {
  const { c, me, parties } = await asParty(db, userId, id);
  if (c.state !== 'drafting') throw transition(c.state as ContractState, '提交各方确认');
  if (me.role === 'added') throw new BusinessError(403, '仅转让方和受让方可以提交各方确认');
  if (parties.some((p) => p.user_id === null)) throw new BusinessError(409, '转让方账户尚未由交易机构指定，暂不能提交确认');
  await inTransaction(db, async (trx) => {
    const moved = await trx.updateTable('contract').set({ state: 'confirming', updated_at: now }).where('id', '=', id).where('state', '=', 'drafting').executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw transition('confirming', '提交各方确认');
    await trx.updateTable('contract_party').set({ confirmed_at: null }).where('contract_id', '=', id).execute();
    await notifyParties(trx, id, now, '请确认合同内容', `${c.title}（${c.contract_code}）第 ${c.version} 版已提交各方确认，请阅读全文后确认。`);
  });
  return myContract(db, userId, id);
}

/** confirming → drafting: a party wants changes; every confirmation is cleared. */
export async function reopenContract(db: Kysely<Database>, userId: number, id: number, now: number): Promise<ContractDetail> {
  const { c, me } = await asParty(db, userId, id);
  if (c.state !== 'confirming') throw transition(c.state as ContractState, '退回修改');
  if (me.role === 'added') throw new BusinessError(403, '仅转让方和受让方可以退回修改');
  await inTransaction(db, async (trx) => {
    const moved = await trx.updateTable('contract').set({ state: 'drafting', updated_at: now }).where('id', '=', id).where('state', '=', 'confirming').executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw transition('drafting', '退回修改');
    await trx.updateTable('contract_party').set({ confirmed_at: null }).where('contract_id', '=', id).execute();
    await notifyParties(trx, id, now, '合同已退回修改', `${c.title}（${c.contract_code}）已被退回修改，各方的确认已撤销。`, userId);
  });
  return myContract(db, userId, id);
}

/** The document every party confirms and then signs: the title, the facts, the clauses, a signature area per party. */
export async function contractDocumentPdf(c: ContractRow, parties: PartyRow[]): Promise<Uint8Array> {
  const f = factsOf(c);
  const open = openOf(c);
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      rows: [
        ['合同编号', c.contract_code],
        ['成交编号', f.dealCode],
        ['转让方（甲方）', f.transferor],
        ['受让方（乙方）', f.buyer],
        ['项目名称', f.assetsName],
        ['项目编号', f.projectCode],
        ['成交价款', `${f.priceText}（大写：${f.priceUpper}）`],
      ],
    },
    { kind: 'paragraph', text: '甲乙双方根据《中华人民共和国民法典》及产权交易的有关规定，就甲方通过河北产权市场公开转让的标的，经平等协商，订立本合同。' },
  ];
  for (const clause of fixedClauses(templateKey(c.template), f)) blocks.push({ kind: 'heading', text: clause.heading }, { kind: 'paragraph', text: clause.text });
  for (const field of OPEN_FIELDS) blocks.push({ kind: 'heading', text: field.label }, { kind: 'paragraph', text: plainText(open[field.key]) || '无' });
  blocks.push({ kind: 'paragraph', text: `本合同第 ${c.version} 版经各方于线上确认定稿。` });
  blocks.push({ kind: 'signatures', parties: [...parties.map((p) => `${PARTY_ROLE_TEXT[p.role as PartyRole]}：${p.name}`), `鉴证方：${EXCHANGE_NAME}`] });
  return renderPdf({ title: c.title, blocks, footer: `合同编号 ${c.contract_code}` });
}

/** This party confirms the version he read; the last confirmation freezes the PDF and opens signing. */
export async function confirmContract(db: Kysely<Database>, userId: number, id: number, version: number, now: number, ip: string): Promise<ContractDetail> {
  const { c, me } = await asParty(db, userId, id);
  if (c.state !== 'confirming') throw transition(c.state as ContractState, '确认合同');
  if (version !== c.version) throw new BusinessError(409, `合同已更新为第 ${c.version} 版，请重新阅读后确认`);
  if (me.confirmed_at !== null) throw new BusinessError(409, '您已确认过本合同');
  // The frozen PDF is laid out outside the transaction (it takes a moment) and stored only by the last confirmation.
  const others = (await partiesOf(db, id)).filter((p) => p.id !== me.id && p.confirmed_at === null);
  const pdf = others.length === 0 ? Buffer.from(await contractDocumentPdf(c, await partiesOf(db, id))).toString('base64') : null;
  await inTransaction(db, async (trx) => {
    const mine = await trx.updateTable('contract_party').set({ confirmed_at: now }).where('id', '=', me.id).where('confirmed_at', 'is', null).executeTakeFirst();
    if (Number(mine.numUpdatedRows) !== 1) throw new BusinessError(409, '您已确认过本合同');
    await appendAudit(trx, now, { userId, ip, action: 'contract.confirm', object: `contract:${id}`, result: 'success', detail: `v${version}` });
    const open = await trx.selectFrom('contract_party').select('id').where('contract_id', '=', id).where('confirmed_at', 'is', null).execute();
    if (open.length > 0) {
      const still = await trx.updateTable('contract').set({ updated_at: now }).where('id', '=', id).where('state', '=', 'confirming').where('version', '=', version).executeTakeFirst();
      if (Number(still.numUpdatedRows) !== 1) throw new BusinessError(409, '合同状态已变化，请刷新');
      return;
    }
    if (pdf === null) throw new BusinessError(409, '其他签署方刚刚完成确认，请重试');
    const moved = await trx
      .updateTable('contract')
      .set({ state: 'signing', frozen_pdf: pdf, frozen_at: now, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'confirming')
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BusinessError(409, '合同状态已变化，请刷新');
    const first = (await partiesOf(trx, id))[0]!;
    await notifyParties(trx, id, now, '合同已定稿，进入签署', `${c.title}（${c.contract_code}）已经各方确认定稿，请按签署顺序签署；第一位签署方：${first.name}。`);
  });
  return myContract(db, userId, id);
}

// ---------------------------------------------------------------------------------------------------------
// Signing and sealing

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

/**
 * The next signatory signs: the face check, his mark (a person's drawn or typed signature from the page; an
 * organisation's approved seal), the provider's signature over the PDF as signed so far. After the last
 * party the contract is `signed` and waits for the exchange's seal.
 */
export async function signContract(
  db: Kysely<Database>,
  signing: ContractSigning,
  userId: number,
  id: number,
  input: { faceToken: string; markKind: 'drawn' | 'typed' | 'seal'; markPng: Uint8Array | null },
  now: number,
  ip: string,
): Promise<ContractDetail> {
  const { c, me, parties } = await asParty(db, userId, id);
  if (c.state !== 'signing') throw transition(c.state as ContractState, '签署');
  if (me.signed_at !== null) throw new BusinessError(409, '您已签署过本合同');
  const next = nextSigner(parties);
  if (!next || next.id !== me.id) throw new BusinessError(409, `尚未轮到您签署，请等待「${next ? partyView(next, userId).name : ''}」先签署`);
  let mark: SignatureMark;
  if (me.kind === 'org') {
    const seal = await signing.orgSeal(db, userId);
    if (!seal) throw new BusinessError(409, '贵单位尚无经审核通过的电子印章，请先申请用印');
    mark = { kind: 'seal', png: seal };
  } else {
    if (input.markKind === 'seal') throw new BusinessError(400, '个人请手写或输入姓名签名');
    if (!input.markPng || !isPng(input.markPng)) throw new BusinessError(400, '签名图片格式不正确，请重新签名');
    if (input.markPng.length > MAX_MARK_BYTES) throw new BusinessError(400, '签名图片过大，请重新签名');
    mark = { kind: input.markKind, png: input.markPng };
  }
  if (!(await signing.faceChecked(db, userId, input.faceToken, now, id))) throw new BusinessError(403, '人脸核验未通过或已失效，请重新扫码核验');
  const current = c.signed_pdf ?? c.frozen_pdf;
  if (!current) throw new BusinessError(409, '合同尚未定稿');
  const u = await db.selectFrom('app_user').select(['name']).where('id', '=', userId).executeTakeFirstOrThrow();
  const slot = parties.findIndex((p) => p.id === me.id);
  const signed = await signing.provider.sign(new Uint8Array(Buffer.from(current, 'base64')), {
    signer: { userId, kind: me.kind === 'org' ? 'org' : 'person', name: u.name },
    mark,
    slot,
    reason: `签署${c.title}（${c.contract_code}）`,
    signedAt: new Date(now),
  });
  const last = parties.every((p) => p.id === me.id || p.signed_at !== null);
  await inTransaction(db, async (trx) => {
    const mine = await trx.updateTable('contract_party').set({ signed_at: now, mark_kind: mark.kind }).where('id', '=', me.id).where('signed_at', 'is', null).executeTakeFirst();
    if (Number(mine.numUpdatedRows) !== 1) throw new BusinessError(409, '您已签署过本合同');
    const moved = await trx
      .updateTable('contract')
      .set({ signed_pdf: Buffer.from(signed).toString('base64'), updated_at: now, ...(last ? { state: 'signed', signed_at: now } : {}) })
      .where('id', '=', id)
      .where('state', '=', 'signing')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BusinessError(409, '合同状态已变化，请刷新');
    await appendAudit(trx, now, { userId, ip, action: 'contract.sign', object: `contract:${id}`, result: 'success', detail: mark.kind });
    if (last) await notifyParties(trx, id, now, '合同已由各方签署', `${c.title}（${c.contract_code}）已由各方签署，待交易机构加盖鉴证章后生效。`);
    else {
      const after = parties[slot + 1]!;
      if (after.user_id !== null) await sendMessage(trx, { userId: Number(after.user_id), kind: 'contract', title: '请签署合同', content: `${me.name} 已签署${c.title}（${c.contract_code}），现在轮到您签署。`, link: `/usercenter/contract/sign?id=${id}`, at: now });
      await notifyParties(trx, id, now, '合同签署进度', `${me.name} 已签署${c.title}（${c.contract_code}）。`, after.user_id === null ? undefined : Number(after.user_id));
    }
  });
  return myContract(db, userId, id);
}

/** The exchange seals last (operator command): signed → sealed. */
export async function sealContract(db: Kysely<Database>, provider: SigningProvider, id: number, actor: { name: string; ip: string }, now: number): Promise<{ id: number; contractCode: string; state: ContractState }> {
  const c = await db.selectFrom('contract').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound(MSG_CONTRACT_NOT_FOUND);
  if (c.state !== 'signed') throw transition(c.state as ContractState, '加盖鉴证章（须各方签署完毕）');
  const parties = await partiesOf(db, id);
  const sealed = await provider.sign(new Uint8Array(Buffer.from(c.signed_pdf!, 'base64')), {
    signer: { userId: 0, kind: 'exchange', name: EXCHANGE_NAME },
    mark: { kind: 'seal', png: exchangeSealPng() },
    slot: parties.length,
    reason: `鉴证${c.title}（${c.contract_code}）`,
    signedAt: new Date(now),
  });
  await inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('contract')
      .set({ state: 'sealed', signed_pdf: Buffer.from(sealed).toString('base64'), sealed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'signed')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw transition('sealed', '重复盖章');
    await appendAudit(trx, now, { userId: null, ip: actor.ip, action: 'contract.seal', object: `contract:${id}`, result: 'success', detail: actor.name });
    await notifyParties(trx, id, now, '合同已盖章生效', `${c.title}（${c.contract_code}）已由交易机构加盖鉴证章，合同生效。可在“我的合同”下载签署版 PDF。`);
  });
  return { id, contractCode: c.contract_code, state: 'sealed' };
}

/** The operator names the transferor's account (a verified organisation or person) while drafting. */
export async function assignTransferor(db: Kysely<Database>, id: number, loginName: string, now: number): Promise<void> {
  const c = await db.selectFrom('contract').select(['id', 'state']).where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound(MSG_CONTRACT_NOT_FOUND);
  if (c.state !== 'drafting') throw transition(c.state as ContractState, '指定转让方账户');
  const u = await db.selectFrom('app_user').select(['id', 'name', 'user_type', 'auth_status']).where('login_key', '=', loginName.toLowerCase()).executeTakeFirst();
  if (!u || !VERIFIED.includes(u.auth_status)) throw new BusinessError(400, '只能指定已完成实名认证的账户');
  await inTransaction(db, async (trx) => {
    await trx.updateTable('contract_party').set({ user_id: u.id, kind: u.user_type === 2 ? 'org' : 'person' }).where('contract_id', '=', id).where('role', '=', 'transferor').execute();
    await trx.updateTable('contract').set({ updated_at: now }).where('id', '=', id).execute();
    await sendMessage(trx, { userId: u.id, kind: 'contract', title: '请核对产权交易合同', content: '交易机构已指定您为合同的转让方签署账户，请核对合同内容。', link: link(id), at: now });
  });
}

export interface OpsContract {
  id: number;
  contractCode: string;
  state: ContractState;
  stateText: string;
  assetsName: string;
  parties: string;
  updateTime: string;
}

export async function listContracts(db: Kysely<Database>, state?: ContractState): Promise<OpsContract[]> {
  let q = db.selectFrom('contract').selectAll();
  if (state) q = q.where('state', '=', state);
  const rows = await q.orderBy('updated_at', 'desc').limit(200).execute();
  const out: OpsContract[] = [];
  for (const c of rows) {
    const parties = await partiesOf(db, c.id);
    out.push({
      id: c.id,
      contractCode: c.contract_code,
      state: c.state as ContractState,
      stateText: CONTRACT_STATE_TEXT[c.state as ContractState],
      assetsName: factsOf(c).assetsName,
      parties: parties.map((p) => `${p.name}${p.user_id === null ? '(未指定账户)' : ''}${p.signed_at ? '✓' : ''}`).join(' / '),
      updateTime: formatChinaTime(c.updated_at),
    });
  }
  return out;
}
