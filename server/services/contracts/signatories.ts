/** The signatories a principal party adds to (or removes from) a contract while it is drafted. */
import type { Kysely } from 'kysely';
import { lotTitle } from '#domain/rules/desk';
import { maskAccount, maskName } from '#domain/rules/tradeContract';
import type { ContractDetail, ContractState, PartyKind, SignatoryCandidate } from '#domain/contract/tradeContract';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { asParty, factsOf, link, transition, VERIFIED } from './records.ts';
import { myContract } from './views.ts';

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
    await sendMessage(trx, { userId: u.id, kind: 'contract', title: lotTitle('您被添加为合同签署方', factsOf(c).assetsName), content: `您已被添加为「${factsOf(c).assetsName}」${c.title}（${c.contract_code}）的签署方，请在各方确认后按顺序签署。`, link: link(id), at: now });
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
