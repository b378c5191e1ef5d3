/**
 * Confirming a draft: a principal party puts it to every party (or takes it back for changes); every party
 * confirms the version he read, and the last confirmation freezes the PDF and opens signing.
 */
import type { Kysely } from 'kysely';
import type { ContractDetail, ContractState } from '#domain/contract/tradeContract';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { inTransaction } from '../common/transactions.ts';
import { contractDocumentPdf } from './document.ts';
import { asParty, notifyParties, partiesOf, transition } from './records.ts';
import { myContract } from './views.ts';

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
