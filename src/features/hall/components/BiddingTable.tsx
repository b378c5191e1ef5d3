import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FlashPrice } from '@/components/FlashPrice';
import { ProjectLink } from '@/components/ProjectLink';
import { useLiveListState, useLiveRemainingRef, useFlashingLiveRow, type LiveBidRow, type LiveListStore } from '@/live';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import { lotStage } from '#domain/rules/lotState';
import { isPhoneScreen } from '@/lib/viewport';
import { useWindowRange } from './useWindowRange';

/** Fixed row height (px): the virtual list's arithmetic and the CSS agree on it. */
export const LIVE_ROW_HEIGHT = 44;
/** On a phone each row is a card of three lines (src/styles/hall.css `.live-table--cards`), this high. */
export const LIVE_CARD_HEIGHT = 96;

/**
 * Rows or cards: a phone shows each live row as a card (six columns do not fit 390 px), and the windowed
 * list must know the height it lays out. Decided once per table (a phone stays a phone).
 */
export function useLiveRowLayout(): { cards: boolean; rowHeight: number } {
  const [cards] = useState(isPhoneScreen);
  return { cards, rowHeight: cards ? LIVE_CARD_HEIGHT : LIVE_ROW_HEIGHT };
}
/**
 * Longer lists render only the rows on screen (and a block either side). The spec's page of 30 renders
 * whole; from 100 rows up a full table costs several times the windowed one each second (bench:hall).
 */
export const VIRTUALIZE_ABOVE = 40;

type BidStore = LiveListStore<LiveBidRow>;

/** The optional last column (the hall's 我的竞价): rendered with the row's values, re-rendered when they change. */
export type RenderMine = (row: LiveBidRow) => ReactNode;

const REMAINING = { overClass: 'live-cell-left--over', textClass: 'live-cell-text' };

/**
 * The countdown cell: its text is written straight into the DOM each tick (no React render per tick), in a
 * contained box (.live-cell-text) so that the tick lays out the boxes, not the table.
 */
function RemainingCell({ store, id }: { store: BidStore; id: number }) {
  return <td data-testid="live-countdown" className="live-cell-left" ref={useLiveRemainingRef(store, id, REMAINING)} />;
}

/**
 * One row: re-renders when its own values change (a bid), never on a tick. The cells that change hold their
 * text in contained boxes (.live-cell-text, src/styles/hall.css): a bid lays out and repaints those boxes only.
 */
const LiveRow = memo(function LiveRow({
  store,
  id,
  index,
  isOnScreen,
  renderMine,
}: {
  store: BidStore;
  id: number;
  index: number;
  isOnScreen: (index: number) => boolean;
  renderMine: RenderMine | undefined;
}) {
  const slice = useFlashingLiveRow(store, id);
  // A change flashes only on a row on screen when it arrives (decided once per change): a row rendered
  // just outside the viewport would play an animation nobody sees, and each costs the main thread frames.
  const seen = useRef<{ changes: number; flash: boolean } | null>(null);
  if (!slice) return null;
  const { row, changes } = slice;
  if (seen.current?.changes !== changes) seen.current = { changes, flash: slice.flash && isOnScreen(index) };
  const { flash } = seen.current;
  return (
    <tr data-testid="live-row" data-activity-id={row.activityId} className={`live-row live-row--${row.tone}`} aria-rowindex={index + 2}>
      <td className="live-cell-name">
        <ProjectLink project={row} title={row.assetsName}>
          {row.assetsName}
        </ProjectLink>
      </td>
      <td className="live-cell-org" title={row.orgName}>
        {row.orgName}
      </td>
      <RemainingCell store={store} id={id} />
      <td className="live-cell-price">
        <span className="live-cell-text live-cell-text--flash">
          <FlashPrice changes={changes} flash={flash} text={row.priceText} tooltip={row.priceTooltip} ticks={store.subscribeTick} />
        </span>
      </td>
      <td className="live-cell-rate">
        <span className="live-cell-text">{row.premiumRate}</span>
      </td>
      <td className={`live-cell-status${row.status === 'suspended' ? ' live-cell-status--suspended' : ''}`} data-testid="live-status" title={row.suspendReason ? `中止原因：${row.suspendReason}` : undefined}>
        {LISTING_STATUS_LABELS[lotStage(null, { status: row.status, outcome: row.outcome })]}
        {row.suspendReason && <span className="visually-hidden">（中止原因：{row.suspendReason}）</span>}
      </td>
      {renderMine && <td className="live-cell-mine">{renderMine(row)}</td>}
    </tr>
  );
});

/**
 * The live bidding table (spec: 项目名称, 组织机构, 剩余时间, 当前价, 溢价率, 状态). Rows read their own
 * slices of the store; lists above VIRTUALIZE_ABOVE rows render only what is on screen (and a block either
 * side, whose bids wait for the next tick).
 */
export function BiddingTable({ store, caption, renderMine }: { store: BidStore; caption: string; renderMine?: RenderMine }) {
  const { ids } = useLiveListState(store);
  const body = useRef<HTMLTableSectionElement>(null);
  const virtual = ids.length > VIRTUALIZE_ABOVE;
  const latestIds = useRef(ids);
  // The worker is told which rows are on screen: a bid on any other row crosses to this thread only with
  // the next tick (frames.ts, focus), so off-screen bids cost no message and no frame here.
  const focus = useRef(() => {});
  const onMove = useCallback(() => {
    store.flushDeferred();
    focus.current();
  }, [store]);
  const { cards, rowHeight } = useLiveRowLayout();
  const { start, end, isOnScreen, onScreen } = useWindowRange(body, ids.length, rowHeight, virtual, onMove);
  // Rows rendered around the screen (the window's blocks) but not on it take a bid with the next tick,
  // in the frame that changes the countdowns anyway; scrolling tells them at once (onMove above).
  const indexOf = useMemo(() => new Map(ids.map((id, i) => [id, i])), [ids]);
  useLayoutEffect(() => {
    latestIds.current = ids;
    focus.current = () => {
      const rows = virtual ? onScreen() : null;
      store.focus(rows ? latestIds.current.slice(rows.start, rows.end) : null);
    };
    focus.current();
    if (!virtual) return undefined;
    store.setDeferral((id) => {
      const index = indexOf.get(id);
      return index !== undefined && !isOnScreen(index);
    });
    return () => store.setDeferral(null);
  }, [store, virtual, ids, indexOf, isOnScreen, onScreen]);
  useLayoutEffect(() => () => store.focus(null), [store]);
  const shown = ids.slice(start, end);
  return (
    <table className={`live-table${cards ? ' live-table--cards' : ''}`} aria-rowcount={ids.length + 1} data-testid="live-table">
      <caption className="visually-hidden">{caption}</caption>
      <colgroup>
        <col />
        <col className="live-col-org" />
        <col className="live-col-left" />
        <col className="live-col-price" />
        <col className="live-col-rate" />
        <col className="live-col-status" />
        {renderMine && <col className="live-col-mine" />}
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
          <th scope="col">项目名称</th>
          <th scope="col">组织机构</th>
          <th scope="col">剩余时间</th>
          <th scope="col">当前价</th>
          <th scope="col">溢价率</th>
          <th scope="col">状态</th>
          {renderMine && <th scope="col">我的竞价</th>}
        </tr>
      </thead>
      <tbody ref={body}>
        {start > 0 && <tr aria-hidden="true" className="live-spacer" style={{ height: start * rowHeight }} />}
        {shown.map((id, i) => (
          <LiveRow key={id} store={store} id={id} index={start + i} isOnScreen={isOnScreen} renderMine={renderMine} />
        ))}
        {end < ids.length && <tr aria-hidden="true" className="live-spacer" style={{ height: (ids.length - end) * rowHeight }} />}
      </tbody>
    </table>
  );
}
