import '@/styles/hall.css';
import { useCallback, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Input, Pagination } from 'antd';
import { HALL_PAGE_SIZE, HALL_UPCOMING_SIZE } from '#domain/rules/constants';
import { useLiveList, useLiveListState, type LiveBidRow } from '@/live';
import { LiveListGate } from '@/live/LiveListGate';
import { useMyLots } from '@/api/resources/get-my-lots';
import { LiveLegend } from '@/components/LiveLegend';
import { BiddingTable } from './components/BiddingTable';
import { HALL_LEAD, HALL_TITLE } from './copy';
import { MyLotCell } from './components/MyLotCell';
import { PriceAnnouncer } from './components/PriceAnnouncer';
import { SuspendedNotice } from './components/SuspendedNotice';
import { UpcomingTable } from './components/UpcomingTable';

/** Page sizes offered; the URL may ask for any size up to HALL_MAX_PAGE_SIZE (load tests). */
const PAGE_SIZES = [HALL_PAGE_SIZE, 50, 100];

/** A new bid (a changed price, or a first bid at the start price) flashes and is announced. */
const watchPrice = (row: LiveBidRow) => `${row.biddingCount}:${row.biddingPrice}`;

/**
 * The bidding hall (/hall): lots bidding now (hall/page, 30 a page, searched by name; name and page in
 * the URL) and upcoming ones (upcoming-bid, 8). Every number on it comes from the live worker: one frame
 * per second per list, each row re-rendering only when its own values change.
 */
export function HallPage() {
  const search = useSearch({ from: '/hall' });
  const navigate = useNavigate({ from: '/hall' });
  const { assetsName } = search;
  const current = search.current ?? 1;
  const size = search.size ?? HALL_PAGE_SIZE;
  const [hallRetry, setHallRetry] = useState(0);
  const [upcomingRetry, setUpcomingRetry] = useState(0);

  const hall = useLiveList('hall', { assetsName, current, size, retry: hallRetry || undefined }, { watch: watchPrice });
  const upcoming = useLiveList('upcoming', { assetsName, current: 1, size: HALL_UPCOMING_SIZE, retry: upcomingRetry || undefined });
  const { meta } = useLiveListState(hall);
  // The user's lots: his standing and the way into the room on each row (a visitor gets 如何参与).
  const { byActivity } = useMyLots();
  const renderMine = useCallback((row: LiveBidRow) => <MyLotCell row={row} mine={byActivity.get(row.activityId)} />, [byActivity]);

  const onSearch = (value: string) => {
    const name = value.trim();
    void navigate({ search: { assetsName: name || undefined, size: search.size } });
  };
  const onPage = (page: number, pageSize: number) => {
    const sizeChanged = pageSize !== size;
    void navigate({
      search: {
        assetsName,
        current: sizeChanged || page === 1 ? undefined : page,
        size: pageSize === HALL_PAGE_SIZE ? undefined : pageSize,
      },
    });
  };

  return (
    <div className="hall-page">
      <div className="hall-page__head">
        <div>
          <h1 className="hall-page__title">{HALL_TITLE}</h1>
          <p className="hall-page__lead">{HALL_LEAD}</p>
        </div>
        <Input.Search
          key={assetsName ?? ''}
          className="hall-page__search"
          defaultValue={assetsName}
          placeholder="请输入项目名称"
          enterButton="搜索"
          allowClear
          maxLength={50}
          aria-label="按项目名称搜索"
          onSearch={onSearch}
        />
      </div>

      <section className="hall-section" aria-labelledby="hall-live-title">
        <div className="hall-section__head">
          <h2 id="hall-live-title" className="hall-section__title">
            正在竞价
          </h2>
          {meta && meta.status !== 'loading' && (
            <span className="hall-section__count">
              共 <span className="tabular">{meta.total}</span> 项
              {assetsName ? `，项目名称含“${assetsName}”` : ''}
            </span>
          )}
        </div>
        <LiveListGate store={hall} empty="暂无正在竞价的项目" onRetry={() => setHallRetry((n) => n + 1)} rows={8}>
          <SuspendedNotice store={hall} />
          <BiddingTable store={hall} caption="正在竞价的项目" renderMine={renderMine} />
          <Pagination
            className="hall-pagination"
            current={current}
            pageSize={size}
            total={meta?.total ?? 0}
            pageSizeOptions={PAGE_SIZES.includes(size) ? PAGE_SIZES : [...PAGE_SIZES, size]}
            showSizeChanger
            showTotal={(total) => `共 ${total} 项`}
            onChange={onPage}
          />
          <LiveLegend />
        </LiveListGate>
        <PriceAnnouncer store={hall} />
      </section>

      {/* Under the live list once its first frame has come: drawn beside the list's skeleton, its top was in a
          phone's first screen and the live rows then pushed it out (a layout shift of 0.15, bench:mobile). */}
      {meta && (
        <section className="hall-section" aria-labelledby="hall-upcoming-title">
          <div className="hall-section__head">
            <h2 id="hall-upcoming-title" className="hall-section__title">
              即将竞价
            </h2>
          </div>
          <LiveListGate store={upcoming} empty="暂无即将竞价的项目" onRetry={() => setUpcomingRetry((n) => n + 1)} rows={4}>
            <UpcomingTable store={upcoming} />
          </LiveListGate>
        </section>
      )}
    </div>
  );
}
