/**
 * Signing a frozen contract: each signatory in order (the face check, his mark, the provider's signature
 * over the PDF as signed so far), then the exchange's seal last.
 */
import type { Kysely } from 'kysely';
import type { ContractDetail, ContractState } from '#domain/contract/tradeContract';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { inTransaction } from '../common/transactions.ts';
import type { SigningProvider, SignatureMark } from '../esign/types.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { exchangeSealPng } from './exchange-seal.ts';
import { asParty, contractMessageTitle, EXCHANGE_NAME, MSG_CONTRACT_NOT_FOUND, nextSigner, notifyParties, partiesOf, transition } from './records.ts';
import { myContract, partyView } from './views.ts';

const MAX_MARK_BYTES = 300_000;

/** What signing needs besides the database: the provider, organisations' approved seals, the face check. */
export interface ContractSigning {
  provider: SigningProvider;
  /** The organisation's approved seal (PNG), or null when it has none. */
  orgSeal(db: Kysely<Database>, userId: number): Promise<Uint8Array | null>;
  /** The face check this user passed for signing this contract (consumes the one-time token); false if not. */
  faceChecked(db: Kysely<Database>, userId: number, token: string, now: number, contractId: number): Promise<boolean>;
}

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
      if (after.user_id !== null) await sendMessage(trx, { userId: Number(after.user_id), kind: 'contract', title: await contractMessageTitle(trx, id, '请签署合同'), content: `${me.name} 已签署${c.title}（${c.contract_code}），现在轮到您签署。`, link: `/usercenter/contract/sign?id=${id}`, at: now });
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
