/**
 * Bid receipts and the public bid record (docs/bidding.md "The bid record"). The exchange signs each
 * accepted bid's receipt — {activityId, seq, bidCode, amount, serverTime, hash, prevHash, sealed}; for a
 * sealed offer the amount is left out and the hash (which covers it) is the commitment — and an ended
 * activity's chain head, with an Ed25519 key generated once per install and kept with the other install
 * secrets (`install_secret`, name `bid_receipt_ed25519`: PKCS#8 PEM), so every process signs with the same
 * key. Ed25519 is deterministic: a receipt listed later is byte-for-byte the one the bid answer carried.
 *
 * Whoever reads the database can sign as the exchange (as with the e-sign CA, services/esign/ca.ts); a
 * deployment that needs more keeps the key in an HSM.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import { GENESIS_HASH, headSigningText, receiptSigningText, type BidReceiptFields } from '#domain/rules/bidChain';
import { RECEIPT_ALGORITHM, type BidReceipt, type BidReceiptsAnswer, type BidRecordAnswer } from '#domain/contract/bidReceipt';
import { fenToYuan } from '#domain/rules/money';
import type { Database } from '../db/schema.ts';
import { BusinessError, notFound } from '../lib/envelope.ts';
import { stored } from '../services/accounts/secrets.ts';
import { recordTimestamp } from './stamps.ts';

export const RECEIPT_MESSAGES = {
  noActivity: '竞价活动不存在',
  notEnded: '竞价尚未结束，出价记录在竞价结束后公开',
} as const;

/** The exchange's receipt key: signs receipts and record heads. */
export interface ReceiptSigner {
  keyId: string;
  /** SPKI DER, base64. */
  publicKey: string;
  sign(text: string): string;
}

export function receiptSigner(privateKey: KeyObject): ReceiptSigner {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('出价凭证签名密钥不是 Ed25519 私钥');
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return {
    keyId: createHash('sha256').update(spki).digest('hex').slice(0, 16),
    publicKey: spki.toString('base64'),
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}

/** The install's receipt key (generated on first use, race-free, shared by every process on the database). */
export async function loadReceiptSigner(db: Kysely<Database>, now: number = Date.now()): Promise<ReceiptSigner> {
  const pem = await stored(db, 'bid_receipt_ed25519', () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), now);
  return receiptSigner(createPrivateKey(pem));
}

/** Signs one receipt. */
export function signReceipt(signer: ReceiptSigner, signed: BidReceiptFields): BidReceipt {
  return { algorithm: RECEIPT_ALGORITHM, keyId: signer.keyId, signature: signer.sign(receiptSigningText(signed)), signed };
}

/** Checks a receipt against a public key (SPKI DER base64): what a bidder or an auditor does. */
export function verifyReceipt(publicKey: string, receipt: Pick<BidReceipt, 'signature' | 'signed'>): boolean {
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  return verify(null, Buffer.from(receiptSigningText(receipt.signed), 'utf8'), key, Buffer.from(receipt.signature, 'base64'));
}

/** Checks a record's head signature. */
export function verifyRecordHead(record: Pick<BidRecordAnswer, 'activityId' | 'head' | 'publicKey' | 'headSignature'>): boolean {
  const key = createPublicKey({ key: Buffer.from(record.publicKey, 'base64'), format: 'der', type: 'spki' });
  return verify(null, Buffer.from(headSigningText({ activityId: record.activityId, ...record.head }), 'utf8'), key, Buffer.from(record.headSignature, 'base64'));
}

/** The receipt fields of a stored (or just written) bid. */
export function receiptFields(b: { activityId: number; seq: number; bidCode: string; amountFen: number; serverTime: number; hash: string; prevHash: string; sealed: boolean }): BidReceiptFields {
  return {
    activityId: b.activityId,
    seq: b.seq,
    bidCode: b.bidCode,
    amount: b.sealed ? null : fenToYuan(b.amountFen),
    serverTime: b.serverTime,
    hash: b.hash,
    // Not in a sealed receipt (domain/contract/bidReceipt.ts): it would commit to the offer before this one.
    prevHash: b.sealed ? null : b.prevHash,
    sealed: b.sealed,
  };
}

/** The bidder's own receipts in an activity (seq order); an activity he has no bid in gives an empty list. */
export async function listReceipts(db: Kysely<Database>, signer: ReceiptSigner, activityId: number, userId: number): Promise<BidReceiptsAnswer> {
  const activity = await db.selectFrom('bid_activity').select('id').where('id', '=', activityId).executeTakeFirst();
  if (!activity) throw notFound(RECEIPT_MESSAGES.noActivity);
  const rows = await db
    .selectFrom('bid')
    .select(['seq', 'bid_code', 'amount_fen', 'placed_at', 'prev_hash', 'hash', 'sealed'])
    .where('activity_id', '=', activityId)
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
  const receipts = rows
    .filter((r) => r.hash !== null && r.prev_hash !== null)
    .map((r) =>
      signReceipt(
        signer,
        receiptFields({ activityId, seq: Number(r.seq), bidCode: r.bid_code, amountFen: Number(r.amount_fen), serverTime: Number(r.placed_at), hash: r.hash!, prevHash: r.prev_hash!, sealed: Number(r.sealed) === 1 }),
      ),
    );
  return { activityId, keyId: signer.keyId, publicKey: signer.publicKey, receipts };
}

/** An ended activity's bid record with its signed head and its timestamp (null until taken); before the end a 409 (nothing is revealed). */
export async function bidRecord(db: Kysely<Database>, signer: ReceiptSigner, activityId: number): Promise<BidRecordAnswer> {
  const a = await db.selectFrom('bid_activity').select(['id', 'activity_code', 'mode', 'status', 'outcome', 'end_at']).where('id', '=', activityId).executeTakeFirst();
  if (!a) throw notFound(RECEIPT_MESSAGES.noActivity);
  if (a.status !== 'ended') throw new BusinessError(409, RECEIPT_MESSAGES.notEnded);
  const rows = await db.selectFrom('bid').select(['seq', 'bid_code', 'amount_fen', 'placed_at', 'prev_hash', 'hash', 'proxy']).where('activity_id', '=', activityId).orderBy('seq').execute();
  const bids = rows.map((r) => ({
    seq: Number(r.seq),
    bidCode: r.bid_code,
    amount: fenToYuan(Number(r.amount_fen)),
    amountFen: Number(r.amount_fen),
    serverTime: Number(r.placed_at),
    prevHash: r.prev_hash ?? '',
    hash: r.hash ?? '',
    ...(Number(r.proxy) === 1 ? { proxy: true as const } : {}),
  }));
  const last = bids.at(-1);
  const head = { seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH };
  return {
    activityId,
    activityCode: a.activity_code,
    mode: a.mode,
    outcome: a.outcome,
    endTime: Number(a.end_at),
    bids,
    head,
    algorithm: RECEIPT_ALGORITHM,
    keyId: signer.keyId,
    publicKey: signer.publicKey,
    headSignature: signer.sign(headSigningText({ activityId, ...head })),
    timestamp: await recordTimestamp(db, activityId),
  };
}
