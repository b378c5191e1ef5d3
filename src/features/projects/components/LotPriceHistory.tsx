import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { isSealedLot } from '#domain/rules/liveValues';
import type { ProjectActivity } from '#domain/contract/projects';
import { useLiveStream } from '@/live';

/** The chart, loaded only when a lot's page shows it. */
const PriceHistoryChart = lazy(() => import('@/components/PriceHistoryChart'));

/**
 * 价格走势 on the lot's page: the bids of its room, from the live worker's bidding-data stream
 * (the same answer the room polls), drawn by the lazily loaded chart. Shown (and subscribed) only once the
 * bidding has started — the page renders it for a live or ended activity — and never for a sealed lot while it is open (its amounts are secret).
 */
export function LotPriceHistory({ activity }: { activity: ProjectActivity }) {
  const frame = useLiveStream('biddingData', null, { activityId: activity.activityId });
  const data = frame?.data ?? null;
  if (data && (data.status === 'scheduled' || (data.modeState?.sealed ?? isSealedLot(data)))) return null;
  return (
    <section className="detail-chart" aria-labelledby="detail-chart-title" data-testid="detail-price-history">
      <h2 id="detail-chart-title" className="detail-chart__title">
        价格走势
      </h2>
      {data ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} title={false} />}>
          <PriceHistoryChart bids={data.bids} startPrice={data.startPrice} total={data.biddingCount} />
        </Suspense>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      )}
    </section>
  );
}
