/**
 * Group commit (server/bidding/engine.ts): bids that arrive together share one transaction, each still
 * decided alone and in arrival order under its activity's lock, each answered only after the commit.
 * Driven through placeBid directly, so the bids really arrive in one tick. SQLite; PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBid, type EngineDeps, type PlaceBidInput } from '../../server/bidding/engine.ts';
import { replayActivity } from '../../server/bidding/replay.ts';
import { createActivity, demoBidderIds, freshKey, type ActivitySpec } from './bidding-fixtures.ts';
import { createTestApp, DIALECT, NOW, type TestApp } from './helpers.ts';

let t: TestApp;
let engine: EngineDeps;
let users: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  engine = t.app.live.engine;
  users = await demoBidderIds(t.handle.db);
}, 60_000);

afterAll(async () => t?.close());

const spec = (): ActivitySpec => ({
  mode: 'ongoing',
  startAt: NOW - 60_000,
  endAt: NOW + 3_600_000,
  startFen: 1_000_000,
  incrementFen: 10_000,
  windowMs: 0,
  extensionMs: 0,
  bidders: users.map((userId) => ({ userId, rank: null })),
});

const input = (over: Partial<PlaceBidInput> & Pick<PlaceBidInput, 'userId' | 'activityId' | 'amountFen'>): PlaceBidInput => ({
  mode: 'ongoing',
  idempotencyKey: freshKey(),
  receivedAt: NOW,
  ip: '127.0.0.1',
  ...over,
});

async function bidsOf(activityId: number) {
  return t.handle.db.selectFrom('bid').select(['seq', 'user_id', 'amount_fen', 'idempotency_key']).where('activity_id', '=', activityId).orderBy('seq').execute();
}

describe(`group commit on ${DIALECT}`, () => {
  it('decides bids sent in one tick in arrival order: rising amounts on one lot are all accepted, in order', async () => {
    const id = await createActivity(t.handle.db, spec());
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => placeBid(engine, input({ userId: users[i % 2]!, activityId: id, amountFen: 1_000_000 + i * 10_000 }))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.map((a) => a.body.data?.seq)).toEqual(answers.map((_, i) => i + 1));
    const bids = await bidsOf(id);
    expect(bids.map((b) => b.amount_fen)).toEqual(answers.map((_, i) => 1_000_000 + i * 10_000));
    const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ bid_count: 12, current_price_fen: 1_110_000, leader_user_id: users[1] });
    expect(await replayActivity(t.handle.db, id)).toMatchObject({ count: 12, priceFen: 1_110_000 });
    // Eleven outbid messages, each to the leader of the moment.
    const outbid = await t.handle.db.selectFrom('message').select('user_id').where('kind', '=', 'outbid').where('link', '=', `/quoteHall?activityId=${id}`).execute();
    expect(outbid).toHaveLength(11);
  });

  it('a bid in the same group sees the ones before it: the same amount twice is one acceptance and one refusal', async () => {
    const id = await createActivity(t.handle.db, spec());
    const [first, second] = await Promise.all([
      placeBid(engine, input({ userId: users[0]!, activityId: id, amountFen: 1_000_000 })),
      placeBid(engine, input({ userId: users[1]!, activityId: id, amountFen: 1_000_000 })),
    ]);
    expect(first!.status).toBe(200);
    expect(second).toMatchObject({ status: 400, body: { msg: '出价须至少高于当前价一个加价幅度' } });
    expect(await bidsOf(id)).toHaveLength(1);
  });

  it('the same key twice in one group: one bid, two equal answers; under another body: refused', async () => {
    const id = await createActivity(t.handle.db, spec());
    const key = freshKey();
    const answers = await Promise.all([
      placeBid(engine, input({ userId: users[2]!, activityId: id, amountFen: 1_000_000, idempotencyKey: key })),
      placeBid(engine, input({ userId: users[2]!, activityId: id, amountFen: 1_000_000, idempotencyKey: key })),
      placeBid(engine, input({ userId: users[2]!, activityId: id, amountFen: 1_010_000, idempotencyKey: key })),
    ]);
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toMatchObject({ status: 409 });
    expect(await bidsOf(id)).toHaveLength(1);
  });

  it('one key sent at once to two lots: one bid in all, the other answer refused as the key reused', async () => {
    const [a, b] = [await createActivity(t.handle.db, spec()), await createActivity(t.handle.db, spec())];
    const key = freshKey();
    const answers = await Promise.all([a, b].map((activityId) => placeBid(engine, input({ userId: users[3]!, activityId, amountFen: 1_000_000, idempotencyKey: key }))));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect((await bidsOf(a)).length + (await bidsOf(b)).length).toBe(1);
  });

  it('a bid that fails (not a refusal) fails alone: the others of its group are committed and answered', async () => {
    const id = await createActivity(t.handle.db, spec());
    const broken: EngineDeps = {
      ...engine,
      now: () => {
        throw new Error('clock failure');
      },
    };
    const results = await Promise.allSettled([
      placeBid(engine, input({ userId: users[0]!, activityId: id, amountFen: 1_000_000 })),
      placeBid(broken, input({ userId: users[1]!, activityId: id, amountFen: 1_010_000 })),
      placeBid(engine, input({ userId: users[2]!, activityId: id, amountFen: 1_020_000 })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'clock failure' });
    const accepted = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof placeBid>>> => r.status === 'fulfilled').map((r) => r.value);
    expect(accepted.map((a) => a.status)).toEqual([200, 200]);
    const bids = await bidsOf(id);
    expect(bids.map((b) => [b.seq, b.user_id, b.amount_fen])).toEqual([
      [1, users[0], 1_000_000],
      [2, users[2], 1_020_000],
    ]);
    expect(accepted.map((a) => a.body.data?.seq)).toEqual([1, 2]);
  });

  it('announces the accepted bids of a group after its commit, once per group', async () => {
    const ids = [await createActivity(t.handle.db, spec()), await createActivity(t.handle.db, spec())];
    const announced: number[][] = [];
    const watched: EngineDeps = {
      ...engine,
      afterCommit: async (activityIds) => {
        // Called after the commit: another connection already sees the bids.
        const count = await t.handle.db.selectFrom('bid').where('activity_id', 'in', [...activityIds]).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        announced.push([...activityIds, Number(count.n)]);
      },
    };
    const answers = await Promise.all([
      placeBid(watched, input({ userId: users[0]!, activityId: ids[0]!, amountFen: 1_000_000 })),
      placeBid(watched, input({ userId: users[1]!, activityId: ids[0]!, amountFen: 900_000 })), // refused: below the start price
      placeBid(watched, input({ userId: users[1]!, activityId: ids[1]!, amountFen: 1_000_000 })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 400, 200]);
    // SQLite: one group for both lots; PostgreSQL: one group per lot (each announced when its query is done).
    const flat = () => announced.flatMap((a) => a.slice(0, -1)).sort((x, y) => x - y);
    await expect.poll(flat).toEqual([...ids].sort((x, y) => x - y));
    for (const a of announced) expect(a.at(-1)).toBe(a.length - 1);
  });
});
