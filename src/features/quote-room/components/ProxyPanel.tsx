import type { BiddingData } from '#domain/contract/hall';
import { PROXY_MODES, ProxyCeiling } from '@/components/ProxyCeiling';

/**
 * 代理出价 under the bid form (docs/bidding.md "Proxy bidding"): the bidder's own ceiling; the server bids
 * for him whenever he is outbid, with the browser closed too. Only in the modes with an ascending phase.
 */
export function ProxyPanel({ data }: { data: BiddingData }) {
  if (!PROXY_MODES.has(data.mode) || data.status === 'ended') return null;
  return (
    <section className="room-card room-proxy" aria-labelledby="room-proxy-title" data-testid="room-proxy">
      <div className="room-card__head">
        <h2 id="room-proxy-title" className="room-card__title">
          代理出价
        </h2>
        <span className="room-card__note">上限仅您本人可见；被超越时系统自动出价，关闭页面后仍有效</span>
      </div>
      <ProxyCeiling activityId={data.activityId} bidCount={data.biddingCount} />
    </section>
  );
}
