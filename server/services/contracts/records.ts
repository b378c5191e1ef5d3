/**
 * 产权交易合同 (guide after-the-hammer.md step 4): the contract's rows and the gate every read and step
 * goes through. The lifecycle, one file a stage:
 *
 *   deal paid → drafting (draft.ts: from the lot type's template, filled from the deal; in markPaid's
 *   transaction; the principal parties edit the open fields, signatories.ts adds or removes signatories)
 *   → confirming (confirmation.ts: a principal party puts the draft to the parties) → every party confirms
 *   the same version → signing (the PDF of document.ts is frozen) → each signatory signs in order
 *   (signing.ts: face check, mark, SigningProvider) → signed → the exchange seals last (operator command)
 *   → sealed. views.ts answers the parties' reads and the operator's list.
 *
 * Every step is a conditional update on the expected state inside one transaction with its messages, so a
 * repeated or concurrent call changes nothing twice and an illegal step answers 409 in Chinese. Every read
 * and step is for a party of the contract only (asParty): anyone else gets 404, as if it did not exist.
 */
import type { Kysely, Selectable } from 'kysely';
import { lotTitle } from '#domain/rules/desk';
import { EXCHANGE_SIGNER_NAME } from '#domain/rules/esign';
import { CONTRACT_STATE_TEXT } from '#domain/rules/tradeContract';
import type { ContractState, OpenFieldKey } from '#domain/contract/tradeContract';
import type { Database } from '../../db/schema.ts';
import type { ContractPartyTable, ContractTable } from '../../db/tables/contracts.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { sendMessage } from '../user-centre/messages.ts';
import type { ContractFacts } from './templates.ts';

export const MSG_CONTRACT_NOT_FOUND = '合同不存在';
/** The exchange: the last signer (its seal), on its certificate and in its signature area. */
export const EXCHANGE_NAME = EXCHANGE_SIGNER_NAME;
/** The auth statuses of a verified account: only those may be a party. */
export const VERIFIED = [0, 1, 2];

export type ContractRow = Selectable<ContractTable>;
export type PartyRow = Selectable<ContractPartyTable>;

export const link = (id: number) => `/myContract?id=${id}`;
export const transition = (state: ContractState, what: string) => new BusinessError(409, `合同当前状态为「${CONTRACT_STATE_TEXT[state]}」，不能${what}`);

/** A contract message's title names its lot (「…」请签署合同): a user may sign several contracts at once. */
export async function contractMessageTitle(db: Kysely<Database>, contractId: number, base: string): Promise<string> {
  const c = await db.selectFrom('contract').select('facts').where('id', '=', contractId).executeTakeFirst();
  return lotTitle(base, c ? (JSON.parse(c.facts) as ContractFacts).assetsName : null);
}

export async function notifyParties(trx: Kysely<Database>, contractId: number, now: number, base: string, content: string, except?: number) {
  const title = await contractMessageTitle(trx, contractId, base);
  const parties = await trx.selectFrom('contract_party').select('user_id').where('contract_id', '=', contractId).where('user_id', 'is not', null).execute();
  const seen = new Set<number>();
  for (const p of parties) {
    const uid = Number(p.user_id);
    if (seen.has(uid) || uid === except) continue;
    seen.add(uid);
    await sendMessage(trx, { userId: uid, kind: 'contract', title, content, link: link(contractId), at: now });
  }
}

export async function partiesOf(db: Kysely<Database>, contractId: number): Promise<PartyRow[]> {
  return db.selectFrom('contract_party').selectAll().where('contract_id', '=', contractId).orderBy('sign_order').execute();
}

/** The contract and the viewer's party row; 404 to anyone who is not a party. */
export async function asParty(db: Kysely<Database>, userId: number, id: number): Promise<{ c: ContractRow; me: PartyRow; parties: PartyRow[] }> {
  const c = await db.selectFrom('contract').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound(MSG_CONTRACT_NOT_FOUND);
  const parties = await partiesOf(db, c.id);
  const me = parties.find((p) => p.user_id !== null && Number(p.user_id) === userId);
  if (!me) throw notFound(MSG_CONTRACT_NOT_FOUND);
  return { c, me, parties };
}

export const factsOf = (c: ContractRow) => JSON.parse(c.facts) as ContractFacts;
export const openOf = (c: ContractRow) => JSON.parse(c.open_fields) as Record<OpenFieldKey, string>;
export const nextSigner = (parties: PartyRow[]) => parties.find((p) => p.signed_at === null) ?? null;
