/**
 * After the run, over HTTP like everything else: once the lots have ended, their public bid records
 * (GET /api/dscq-sync/v1/bidding/record?activityId=) must hold every bid the tool was told was accepted,
 * with the same seq, amount and bid code, in a hash chain that recomputes (domain/rules/bidChain.ts
 * checkChain: nothing lost, inserted, changed or reordered) and ends at the head the exchange signed.
 */
import { createPublicKey, verify } from 'node:crypto';
import { BID_RECORD_PATH, type BidRecordAnswer } from '#domain/contract/bidReceipt';
import { checkChain, headSigningText } from '#domain/rules/bidChain';
import { api } from './prepare.ts';
import type { AcceptedBid } from './load.ts';

export interface RecordCheck {
  lots: number;
  /** Bids in the public records. */
  recorded: number;
  accepted: number;
  violations: string[];
  /** Not violations: what a reader should know (bids recorded whose answer never came back, lots not ended). */
  notes: string[];
}

/** Waits (up to `timeoutMs`) until every lot has ended: its public record answers (409 before the end). */
export async function waitForEnd(base: string, lotIds: readonly number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let open: number[] = [...lotIds];
  while (open.length > 0) {
    const ended = await Promise.all(open.map(async (id) => (await fetch(`${base}/api${BID_RECORD_PATH}?activityId=${id}`)).status === 200));
    open = open.filter((_, i) => !ended[i]);
    if (open.length === 0 || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return open;
}

export async function checkRecords(base: string, lotIds: readonly number[], accepted: readonly AcceptedBid[], stillOpen: readonly number[]): Promise<RecordCheck> {
  const violations: string[] = [];
  const notes: string[] = [];
  let recorded = 0;
  const byLot = new Map<number, AcceptedBid[]>();
  for (const a of accepted) byLot.set(a.activityId, [...(byLot.get(a.activityId) ?? []), a]);
  for (const id of lotIds) {
    if (stillOpen.includes(id)) {
      notes.push(`标的 ${id} 未在等待时间内结束，未核对其出价记录`);
      continue;
    }
    const record = await api<BidRecordAnswer>(base, 'GET', BID_RECORD_PATH, { activityId: id });
    recorded += record.bids.length;
    for (const b of checkChain(
      record.bids.map((r) => ({ activityId: id, seq: r.seq, bidCode: r.bidCode, amountFen: r.amountFen, serverTime: r.serverTime, prevHash: r.prevHash, hash: r.hash })),
      record.head.seq,
    ))
      violations.push(`标的 ${id}：${b.message}`);
    const last = record.bids.at(-1);
    if ((last?.hash ?? null) !== (record.head.seq === 0 ? null : record.head.hash) || (last?.seq ?? 0) !== record.head.seq) violations.push(`标的 ${id}：链头与最后一笔出价不符`);
    const key = createPublicKey({ key: Buffer.from(record.publicKey, 'base64'), format: 'der', type: 'spki' });
    if (!verify(null, Buffer.from(headSigningText({ activityId: id, ...record.head }), 'utf8'), key, Buffer.from(record.headSignature, 'base64'))) violations.push(`标的 ${id}：链头签名无效`);
    const bySeq = new Map(record.bids.map((r) => [r.seq, r]));
    const mine = byLot.get(id) ?? [];
    for (const a of mine) {
      const r = bySeq.get(a.seq);
      if (!r) violations.push(`标的 ${id}：成交应答的第 ${a.seq} 笔出价不在出价记录中`);
      else if (r.amountFen !== a.amountFen || r.bidCode !== a.bidCode) violations.push(`标的 ${id}：第 ${a.seq} 笔出价与成交应答不符（记录 ${r.amountFen} 分 ${r.bidCode}，应答 ${a.amountFen} 分 ${a.bidCode}）`);
    }
    if (new Set(mine.map((a) => a.seq)).size !== mine.length) violations.push(`标的 ${id}：两个成交应答的序号相同`);
    const extra = record.bids.length - mine.length;
    if (extra > 0) notes.push(`标的 ${id}：记录中有 ${extra} 笔出价没有收到成交应答（超时或连接中断的出价，服务器已受理）`);
  }
  return { lots: lotIds.length - stillOpen.length, recorded, accepted: accepted.length, violations, notes };
}
