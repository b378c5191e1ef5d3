/**
 * The bid record's hash chain (docs/bidding.md "The bid record"), defined once for the server, the worker
 * and the browser: every accepted bid's `hash` is SHA-256 over the canonical serialisation of
 * {activityId, seq, bidCode, amountFen, serverTime, prevHash}, where prevHash is the previous bid's hash in
 * the activity (GENESIS_HASH for seq 1). Changing an amount, deleting, inserting or reordering a bid
 * breaks the chain from there on.
 *
 * Canonical serialisation: JSON with the keys in alphabetical order, integers as JSON numbers (safe
 * integers only), strings as JSON strings, no white space; hashed as its UTF-8 bytes. The receipt's signed
 * text (`receiptSigningText`) and the record head's (`headSigningText`) follow the same rule.
 *
 * Pure: a small SHA-256 of its own (no Node or DOM API), so every runtime computes the same bytes.
 */

import type { BidReceiptFields } from '../contract/bidReceipt';

export type { BidReceiptFields };

/** prevHash of an activity's first bid. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a bid's hash covers. */
export interface BidChainFields {
  activityId: number;
  seq: number;
  bidCode: string;
  amountFen: number;
  /** The server's receipt time of the bid, epoch ms. */
  serverTime: number;
  /** The previous bid's hash (hex), GENESIS_HASH for seq 1. */
  prevHash: string;
}

type Canonical = string | number | boolean | null | { readonly [key: string]: Canonical };

/** JSON with sorted keys and no white space; only safe integers as numbers. */
export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`canonicalJson: ${value} is not a safe integer`);
    return String(value);
  }
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}

/** The exact text hashed for one bid. */
export function bidChainText(f: BidChainFields): string {
  return canonicalJson({ activityId: f.activityId, amountFen: f.amountFen, bidCode: f.bidCode, prevHash: f.prevHash, seq: f.seq, serverTime: f.serverTime });
}

/** The bid's hash, lower-case hex. */
export function bidChainHash(f: BidChainFields): string {
  return sha256Hex(bidChainText(f));
}

/** One stored bid as the chain check reads it. */
export interface ChainedBid extends Omit<BidChainFields, 'prevHash'> {
  prevHash: string | null;
  hash: string | null;
}

export type ChainBreakKind = 'missing_hash' | 'changed' | 'reordered' | 'gap' | 'link' | 'count';

export interface ChainBreak {
  kind: ChainBreakKind;
  /** The bid's sequence number where the break shows (for 'count': the activity's own count). */
  seq: number;
  /** Chinese, for operators. */
  message: string;
}

/**
 * Checks one activity's stored bids (any order; sorted here by seq) against the chain and against the
 * activity's own bid count: each hash must be the recomputation of its fields, each prevHash the
 * previous bid's hash, the seqs 1…n without gaps, n = the activity's count.
 */
export function checkChain(bids: readonly ChainedBid[], activityBidCount: number): ChainBreak[] {
  const sorted = [...bids].sort((a, b) => a.seq - b.seq);
  const breaks: ChainBreak[] = [];
  let expectedPrev = GENESIS_HASH;
  let expectedSeq = 1;
  for (const b of sorted) {
    if (b.seq !== expectedSeq) {
      if (b.seq > expectedSeq) {
        const missing = b.seq - 1 === expectedSeq ? `第 ${expectedSeq} 笔` : `第 ${expectedSeq}–${b.seq - 1} 笔`;
        breaks.push({ kind: 'gap', seq: expectedSeq, message: `缺少${missing}出价（被删除）` });
      } else {
        breaks.push({ kind: 'gap', seq: b.seq, message: `第 ${b.seq} 笔出价重复（有出价被插入）` });
      }
    }
    expectedSeq = b.seq + 1;
    if (b.hash === null || b.prevHash === null) {
      breaks.push({ kind: 'missing_hash', seq: b.seq, message: `第 ${b.seq} 笔出价没有哈希` });
      expectedPrev = b.hash ?? '';
      continue;
    }
    const recomputed = bidChainHash({ ...b, prevHash: b.prevHash });
    if (recomputed !== b.hash) {
      // Its stored hash fits its fields under another seq: the two were swapped (reordered).
      const other = sorted.find((o) => o !== b && bidChainHash({ ...b, seq: o.seq, prevHash: b.prevHash! }) === b.hash);
      breaks.push(
        other
          ? { kind: 'reordered', seq: b.seq, message: `第 ${b.seq} 笔出价的次序被改动（原为第 ${other.seq} 笔）` }
          : { kind: 'changed', seq: b.seq, message: `第 ${b.seq} 笔出价的内容（金额、竞买号或时间）与其哈希不符（被修改）` },
      );
    } else if (b.prevHash !== expectedPrev) {
      breaks.push({
        kind: 'link',
        seq: b.seq,
        message: b.seq === 1 ? '第 1 笔出价的前一哈希不是链的起点' : `第 ${b.seq} 笔出价的前一哈希与前一笔不符（其间有出价被删除、插入或调换）`,
      });
    }
    expectedPrev = b.hash;
  }
  const last = sorted.length === 0 ? 0 : sorted[sorted.length - 1]!.seq;
  if (last !== activityBidCount || sorted.length !== activityBidCount) {
    breaks.push({ kind: 'count', seq: activityBidCount, message: `出价记录 ${sorted.length} 笔（最大序号 ${last}），与竞价活动的出价次数 ${activityBidCount} 不符（出价被删除或插入）` });
  }
  return breaks;
}

// ------------------------------------------------------------------ receipts and the record's head

/** The exact text a receipt's signature covers (UTF-8). Yuan amounts are given in fen to stay integers. */
export function receiptSigningText(f: BidReceiptFields): string {
  return canonicalJson({
    activityId: f.activityId,
    amountFen: f.amount === null ? null : Math.round(f.amount * 100),
    bidCode: f.bidCode,
    hash: f.hash,
    prevHash: f.prevHash,
    sealed: f.sealed,
    seq: f.seq,
    serverTime: f.serverTime,
  });
}

/** The record's head as signed: the activity, its last seq and that bid's hash (GENESIS_HASH with no bid). */
export function headSigningText(head: { activityId: number; seq: number; hash: string }): string {
  return canonicalJson({ activityId: head.activityId, hash: head.hash, seq: head.seq });
}

// ------------------------------------------------------------------ SHA-256 (FIPS 180-4)

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
  0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
  0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** UTF-8 bytes of a string (no TextEncoder needed). */
function utf8(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** SHA-256 of the UTF-8 bytes of `text`, lower-case hex. */
export function sha256Hex(text: string): string {
  const bytes = utf8(text);
  const bitLength = bytes.length * 8;
  bytes.push(0x80);
  while (bytes.length % 64 !== 56) bytes.push(0);
  const high = Math.floor(bitLength / 0x100000000);
  for (const word of [high, bitLength >>> 0]) bytes.push((word >>> 24) & 255, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < bytes.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = (bytes[off + 4 * i]! << 24) | (bytes[off + 4 * i + 1]! << 16) | (bytes[off + 4 * i + 2]! << 8) | bytes[off + 4 * i + 3]!;
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + hh;
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, '0')).join('');
}
