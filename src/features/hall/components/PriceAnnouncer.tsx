import { useLiveAnnouncement, type LiveBidRow, type LiveListStore } from '@/live';

/** At most this many names are read out for one frame; more become a count. */
const NAMED = 3;

export function announcementText(rows: readonly LiveBidRow[]): string {
  if (rows.length === 0) return '';
  const named = rows.slice(0, NAMED).map((row) => `${row.assetsName}当前价${row.priceText}`);
  const more = rows.length > NAMED ? `，另有${rows.length - NAMED}个项目价格更新` : '';
  return `${named.join('；')}${more}`;
}

/** A polite live region: price changes are read out, countdown seconds never. */
export function PriceAnnouncer({ store }: { store: LiveListStore<LiveBidRow> }) {
  const { rows } = useLiveAnnouncement(store);
  return (
    <div role="status" aria-live="polite" className="visually-hidden" data-testid="price-announcer">
      {announcementText(rows)}
    </div>
  );
}
