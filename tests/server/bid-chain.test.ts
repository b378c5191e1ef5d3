/**
 * The bid record (docs/bidding.md "The bid record") against the real database (SQLite; PostgreSQL when
 * TEST_DATABASE_URL is set): every accepted bid is chained (prev_hash → hash, domain/rules/bidChain.ts)
 * in an open and a sealed mode; the bid answer's receipt verifies with the exchange's public key (a sealed
 * offer's receipt signs the hash, not the amount); the bidder lists only his own receipts; the public
 * record is refused before the end and signed after it; migration 0021's back-fill gives the engine's
 * hashes; `bidlog verify` passes on the demo and names each kind of tampering done by hand.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_RECEIPTS_PATH, BID_RECORD_PATH } from '#domain/contract/bidReceipt';
import { bidChainHash, GENESIS_HASH } from '#domain/rules/bidChain';
import { verifyReceipt, verifyRecordHead } from '../../server/bidding/receipts.ts';
import { backfillBidChain } from '../../server/db/migrations/0021_bid_chain.ts';
import { bidlogCommands } from '../../server/ops/commands/bidlog.ts';
import type { OpsContext } from '../../server/ops/commands/shared.ts';
import { BusinessError } from '../../server/lib/envelope.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let keySeq = 0;
const key = () => `chain-key-${process.pid}-${++keySeq}`;
const BIDDERS = ['bidder01', 'bidder02', 'bidder03', 'bidder04', 'bidder05'];

async function bid(user: string, activityId: number, amountFen: number, mode = 'ongoing') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dscq-sync/v1/bidding/${mode}/bid`,
    query: { activityId: String(activityId), amount: (amountFen / 100).toFixed(2), idempotencyKey: key() },
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

async function get(url: string, query: Record<string, string | number>, user?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: user ? { authorization: `Bearer ${tokens[user]}` } : {},
  });
  return { status: res.statusCode, body: res.json() as Json };
}

const db = () => t.handle.db;

async function chainRows(activityId: number) {
  return db().selectFrom('bid').select(['seq', 'bid_code', 'amount_fen', 'placed_at', 'prev_hash', 'hash', 'sealed']).where('activity_id', '=', activityId).orderBy('seq').execute();
}

/** Every row's hash is the recomputation of its fields, and each prev_hash the hash before it. */
async function expectChained(activityId: number) {
  const rows = await chainRows(activityId);
  let prev = GENESIS_HASH;
  for (const r of rows) {
    expect(r.prev_hash, `seq ${r.seq} links`).toBe(prev);
    expect(r.hash).toBe(bidChainHash({ activityId, seq: Number(r.seq), bidCode: r.bid_code, amountFen: Number(r.amount_fen), serverTime: Number(r.placed_at), prevHash: prev }));
    prev = r.hash!;
  }
  return rows;
}

async function verify(activityId?: number) {
  const lines: string[] = [];
  const ctx: OpsContext = { db: db(), config: {} as OpsContext['config'], print: (l) => lines.push(l), now: () => t.clock.now, reviewer: 'ops:test', notifyChannel: null };
  let error: unknown = null;
  try {
    await bidlogCommands.run(ctx, 'bidlog', activityId === undefined ? ['verify'] : ['verify', String(activityId)]);
  } catch (e) {
    error = e;
  }
  return { lines, error, text: lines.join('\n') };
}

/** The bid table's append-only triggers off, as someone with database access would do to tamper. */
async function liftAppendOnly() {
  if (DIALECT === 'postgres') await sql`alter table bid disable trigger bid_no_change`.execute(db() as Kysely<unknown>);
  else {
    await sql`drop trigger if exists bid_no_update`.execute(db() as Kysely<unknown>);
    await sql`drop trigger if exists bid_no_delete`.execute(db() as Kysely<unknown>);
  }
}

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of BIDDERS) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
    userIds[user] = Number((await db().selectFrom('app_user').select('id').where('login_name', '=', user).executeTakeFirstOrThrow()).id);
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the bid record', () => {
  let ongoingId = 0;
  const answers: Json[] = [];

  it('chains every accepted bid of an open auction and signs a receipt the public key verifies', async () => {
    const a = await db()
      .selectFrom('bid_activity')
      .selectAll()
      .where('status', '=', 'live')
      .where('mode', '=', 'ongoing')
      .where('bid_count', '=', 0)
      .where('end_at', '>', t.clock.now + 3_600_000)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    ongoingId = Number(a.id);
    const start = Number(a.start_price_fen);
    const inc = Number(a.increment_fen);
    for (const [i, user] of ['bidder01', 'bidder02', 'bidder01'].entries()) {
      t.clock.now += 1000;
      const r = await bid(user, ongoingId, start + i * inc);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      answers.push(r.body.data);
    }
    const rows = await expectChained(ongoingId);
    expect(rows.map((r) => Number(r.sealed))).toEqual([0, 0, 0]);
    const keyAnswer = await get(BID_RECEIPTS_PATH, { activityId: ongoingId }, 'bidder01');
    expect(keyAnswer.status).toBe(200);
    const { publicKey, keyId } = keyAnswer.body.data;
    answers.forEach((answer, i) => {
      const { receipt } = answer;
      expect(receipt.algorithm).toBe('Ed25519');
      expect(receipt.keyId).toBe(keyId);
      expect(receipt.signed).toEqual({ activityId: ongoingId, seq: i + 1, bidCode: answer.bidCode, amount: answer.amount, serverTime: answer.time, hash: rows[i]!.hash, prevHash: rows[i]!.prev_hash, sealed: false });
      expect(verifyReceipt(publicKey, receipt)).toBe(true);
      // Any signed field changed: the signature no longer verifies.
      expect(verifyReceipt(publicKey, { ...receipt, signed: { ...receipt.signed, amount: receipt.signed.amount + 1 } })).toBe(false);
    });
  });

  it('lists only the bidder’s own receipts, the same as the answers carried; needs a login and a valid id', async () => {
    const mine = await get(BID_RECEIPTS_PATH, { activityId: ongoingId }, 'bidder01');
    expect(mine.body.data.receipts).toEqual([answers[0].receipt, answers[2].receipt]);
    const theirs = await get(BID_RECEIPTS_PATH, { activityId: ongoingId }, 'bidder02');
    expect(theirs.body.data.receipts).toEqual([answers[1].receipt]);
    expect((await get(BID_RECEIPTS_PATH, { activityId: ongoingId }, 'bidder03')).body.data.receipts).toEqual([]);
    expect((await get(BID_RECEIPTS_PATH, { activityId: ongoingId })).status).toBe(401);
    const bad = await get(BID_RECEIPTS_PATH, { activityId: 'x' }, 'bidder01');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/activityId/);
    expect((await get(BID_RECEIPTS_PATH, { activityId: 99_999_999 }, 'bidder01')).status).toBe(404);
  });

  it('a sealed offer is chained too, and its receipt signs the hash, not the amount', async () => {
    const candidates = await db()
      .selectFrom('bid_activity')
      .selectAll()
      .where('status', '=', 'live')
      .where('mode', '=', 'onceOff')
      .where('end_at', '>', t.clock.now + 600_000)
      .orderBy('bid_count')
      .orderBy('id')
      .execute();
    const a = candidates[0]!;
    const id = Number(a.id);
    const already = new Set((await db().selectFrom('bid').select('user_id').where('activity_id', '=', id).execute()).map((r) => Number(r.user_id)));
    const free = BIDDERS.filter((u) => !already.has(userIds[u]!));
    expect(free.length).toBeGreaterThan(0);
    const before = Number(a.bid_count);
    const amountFen = Number(a.start_price_fen) + 3 * Number(a.increment_fen);
    t.clock.now += 1000;
    const r = await bid(free[0]!, id, amountFen, 'onceOff');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await expectChained(id);
    const row = rows.at(-1)!;
    expect(Number(row.seq)).toBe(before + 1);
    expect(Number(row.sealed)).toBe(1);
    const { receipt } = r.body.data;
    expect(receipt.signed.sealed).toBe(true);
    // Nor the previous offer's hash: it commits to another bidder's sealed amount.
    expect(receipt.signed.prevHash).toBeNull();
    expect(receipt.signed.amount).toBeNull();
    expect(JSON.stringify(receipt)).not.toContain(String(amountFen / 100));
    expect(receipt.signed.hash).toBe(row.hash);
    // The hash commits to the amount: once the record shows the previous hash, the bidder (who knows his amount) recomputes it.
    expect(bidChainHash({ activityId: id, seq: before + 1, bidCode: r.body.data.bidCode, amountFen, serverTime: receipt.signed.serverTime, prevHash: row.prev_hash! })).toBe(receipt.signed.hash);
    const listed = await get(BID_RECEIPTS_PATH, { activityId: id }, free[0]!);
    expect(verifyReceipt(listed.body.data.publicKey, listed.body.data.receipts[0])).toBe(true);
    expect(listed.body.data.receipts[0]).toEqual(receipt);
  });

  it('the public record is refused before the end and signed after it', async () => {
    const early = await get(BID_RECORD_PATH, { activityId: ongoingId });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('竞价尚未结束，出价记录在竞价结束后公开');
    expect((await get(BID_RECORD_PATH, { activityId: 99_999_999 })).status).toBe(404);

    const ended = await db().selectFrom('bid_activity').select(['id', 'end_at']).where('id', '=', ongoingId).executeTakeFirstOrThrow();
    const saved = t.clock.now;
    t.clock.now = Number(ended.end_at) + 5_000;
    await t.app.live.sweep();
    t.clock.now = saved;
    const record = await get(BID_RECORD_PATH, { activityId: ongoingId });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    const data = record.body.data;
    const rows = await chainRows(ongoingId);
    expect(data.bids.map((b: Json) => [b.seq, b.bidCode, b.amountFen, b.serverTime, b.prevHash, b.hash])).toEqual(
      rows.map((r) => [Number(r.seq), r.bid_code, Number(r.amount_fen), Number(r.placed_at), r.prev_hash, r.hash]),
    );
    expect(data.head).toEqual({ seq: 3, hash: rows[2]!.hash });
    expect(verifyRecordHead(data)).toBe(true);
    expect(verifyRecordHead({ ...data, head: { ...data.head, seq: 2 } })).toBe(false);
    expect(data.publicKey).toBe((await get(BID_RECEIPTS_PATH, { activityId: ongoingId }, 'bidder01')).body.data.publicKey);
  });

  it('migration 0021 back-fills exactly the hashes the engine wrote', async () => {
    const before = await db().selectFrom('bid').select(['id', 'prev_hash', 'hash', 'sealed']).orderBy('id').execute();
    expect(before.every((r) => r.hash !== null)).toBe(true);
    await liftAppendOnly();
    await db().updateTable('bid').set({ prev_hash: null, hash: null, sealed: 0 }).execute();
    expect((await verify()).error).toBeInstanceOf(BusinessError);
    await backfillBidChain(db() as Kysely<unknown>);
    if (DIALECT === 'postgres') await sql`alter table bid enable trigger bid_no_change`.execute(db() as Kysely<unknown>);
    const after = await db().selectFrom('bid').select(['id', 'prev_hash', 'hash', 'sealed']).orderBy('id').execute();
    expect(after).toEqual(before);
    // The table is append-only again.
    await expect(db().updateTable('bid').set({ amount_fen: 1 }).where('activity_id', '=', ongoingId).execute()).rejects.toThrow(/append-only/);
  });

  it('bidlog verify passes on the demo and names every tampering: a changed amount, a deleted bid, two swapped seqs', async () => {
    const clean = await verify();
    expect(clean.error, clean.text).toBeNull();
    expect(clean.text).toMatch(/出价记录校验通过：\d+ 个竞价活动、\d+ 笔出价，哈希链完整/);
    const one = await verify(ongoingId);
    expect(one.text).toContain(`竞价活动 #${ongoingId}`);
    expect(one.text).toContain('3 笔出价，哈希链完整');

    const withBids = await db().selectFrom('bid_activity').select(['id', 'activity_code']).where('bid_count', '>=', 3).orderBy('id').limit(4).execute();
    expect(withBids.length).toBe(4);
    const [changed, deleted, swapped, appended] = withBids.map((a) => Number(a.id)) as [number, number, number, number];
    await liftAppendOnly();
    await db().updateTable('bid').set((eb) => ({ amount_fen: eb('amount_fen', '+', 100) })).where('activity_id', '=', changed).where('seq', '=', 2).execute();
    await db().deleteFrom('bid').where('activity_id', '=', deleted).where('seq', '=', 2).execute();
    await db().updateTable('bid').set({ seq: -1 }).where('activity_id', '=', swapped).where('seq', '=', 2).execute();
    await db().updateTable('bid').set({ seq: 2 }).where('activity_id', '=', swapped).where('seq', '=', 3).execute();
    await db().updateTable('bid').set({ seq: 3 }).where('activity_id', '=', swapped).where('seq', '=', -1).execute();
    // A bid inserted at the end with a well-formed link: the activity's own count gives it away.
    const last = await db().selectFrom('bid').selectAll().where('activity_id', '=', appended).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    const seq = Number(last.seq) + 1;
    const forged = { activityId: appended, seq, bidCode: last.bid_code, amountFen: Number(last.amount_fen) + 100, serverTime: Number(last.placed_at) + 1, prevHash: last.hash! };
    await db()
      .insertInto('bid')
      .values({ activity_id: appended, seq, user_id: last.user_id, bid_code: last.bid_code, amount_fen: forged.amountFen, placed_at: forged.serverTime, idempotency_key: 'forged-bid', prev_hash: last.hash, hash: bidChainHash(forged) })
      .execute();

    const result = await verify();
    expect(result.error).toBeInstanceOf(BusinessError);
    expect((result.error as Error).message).toMatch(/出价记录校验未通过：4 个竞价活动/);
    const linesOf = (id: number) => result.lines.filter((l) => l.startsWith(`竞价活动 #${id}（`)).join('\n');
    expect(linesOf(changed)).toMatch(/第 2 笔：第 2 笔出价的内容（金额、竞买号或时间）与其哈希不符（被修改）/);
    expect(linesOf(changed)).not.toMatch(/第 [13] 笔/);
    expect(linesOf(deleted)).toMatch(/第 2 笔：缺少第 2 笔出价（被删除）/);
    expect(linesOf(deleted)).toMatch(/与竞价活动的出价次数 \d+ 不符/);
    expect(linesOf(swapped)).toMatch(/第 2 笔：第 2 笔出价的次序被改动（原为第 3 笔）/);
    expect(linesOf(swapped)).toMatch(/第 3 笔：第 3 笔出价的次序被改动（原为第 2 笔）/);
    expect(linesOf(appended)).toMatch(/与竞价活动的出价次数 \d+ 不符（出价被删除或插入）/);
    // One activity at a time, too.
    expect((await verify(changed)).error).toBeInstanceOf(BusinessError);
  });
});
