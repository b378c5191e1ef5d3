import type { JudicialItem } from '#domain/contract/projects';
import { auctionRoundLabel } from '#domain/rules/listing';

/** A portal listing's bidding room while its auction is open (live or suspended), as the hall's 进入竞价室; null otherwise. */
export function roomHref(item: Pick<JudicialItem, 'source' | 'lot'>): string | null {
  const open = item.lot.activityStatus === 'live' || item.lot.activityStatus === 'suspended';
  return item.source === 'lot' && open && item.lot.activityId !== null ? `#/quoteHall?activityId=${item.lot.activityId}` : null;
}

/** The states the page's state filter offers (the hall's names; 已结束 also picks 流拍 and 已终结). */
export const JUDICIAL_STATE_OPTIONS = ['竞价中', '即将竞价', '正在报名', '已成交', '已结束'] as const;

export { auctionRoundLabel };
