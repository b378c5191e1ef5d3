import { memo, useRef } from 'react';
import { AddToCalendar } from '@/components/AddToCalendar';
import { FlashPrice } from '@/components/FlashPrice';
import { ProjectLink } from '@/components/ProjectLink';
import { StandingTag } from '@/components/Standing';
import { bidderStanding } from '#domain/rules/desk';
import { type MyLot } from '#domain/contract/desk';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import { lotStage } from '#domain/rules/lotState';
import { useFlashingLiveRow, useLiveRemainingRef, type LiveBidRow, type LiveListStore } from '@/live';
import { useLiveRowLayout, VIRTUALIZE_ABOVE } from './BiddingTable';
import { useWindowRange } from './useWindowRange';
import { ProxyAction } from './ProxyAction';

type Store = LiveListStore<LiveBidRow>;

const REMAINING = { overClass: 'live-cell-left--over', textClass: 'live-cell-text' };

/** The user's standing on a board row: his code against the row's live leader. */
export function rowStanding(row: LiveBidRow, mine: MyLot | undefined) {
  if (!mine) return null;
  return bidderStanding({
    enrolled: mine.enrolment !== null || mine.bidCode !== null,
    bidCode: mine.bidCode,
    myBidCount: row.leaderBidCode !== null && row.leaderBidCode === mine.bidCode ? Math.max(1, mine.myBidCount) : mine.myBidCount,
    mode: mine.listing.lot.mode ?? '',
    status: row.status,
    outcome: mine.listing.lot.status === 'dealDone' ? 'sold' : mine.listing.lot.status === 'failed' ? 'failed' : null,
    leaderBidCode: row.leaderBidCode,
  });
}

const WatchRow = memo(function WatchRow({
  store,
  id,
  index,
  mine,
  isOnScreen,
}: {
  store: Store;
  id: number;
  index: number;
  mine: MyLot | undefined;
  isOnScreen: (index: number) => boolean;
}) {
  const slice = useFlashingLiveRow(store, id);
  const remaining = useLiveRemainingRef(store, id, REMAINING);
  const seen = useRef<{ changes: number; flash: boolean } | null>(null);
  if (!slice) return null;
  const { row, changes } = slice;
  if (seen.current?.changes !== changes) seen.current = { changes, flash: slice.flash && isOnScreen(index) };
  const standing = rowStanding(row, mine);
  const label = LISTING_STATUS_LABELS[lotStage(null, { status: row.status, outcome: row.outcome })];
  return (
    <tr data-testid="watch-row" data-activity-id={row.activityId} data-status={row.status} className={`live-row live-row--${row.tone} watch-row--${row.status}`}>
      <td className="live-cell-name">
        <ProjectLink project={row} title={row.assetsName}>
          {row.assetsName}
        </ProjectLink>
      </td>
      <td className="watch-cell-state" title={row.suspendReason ? `中止原因：${row.suspendReason}` : undefined} data-testid="watch-state">
        {label}
      </td>
      <td className="live-cell-left" data-testid="watch-countdown" ref={remaining} />
      <td className="live-cell-price">
        <span className="live-cell-text live-cell-text--flash" data-testid="watch-price">
          <FlashPrice changes={changes} flash={seen.current.flash} text={row.priceText} tooltip={row.priceTooltip} ticks={store.subscribeTick} />
        </span>
      </td>
      <td className="watch-cell-count tabular" data-testid="watch-count">
        {row.biddingCount} 次
      </td>
      <td className="watch-cell-mine">{standing ? <StandingTag standing={standing} /> : <span className="watch-cell-none">仅关注</span>}</td>
      <td className="watch-cell-action">
        {mine?.bidCode ? (
          <a href={`#/quoteHall?activityId=${row.activityId}`} className="my-lot-cell__enter" aria-label={`进入竞价室：${row.assetsName}`}>
            {row.status === 'ended' ? '查看结果' : '进入竞价室'}
          </a>
        ) : (
          <ProjectLink project={row}>查看项目</ProjectLink>
        )}
        {mine?.bidCode && row.status === 'live' && <ProxyAction activityId={row.activityId} mode={mine.listing.lot.mode ?? ''} assetsName={row.assetsName} bidCount={row.biddingCount} />}
        {row.status !== 'ended' && (
          <AddToCalendar
            compact
            lot={{ activityId: row.activityId, title: row.assetsName, startTime: row.startTime, endTime: row.endTime, assetsId: row.assetsId, projectType: row.projectType }}
          />
        )}
      </td>
    </tr>
  );
});

/**
 * The watch board's table: one row per watched lot (time left, price, bids, the user's standing, the way
 * in), in the order given (the board sorts by time left and filters). Rows re-render only when their own
 * values change, countdowns are written straight into the DOM each tick, and long boards render only the
 * rows on screen (as the hall does).
 */
export function WatchTable({ store, ids, mineOf }: { store: Store; ids: readonly number[]; mineOf: (activityId: number) => MyLot | undefined }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const virtual = ids.length > VIRTUALIZE_ABOVE;
  const { cards, rowHeight } = useLiveRowLayout();
  const { start, end, isOnScreen } = useWindowRange(body, ids.length, rowHeight, virtual);
  const shown = ids.slice(start, end);
  return (
    <table className={`live-table watch-table${cards ? ' live-table--cards' : ''}`} aria-rowcount={ids.length + 1} data-testid="watch-table">
      <caption className="visually-hidden">我关注的竞价</caption>
      <colgroup>
        <col />
        <col className="watch-col-state" />
        <col className="live-col-left" />
        <col className="live-col-price" />
        <col className="watch-col-count" />
        <col className="watch-col-mine" />
        <col className="watch-col-action" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">项目名称</th>
          <th scope="col">状态</th>
          <th scope="col" title="即将竞价的项目为距开始的时间">剩余时间</th>
          <th scope="col">当前价</th>
          <th scope="col">出价次数</th>
          <th scope="col">我的状态</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody ref={body}>
        {start > 0 && <tr aria-hidden="true" className="live-spacer" style={{ height: start * rowHeight }} />}
        {shown.map((id, i) => (
          <WatchRow key={id} store={store} id={id} index={start + i} mine={mineOf(id)} isOnScreen={isOnScreen} />
        ))}
        {end < ids.length && <tr aria-hidden="true" className="live-spacer" style={{ height: (ids.length - end) * rowHeight }} />}
      </tbody>
    </table>
  );
}
