/**
 * `npm run ops -- bidlog verify [activityId]` (docs/bidding.md "The bid record"): recomputes every
 * activity's hash chain from the database (domain/rules/bidChain.ts `checkChain`) and names each break —
 * a changed amount (or bid code, time), a deleted or inserted bid, a reordering — by activity and seq.
 * An ended activity's RFC 3161 timestamp (bid_record_stamp) is checked too: the token's signature against
 * the TSA certificate, and its imprint against the head recomputed from the bids — so even a chain rewritten
 * consistently after the end (every hash recomputed, the count adjusted) shows.
 * Read-only; one activity at a time, so a large database is never read whole into memory.
 */
import type { Kysely } from 'kysely';
import { X509Certificate } from 'node:crypto';
import { bidChainHash, checkChain, GENESIS_HASH, type ChainBreak } from '#domain/rules/bidChain';
import type { Database } from '../db/schema.ts';
import { notFound } from '../lib/envelope.ts';
import { headImprint } from './stamps.ts';
import { checkTimeStampToken } from './timestamp.ts';

export interface ActivityChainReport {
  activityId: number;
  activityCode: string;
  bids: number;
  /** The last bid's hash as stored (GENESIS_HASH with no bid). */
  head: string;
  breaks: ChainBreak[];
  /** Whether the activity has ended (its head is then stamped, or waits for the stamping job). */
  ended: boolean;
  /** The head's timestamp as checked (null: none taken yet). */
  stamp: { genTime: number; tsa: string } | null;
  /** What is wrong with the timestamp (Chinese, for operators); empty when it holds. */
  stampProblems: string[];
}

/** The head the stored bids give when each hash is recomputed from its fields and the recomputed hash before it. */
function recomputedHead(activityId: number, bids: readonly { seq: number; bidCode: string; amountFen: number; serverTime: number }[]) {
  let hash = GENESIS_HASH;
  for (const b of bids) hash = bidChainHash({ activityId, seq: b.seq, bidCode: b.bidCode, amountFen: b.amountFen, serverTime: b.serverTime, prevHash: hash });
  return { seq: bids.at(-1)?.seq ?? 0, hash };
}

const short = (hash: string) => `${hash.slice(0, 12)}…`;

/** The timestamp's problems: the token against its certificate (and, for the installation's TSA, the certificate against the e-sign root), its imprint against the recomputed head. */
function stampProblems(
  stamp: { head_seq: number; head_hash: string; imprint: string; gen_time: number; token: string; certificate: string; source: string },
  activityId: number,
  head: { seq: number; hash: string },
  root: X509Certificate | null,
): string[] {
  let check;
  try {
    check = checkTimeStampToken(Buffer.from(stamp.token, 'base64'), Buffer.from(stamp.certificate, 'base64'));
  } catch (error) {
    return [`时间戳令牌无法读取（${(error as Error).message}）`];
  }
  const problems: string[] = [];
  if (!check.valid) problems.push(`时间戳令牌无效：${check.problem}`);
  if (stamp.source === 'local' && root) {
    const cert = new X509Certificate(Buffer.from(stamp.certificate, 'base64'));
    if (!cert.checkIssued(root) || !cert.verify(root.publicKey)) problems.push('时间戳的证书不是本机构电子签章认证中心签发的时间戳服务证书');
  }
  if (check.imprint !== stamp.imprint || Number(stamp.gen_time) !== check.genTime) problems.push('时间戳记录的摘要或时间与令牌不符（时间戳记录被改动）');
  const expected = headImprint({ activityId, ...head }).toString('hex');
  if (check.imprint !== expected) {
    problems.push(
      `时间戳所盖的链头（第 ${Number(stamp.head_seq)} 笔，${short(stamp.head_hash)}）与由出价重算的链头（第 ${head.seq} 笔，${short(head.hash)}）不符：盖时间戳后出价被改动、删除、插入或调换`,
    );
  }
  return problems;
}

export async function verifyBidChains(db: Kysely<Database>, activityId?: number): Promise<ActivityChainReport[]> {
  let query = db.selectFrom('bid_activity').select(['id', 'activity_code', 'bid_count', 'status']).orderBy('id');
  if (activityId !== undefined) query = query.where('id', '=', activityId);
  const activities = await query.execute();
  if (activityId !== undefined && activities.length === 0) throw notFound('竞价活动不存在');
  const rootRow = await db.selectFrom('esign_ca').select('cert_pem').where('name', '=', 'root').executeTakeFirst();
  const root = rootRow ? new X509Certificate(rootRow.cert_pem) : null;
  const reports: ActivityChainReport[] = [];
  for (const a of activities) {
    const id = Number(a.id);
    const rows = await db
      .selectFrom('bid')
      .select(['seq', 'bid_code', 'amount_fen', 'placed_at', 'prev_hash', 'hash'])
      .where('activity_id', '=', id)
      .orderBy('seq')
      .orderBy('id')
      .execute();
    const bids = rows.map((r) => ({
      activityId: id,
      seq: Number(r.seq),
      bidCode: r.bid_code,
      amountFen: Number(r.amount_fen),
      serverTime: Number(r.placed_at),
      prevHash: r.prev_hash,
      hash: r.hash,
    }));
    const stamp = await db.selectFrom('bid_record_stamp').selectAll().where('activity_id', '=', id).executeTakeFirst();
    reports.push({
      activityId: id,
      activityCode: a.activity_code,
      bids: bids.length,
      head: bids.at(-1)?.hash ?? GENESIS_HASH,
      breaks: checkChain(bids, Number(a.bid_count)),
      ended: a.status === 'ended',
      stamp: stamp ? { genTime: Number(stamp.gen_time), tsa: stamp.tsa } : null,
      stampProblems: stamp ? stampProblems(stamp, id, recomputedHead(id, bids), root) : [],
    });
  }
  return reports;
}
