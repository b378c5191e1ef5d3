/**
 * The keyed row store: one row's change notifies one row, a tick notifies only the countdowns whose text
 * changed, the list slice changes only on order/meta, and price changes are counted and announced (with a
 * frame that changes the screen anyway); countdown cells are written straight into the DOM; a flash ends on
 * a tick.
 */
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FlashPrice } from '../../src/components/FlashPrice';
import { COUNTDOWN_OVER_TEXT } from '#domain/rules/bidding';
import type { LiveListFrame, LiveListMeta } from '../../workers/protocol/frames';
import { createLiveListStore } from '../../src/live/rowStore';
import { useLiveRemaining, useLiveRemainingRef, useLiveRow } from '../../src/live/useLiveList';

interface Row {
  activityId: number;
  price: number;
}
const meta: LiveListMeta = { status: 'ready', error: null, total: 3, current: 1, size: 30, pages: 1 };
const frame = (rows: readonly Row[], remaining: string[], m = meta, serverNow = 0): LiveListFrame<Row> => ({ serverNow, synced: true, meta: m, rows, remaining });

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

  it('announces a change of a row not shown with the next tick, merged; a shown row at once', () => {
    const store = createLiveListStore<Row>({ watch: (r) => r.price });
    const a = { activityId: 1, price: 10 };
    const b = { activityId: 2, price: 20 };
    store.apply(frame([a, b], ['9', '9'], meta, 1000));
    const announced: number[] = [];
    store.subscribeAnnouncement(() => announced.push(store.getAnnouncement().seq));

    const a2 = { ...a, price: 11 };
    store.apply(frame([a2, b], ['9', '9'], meta, 1000)); // pushed between ticks; row 1 is not shown
    const a3 = { ...a, price: 12 };
    store.apply(frame([a3, b], ['9', '9'], meta, 1000));
    expect(announced).toEqual([]);
    store.apply(frame([a3, b], ['8', '8'], meta, 2000)); // the tick
    expect(announced).toEqual([1]);
    expect(store.getAnnouncement().rows).toEqual([a3]);

    store.subscribeRow(2, () => {}); // row 2 is shown
    const b2 = { ...b, price: 21 };
    store.apply(frame([a3, b2], ['8', '8'], meta, 2000));
    expect(announced).toEqual([1, 2]);
    expect(store.getAnnouncement().rows).toEqual([b2]);
  });

  it('tells deferred rows (rendered off screen) of a change with the next tick, or on flushDeferred()', () => {
    const store = createLiveListStore<Row>({ watch: (r) => r.price });
    const a = { activityId: 1, price: 10 };
    const b = { activityId: 2, price: 20 };
    store.apply(frame([a, b], ['9', '9'], meta, 1000));
    const hits: string[] = [];
    store.subscribeRow(1, () => hits.push('row1'));
    store.subscribeRow(2, () => hits.push('row2'));
    store.subscribeAnnouncement(() => hits.push('announce'));
    store.setDeferral((id) => id === 2);

    const b2 = { ...b, price: 21 };
    store.apply(frame([a, b2], ['9', '9'], meta, 1000)); // a bid on the off-screen row
    expect(hits).toEqual([]);
    expect(store.getRow(2)?.row).toBe(b2); // the slice is current; only the render waits
    store.apply(frame([a, b2], ['8', '8'], meta, 2000)); // the tick
    expect(hits).toEqual(['row2', 'announce']);

    hits.length = 0;
    const b3 = { ...b, price: 22 };
    store.apply(frame([a, b3], ['8', '8'], meta, 2000));
    store.flushDeferred(); // scrolled into view
    expect(hits).toEqual(['row2']);

    hits.length = 0;
    const a2 = { ...a, price: 11 };
    store.apply(frame([a2, b3], ['8', '8'], meta, 2000)); // a row on screen: at once
    expect(hits).toEqual(['row1', 'announce']);
  });

  it('writes a countdown straight into the DOM: no React render per tick, the over class toggled', () => {
    const store = createLiveListStore<Row>();
    const a = { activityId: 1, price: 1 };
    let renders = 0;
    function Cell() {
      renders += 1;
      return <td data-testid="left" className="left" ref={useLiveRemainingRef(store, 1, { overClass: 'left--over', textClass: 'box' })} />;
    }
    store.apply(frame([a], ['00时00分09秒'], meta, 1000));
    const { getByTestId } = render(
      <table>
        <tbody>
          <tr>
            <Cell />
          </tr>
        </tbody>
      </table>,
    );
    const cell = getByTestId('left');
    expect(cell).toHaveTextContent('00时00分09秒');
    expect(cell.querySelector('.box')).toHaveTextContent('00时00分09秒');
    store.apply(frame([a], ['00时00分08秒'], meta, 2000));
    expect(cell).toHaveTextContent('00时00分08秒');
    expect(cell).not.toHaveClass('left--over');
    store.apply(frame([a], [COUNTDOWN_OVER_TEXT], meta, 3000));
    expect(cell).toHaveTextContent(COUNTDOWN_OVER_TEXT);
    expect(cell).toHaveClass('left', 'left--over');
    expect(renders).toBe(1);
  });

  it('a flash with ticks is ended on the first tick after it faded', () => {
    const store = createLiveListStore<Row>();
    const now = vi.spyOn(performance, 'now').mockReturnValue(10_000);
    const { container } = render(<FlashPrice changes={1} flash text="1万元" tooltip={null} ticks={store.subscribeTick} />);
    const span = container.querySelector('.live-flash')!;
    store.apply(frame([], [], meta, 1000));
    now.mockReturnValue(10_500); // a tick 0.5 s in: still fading
    store.apply(frame([], [], meta, 2000));
    expect(span).not.toHaveClass('live-flash--done');
    now.mockReturnValue(11_500);
    store.apply(frame([], [], meta, 2000)); // not a tick (same second)
    expect(span).not.toHaveClass('live-flash--done');
    store.apply(frame([], [], meta, 3000));
    expect(span).toHaveClass('live-flash', 'live-flash--done');
    now.mockRestore();
  });

  it('fail() shows the message like a failed poll', () => {
    const store = createLiveListStore<Row>();
    store.fail("live stream 'hall': boom");
    expect(store.getList().meta).toMatchObject({ status: 'error', error: "live stream 'hall': boom" });
  });
});
