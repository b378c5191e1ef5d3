/**
 * The row cache's hand-off (server/live/rowCache.ts): the committing process's new state replaces a row at
 * once — in place when the row keeps its place in the sorted lists (a bid without extension), re-sorted
 * when it moves (an extension) — and the change listeners get the changed row either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFeed } from '../../server/db/changeFeed.ts';
import { RowCache } from '../../server/live/rowCache.ts';
import type { LiveActivityColumns, LiveRow } from '../../server/live/liveRow.ts';
import { createTestDatabase, DIALECT, NOW, type TestDatabase } from './helpers.ts';

let database: TestDatabase;
let cache: RowCache;
const announced: LiveRow[][] = [];

beforeAll(async () => {
  database = await createTestDatabase('seeded');
  cache = new RowCache({ db: database.handle.db, now: () => NOW, feed: new LocalFeed(), safetyRebuildMs: 0 });
  await cache.ready;
  cache.onChange((rows) => announced.push([...rows]));
});
afterAll(async () => {
  cache.close();
  await database.cleanup();
});

const ids = (rows: readonly LiveRow[]) => rows.map((r) => r.entry.activityId);
const sortedByEnd = (rows: readonly LiveRow[]) => [...rows].sort((a, b) => a.entry.endTime - b.entry.endTime || a.entry.activityId - b.entry.activityId);

async function committedBid(row: LiveRow, change: Partial<LiveActivityColumns> = {}) {
  const a = await database.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', row.entry.activityId).executeTakeFirstOrThrow();
  const activity = {
    ...a,
    lock_version: row.lockVersion + 1,
    bid_count: a.bid_count + 1,
    current_price_fen: a.current_price_fen + a.increment_fen,
    max_price_fen: a.current_price_fen + a.increment_fen,
    ...change,
  } as unknown as LiveActivityColumns;
  return new Map([[row.entry.activityId, { activity, bids: [{ seq: a.bid_count + 1, bidCode: '900001', amount: (a.current_price_fen + a.increment_fen) / 100, time: NOW }] }]]);
}

describe(`row cache hand-off (${DIALECT})`, () => {
  it('replaces a bid row where it stands: a new list with the same order, the new state, one event', async () => {
    const before = cache.live;
    expect(before.length).toBeGreaterThan(2);
    const target = before[Math.floor(before.length / 2)]!;
    announced.length = 0;
    cache.handOff(await committedBid(target));
    const after = cache.live;
    expect(after).not.toBe(before); // readers holding the old list keep it unchanged
    expect(before[Math.floor(before.length / 2)]).toBe(target);
    expect(ids(after)).toEqual(ids(before));
    const replaced = cache.get(target.entry.activityId)!;
    expect(replaced.lockVersion).toBe(target.lockVersion + 1);
    expect(after[Math.floor(before.length / 2)]).toBe(replaced);
    expect(announced).toEqual([[replaced]]);
  });

  it('re-sorts when the bid extends the end: the row moves to its new place', async () => {
    const target = cache.live[0]!;
    const last = cache.live.at(-1)!;
    announced.length = 0;
    cache.handOff(await committedBid(target, { end_at: last.entry.endTime + 60_000, extension_count: 1 }));
    const after = cache.live;
    expect(after.at(-1)!.entry.activityId).toBe(target.entry.activityId);
    expect(ids(after)).toEqual(ids(sortedByEnd(after)));
    expect(announced.map((rows) => ids(rows))).toEqual([[target.entry.activityId]]);
  });

  it('ignores a state it already holds (a newer one arrived first)', async () => {
    const target = cache.live[1]!;
    const list = cache.live;
    announced.length = 0;
    cache.handOff(await committedBid(target, { lock_version: target.lockVersion }));
    expect(cache.live).toBe(list);
    expect(announced).toEqual([]);
  });
});
