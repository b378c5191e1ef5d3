/**
 * Drafting a contract: the draft from the template when a deal is paid, the principal parties' edits of
 * the open fields (each a new version), and the operator naming the transferor's account.
 */
import type { Kysely } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { formatFenAsYuan } from '#domain/rules/money';
import { OPEN_FIELD_KEYS, openFieldLabel, rmbUpper } from '#domain/rules/tradeContract';
import type { ContractDetail, ContractState, OpenFieldKey } from '#domain/contract/tradeContract';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { newCode } from '../common/codes.ts';
import { transferorNameSql } from '../common/transferor.ts';
import { plainText, sanitizeRichText } from '../common/rich-text.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { asParty, contractMessageTitle, link, MSG_CONTRACT_NOT_FOUND, notifyParties, openOf, transition, VERIFIED } from './records.ts';
import { TEMPLATES, templateOf, type ContractFacts } from './templates.ts';
import { myContract } from './views.ts';

const yuan = (fen: number) => formatFenAsYuan(fen, { suffix: ' 元' });

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
    .select(['project.assets_name', 'project.project_code', 'project.type_code', 'project.type_name', transferorNameSql.as('transferor_name')])
    .where('deal.id', '=', dealId)
    .executeTakeFirst();
  if (!d) return null;
  if (await trx.selectFrom('contract').select('id').where('deal_id', '=', dealId).executeTakeFirst()) return null;
  const template = templateOf(d.type_code);
  const transferor = d.transferor_name;
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
    await sendMessage(trx, { userId: u.id, kind: 'contract', title: await contractMessageTitle(trx, id, '请核对产权交易合同'), content: '交易机构已指定您为合同的转让方签署账户，请核对合同内容。', link: link(id), at: now });
  });
}
