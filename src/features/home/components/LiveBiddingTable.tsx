import '@/styles/hall.css';
import { memo, useState, type CSSProperties } from 'react';
import { Link } from '@tanstack/react-router';
import { ThunderboltOutlined } from '@ant-design/icons';
import { FlashPrice } from '@/components/FlashPrice';
import { ProjectLink } from '@/components/ProjectLink';
import { BIDDING_TABLE_HEIGHT_PX, HOME_LATEST_BIDDING_SCROLL_THRESHOLD, HOME_LATEST_BIDDING_SIZE } from '#domain/rules/constants';
import { useLiveList, useLiveListState, useLiveRemainingRef, useFlashingLiveRow, type LiveBidRow, type LiveListStore } from '@/live';
import { LiveListGate } from '@/live/LiveListGate';

type BidStore = LiveListStore<LiveBidRow>;

/** A new bid (a changed price, or a first bid at the start price) flashes. */
const watchBid = (row: LiveBidRow) => `${row.biddingCount}:${row.biddingPrice}`;

/** Seconds one row takes to scroll by: slow enough to read a name. */
const SECONDS_PER_ROW = 3;

const REMAINING = { overClass: 'home-live-row__left--over' };

/** The countdown: its text is written straight into the DOM each tick (no React render per tick). */
function RemainingCell({ store, id }: { store: BidStore; id: number }) {
  return <span role="cell" className="home-live-row__left" ref={useLiveRemainingRef(store, id, REMAINING)} />;
}

/** One row; `copy` rows are the second half of the scrolling loop (hidden from assistive technology). */
const LiveRow = memo(function LiveRow({ store, id, copy }: { store: BidStore; id: number; copy: boolean }) {
  const slice = useFlashingLiveRow(store, id);
  if (!slice) return null;
  const { row, changes, flash } = slice;
  return (
    <div role="row" className={`home-live-row home-live-row--${row.tone}`} data-testid={copy ? undefined : 'home-live-row'}>
      <span role="cell">
        <ProjectLink project={row} title={row.assetsName} tabIndex={copy ? -1 : undefined}>
          {row.assetsName}
        </ProjectLink>
      </span>
      <span role="cell" className="home-live-row__org" title={row.orgName}>
        {row.orgName}
      </span>
      <RemainingCell store={store} id={id} />
      <span role="cell" className="home-live-row__price">
        <FlashPrice changes={changes} flash={flash} text={row.priceText} tooltip={row.priceTooltip} ticks={store.subscribeTick} />
      </span>
      <span role="cell" className="home-live-row__rate">
        {row.premiumRate}
      </span>
      <span role="cell" className="home-live-row__status">
        {row.status === 'ended' ? '已结束' : '竞价中'}
      </span>
    </div>
  );
});

function Rows({ store }: { store: BidStore }) {
  const { ids } = useLiveListState(store);
  // Spec: the list scrolls when it has more than 6 rows; a CSS animation (no timer) over two copies.
  const scrolling = ids.length > HOME_LATEST_BIDDING_SCROLL_THRESHOLD;
  const style = { '--home-live-duration': `${ids.length * SECONDS_PER_ROW}s` } as CSSProperties;
  return (
    <div className="home-live__viewport" data-testid="home-live-viewport">
      <div className={scrolling ? 'home-live__track home-live__track--scrolling' : 'home-live__track'} style={style} role="rowgroup">
        {ids.map((id) => (
          <LiveRow key={id} store={store} id={id} copy={false} />
        ))}
        {scrolling && (
          <div aria-hidden="true">
            {ids.map((id) => (
              <LiveRow key={id} store={store} id={id} copy />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The home page's live bidding table (spec section 2): 溢价领先 — the live lots with the highest premium
 * rate (assets-max-rate, up to 8), each with its countdown, current price and premium rate, updated by the
 * live worker every second. 380 px high; scrolls when it has more than 6 rows; links to /hall.
 */
export function LiveBiddingTable() {
  const [retry, setRetry] = useState(0);
  const store = useLiveList('maxRate', { size: HOME_LATEST_BIDDING_SIZE, retry: retry || undefined }, { watch: watchBid });
  return (
    <section className="home-live" style={{ height: BIDDING_TABLE_HEIGHT_PX }} aria-labelledby="home-live-title" data-testid="home-live-table">
      <div className="home-live__bar">
        <h3 id="home-live-title" className="home-live__title">
          <ThunderboltOutlined /> 正在竞价
          <span className="home-live__subtitle">溢价领先 · 每秒更新</span>
        </h3>
        <Link className="home-live__more" to="/hall">
          更多 &gt;
        </Link>
      </div>
      <div className="home-live__body home-live-grid" role="table" aria-labelledby="home-live-title">
        <div className="home-live-head" role="row">
          <span role="columnheader">项目名称</span>
          <span role="columnheader">组织机构</span>
          <span role="columnheader">剩余时间</span>
          <span role="columnheader">当前价</span>
          <span role="columnheader">溢价率</span>
          <span role="columnheader">状态</span>
        </div>
        <LiveListGate store={store} empty="暂无正在竞价的项目" onRetry={() => setRetry((n) => n + 1)} rows={4}>
          <Rows store={store} />
        </LiveListGate>
      </div>
    </section>
  );
}
