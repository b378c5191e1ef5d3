/**
 * The keyed row store: one row's change notifies one row, a tick notifies only the countdowns whose text
 * changed, the list slice changes only on order/meta, and price changes are counted and announced.
 */
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveListFrame, LiveListMeta } from '../../src/live/frames';
import { createLiveListStore } from '../../src/live/rowStore';
import { useLiveRemaining, useLiveRow } from '../../src/live/useLiveList';

interface Row {
  activityId: number;
  price: number;
}
const meta: LiveListMeta = { status: 'ready', error: null, total: 3, current: 1, size: 30, pages: 1 };
const frame = (rows: readonly Row[], remaining: string[], m = meta): LiveListFrame<Row> => ({ serverNow: 0, synced: true, meta: m, rows, remaining });

describe('createLiveListStore', () => {
  it('notifies exactly the slices that changed', () => {
    const store = createLiveListStore<Row>({ watch: (r) => r.price });
    const a = { activityId: 1, price: 10 };
    const b = { activityId: 2, price: 20 };
    const rows = [a, b];
    const hits: string[] = [];
    store.subscribeList(() => hits.push('list'));
    store.subscribeRow(1, () => hits.push('row1'));
    store.subscribeRow(2, () => hits.push('row2'));
    store.subscribeRemaining(1, () => hits.push('left1'));
    store.subscribeRemaining(2, () => hits.push('left2'));
    store.subscribeAnnouncement(() => hits.push('announce'));

    store.apply(frame(rows, ['9', '9']));
    expect(hits.sort()).toEqual(['left1', 'left2', 'list', 'row1', 'row2']);
    const list = store.getList();
    expect(list.ids).toEqual([1, 2]);

    hits.length = 0;
    store.apply(frame(rows, ['8', '9'])); // a tick: only row 1's text changed
    expect(hits).toEqual(['left1']);
    expect(store.getList()).toBe(list);
    expect(store.getRemaining(1)).toBe('8');

    hits.length = 0;
    const b2 = { ...b, price: 25 };
    store.apply(frame([a, b2], ['7', '9'])); // a bid on row 2
    expect(hits.sort()).toEqual(['announce', 'left1', 'row2']);
    expect(store.getRow(2)).toEqual({ row: b2, changes: 1 });
    expect(store.getRow(1)).toEqual({ row: a, changes: 0 });
    expect(store.getAnnouncement()).toEqual({ seq: 1, rows: [b2] });

    hits.length = 0;
    store.apply(frame([b2], ['9'], { ...meta, total: 1 })); // row 1 left
    expect(hits).toEqual(['list']);
    expect(store.getList().ids).toEqual([2]);
    expect(store.getRow(1)).toBeUndefined();
  });

  it('re-renders one row component per change and one countdown cell per tick', () => {
    const store = createLiveListStore<Row>();
    const renders: Record<string, number> = {};
    const count = (key: string) => (renders[key] = (renders[key] ?? 0) + 1);
    function Cell({ id }: { id: number }) {
      count(`cell${id}`);
      return <span>{useLiveRemaining(store, id)}</span>;
    }
    function RowView({ id }: { id: number }) {
      count(`row${id}`);
      const slice = useLiveRow(store, id);
      return (
        <p>
          {slice?.row.price} <Cell id={id} />
        </p>
      );
    }
    const a = { activityId: 1, price: 1 };
    const b = { activityId: 2, price: 2 };
    store.apply(frame([a, b], ['3', '3']));
    render(
      <>
        <RowView id={1} />
        <RowView id={2} />
      </>,
    );
    expect(renders).toEqual({ row1: 1, row2: 1, cell1: 1, cell2: 1 });
    act(() => store.apply(frame([a, b], ['2', '3'])));
    expect(renders).toEqual({ row1: 1, row2: 1, cell1: 2, cell2: 1 });
    act(() => store.apply(frame([a, { ...b, price: 5 }], ['2', '3'])));
    // Row 2 re-renders (its cell with it, as its child); row 1 does not.
    expect(renders).toEqual({ row1: 1, row2: 2, cell1: 2, cell2: 2 });
  });

  it('fail() shows the message like a failed poll', () => {
    const store = createLiveListStore<Row>();
    store.fail("live stream 'hall': boom");
    expect(store.getList().meta).toMatchObject({ status: 'error', error: "live stream 'hall': boom" });
  });
});
