import '@/styles/hall.css';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { Input, Segmented } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMyLots } from '@/api/resources/get-my-lots';
import { LiveLegend } from '@/components/LiveLegend';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import type { MyLot } from '#domain/contract/desk';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import { useLiveList, type LiveBidRow, type LiveListStore } from '@/live';
import { LiveListGate } from '@/live/LiveListGate';
import { rowStanding, WatchTable } from './components/WatchTable';
import { WATCH_FILTERS, type WatchFilter } from './search';

const FILTER_LABELS: Record<WatchFilter, string> = {
  all: '全部',
  live: LISTING_STATUS_LABELS.bidding,
  upcoming: LISTING_STATUS_LABELS.upcoming,
  leading: '我领先',
  outbid: '我出局',
  favourite: '我的收藏',
  ended: LISTING_STATUS_LABELS.ended,
};

/**
 * A board row's place: bidding first (least time left first; a suspended lot by the time it had left),
 * then about to start (soonest first), then ended.
 */
export function watchOrder(a: LiveBidRow, b: LiveBidRow): number {
  const rank = (r: LiveBidRow) => (r.status === 'live' || r.status === 'suspended' ? 0 : r.status === 'scheduled' ? 1 : 2);
  const key = (r: LiveBidRow) => {
    switch (r.status) {
      case 'scheduled':
        return r.startTime;
      case 'live':
        return r.endTime;
      case 'suspended':
        return r.endTime;
      case 'ended':
        return -r.endTime;
    }
  };
  return rank(a) - rank(b) || key(a) - key(b) || a.activityId - b.activityId;
}

/** Does a board row pass the filter and the keyword? */
export function watchMatches(row: LiveBidRow, mine: MyLot | undefined, filter: WatchFilter, q: string): boolean {
  if (q && !row.assetsName.includes(q)) return false;
  switch (filter) {
    case 'all':
      return true;
    case 'live':
      return row.status === 'live' || row.status === 'suspended';
    case 'upcoming':
      return row.status === 'scheduled';
    case 'ended':
      return row.status === 'ended';
    case 'favourite':
      return mine?.favourite === true;
    case 'leading':
      return rowStanding(row, mine) === 'leading';
    case 'outbid':
      return rowStanding(row, mine) === 'outbid';
  }
}

/**
 * The rows in board order, filtered: recomputed when the list changes and on every tick (a bid, an
 * extension or a start moves a row; the tick is when the screen changes anyway), re-rendering the page only
 * when the order or the set of shown rows changed.
 */
function useBoardIds(store: LiveListStore<LiveBidRow>, keep: (row: LiveBidRow) => boolean): readonly number[] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const a = store.subscribeList(listener);
      const b = store.subscribeTick(listener);
      return () => {
        a();
        b();
      };
    },
    [store],
  );
  const snapshot = useCallback(() => {
    const rows = store
      .getList()
      .ids.map((id) => store.getRow(id)?.row)
      .filter((row): row is LiveBidRow => row !== undefined && keep(row));
    return rows.sort(watchOrder).map((row) => row.activityId).join(',');
  }, [store, keep]);
  const key = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
}

/**
 * 竞价看板 (/myWatch): every lot the user watches — the rooms he is qualified in, his enrolments
 * and his favourites — with its live price, time left, bids and his standing, sorted by time left and
 * filterable; ONE worker stream for all of them (`watch`), usable at a hundred lots and more.
 */
export function WatchBoardPage() {
  const search = useSearch({ from: '/_auth/myWatch' });
  const navigate = useNavigate({ from: '/myWatch' });
  const filter = search.filter ?? 'all';
  const q = search.q ?? '';
  const desk = useMyLots();
  const activityIds = useMemo(
    () => [...new Set(desk.lots.flatMap((l) => (l.listing.lot.activityId === null ? [] : [l.listing.lot.activityId])))].sort((a, b) => a - b),
    [desk.lots],
  );
  const [retry, setRetry] = useState(0);
  const store = useLiveList('watch', { activityIds, retry: retry || undefined }, { watch: (row: LiveBidRow) => `${row.biddingCount}:${row.biddingPrice}` });
  const mineOf = useCallback((activityId: number) => desk.byActivity.get(activityId), [desk.byActivity]);
  const keep = useCallback((row: LiveBidRow) => watchMatches(row, desk.byActivity.get(row.activityId), filter, q), [desk.byActivity, filter, q]);
  const ids = useBoardIds(store, keep);
  const unscheduled = desk.lots.filter((l) => l.listing.lot.activityId === null);

  return (
    <UserCentreFrame
      title="竞价看板"
      extra={
        <span className="watch-board__count" data-testid="watch-total">
          共关注 <b className="tabular">{activityIds.length}</b> 场竞价
        </span>
      }
    >
      <div className="watch-board__tools">
        <Segmented
          value={filter}
          options={WATCH_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          onChange={(value) => void navigate({ search: { ...search, filter: value === 'all' ? undefined : (value as WatchFilter) } })}
        />
        <Input.Search
          key={q}
          className="watch-board__search"
          defaultValue={q}
          placeholder="按项目名称筛选"
          allowClear
          maxLength={50}
          aria-label="按项目名称筛选"
          onSearch={(value) => void navigate({ search: { ...search, q: value.trim() || undefined } })}
        />
      </div>
      <QueryState query={desk.query} isEmpty={() => activityIds.length === 0} emptyHint="收藏项目、报名或取得竞买资格后，相关竞价会出现在这里" rows={6}>
        {() => (
          <LiveListGate store={store} empty="暂无关注的竞价" rows={6} onRetry={() => setRetry((n) => n + 1)}>
            {ids.length === 0 ? <p className="watch-board__none">没有符合条件的竞价</p> : <WatchTable store={store} ids={ids} mineOf={mineOf} />}
            <LiveLegend />
          </LiveListGate>
        )}
      </QueryState>
      {unscheduled.length > 0 && (
        <p className="watch-board__unscheduled">
          另有 {unscheduled.length} 个关注的项目尚未安排竞价，竞价开始后会出现在看板中。
        </p>
      )}
    </UserCentreFrame>
  );
}
