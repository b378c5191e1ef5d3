import { memo } from 'react';
import type { BiddingData } from '#domain/contract/hall';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { formatYuan } from '#domain/rules/money';
import { ProxyMark } from '@/components/ProxyMark';
import { bidStanding, isSealed } from '../room';

/** Why the history is hidden, by the sealed phase. */
const SEALED_HISTORY: Partial<Record<string, string>> = {
  sealed: '一次报价（密封）期间不公开报价记录，竞价结束后公布结果。',
  stage1: '第一阶段（密封报价）期间不公开报价记录，第一阶段截止后公布。',
  final: '最终报价期间不公开报价记录，竞价结束后公布结果。',
};

/** The latest accepted bids, newest first: bid codes only (never names); the bidder's own marked. */
export const BidHistory = memo(function BidHistory({ data, myBidCode }: { data: BiddingData; myBidCode: string | null }) {
  return (
    // Focusable: on a phone the table scrolls sideways inside it, and a keyboard must reach that too.
    <section className="room-card room-history" aria-labelledby="room-history-title" tabIndex={0}>
      <div className="room-card__head">
        <h2 id="room-history-title" className="room-card__title">
          出价记录
        </h2>
        <span className="room-card__note">
          共 {data.biddingCount} 次出价{!isSealed(data) && data.biddingCount > data.bids.length ? `，显示最近 ${data.bids.length} 次` : ''}
        </span>
      </div>
      {isSealed(data) ? (
        <p className="room-history__empty">{SEALED_HISTORY[data.modeState?.phase ?? 'sealed'] ?? SEALED_HISTORY.sealed}</p>
      ) : data.bids.length === 0 ? (
        <p className="room-history__empty">暂无出价记录，第一次出价可等于起始价。</p>
      ) : (
        <table className="room-history__table" data-testid="room-history">
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">竞买号</th>
              <th scope="col">出价金额</th>
              <th scope="col">出价时间</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {data.bids.map((bid) => {
              const standing = bidStanding(bid, data);
              const mine = bid.bidCode === myBidCode;
              return (
                <tr key={bid.seq} data-testid="room-bid" className={mine ? 'room-history__mine' : undefined}>
                  <td>{bid.seq}</td>
                  <td>
                    {bid.bidCode}
                    {mine && <span className="room-history__me">（我）</span>}
                    {bid.proxy && <ProxyMark />}
                  </td>
                  <td className="tabular">{formatYuan(bid.amount)}</td>
                  <td className="tabular">{formatChinaTime(bid.time)}</td>
                  <td>
                    <span className={`room-standing room-standing--${standing === '出局' ? 'out' : 'lead'}`}>{standing}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
});
