import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { BidReceipt, BidReceiptsAnswer } from '#domain/contract/bidReceipt';
import type { BiddingData } from '#domain/contract/hall';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { formatYuan } from '#domain/rules/money';
import { saveBlob } from '@/lib/saveBlob';
import { useBidReceipts } from '../api/get-bid-receipts';
import { isSealed } from '../room';

/** The receipt as saved: the signed fields, the signature, and the key to check it with. */
function receiptFile(receipt: BidReceipt, answer: BidReceiptsAnswer): string {
  return JSON.stringify({ ...receipt, publicKey: answer.publicKey }, null, 2);
}

/**
 * 我的出价凭证: the bidder's own receipts in this activity, each signed by the exchange (docs/bidding.md
 * "The bid record"), with 下载 saving the receipt as JSON. A sealed offer's receipt shows no amount (it
 * signs the offer's hash).
 */
export function MyBidReceipts({ room, myBidCode }: { room: BiddingData; myBidCode: string }) {
  const { activityId } = room;
  // Asked again when the bidder may have a new receipt — his bid took the lead (open modes), or any offer
  // came in (sealed: the leader is hidden) — not on every rival's bid: a busy room does not poll receipts.
  const [asOf, setAsOf] = useState(room.biddingCount);
  if ((isSealed(room) || room.leaderBidCode === myBidCode) && asOf !== room.biddingCount) setAsOf(room.biddingCount);
  const { data } = useBidReceipts(activityId, asOf);
  if (!data || data.receipts.length === 0) return null;
  return (
    <section className="room-card room-receipts" aria-labelledby="room-receipts-title" data-testid="room-receipts">
      <div className="room-card__head">
        <h2 id="room-receipts-title" className="room-card__title">
          我的出价凭证
        </h2>
      </div>
      <ul className="room-receipts__list">
        {data.receipts.map((r) => (
          <li key={r.signed.seq} className="room-receipts__item">
            <span className="tabular">序号 {r.signed.seq}</span> <span>竞买号 {r.signed.bidCode}</span>{' '}
            <span className="tabular">{r.signed.amount === null ? '密封报价（凭证签署其哈希）' : formatYuan(r.signed.amount)}</span>{' '}
            <span className="tabular">{formatChinaTime(r.signed.serverTime)}</span>{' '}
            <span className="room-receipts__hash" title={r.signed.hash}>
              哈希 {r.signed.hash.slice(0, 12)}…
            </span>{' '}
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={`下载序号 ${r.signed.seq} 的出价凭证`}
              onClick={() => saveBlob(new Blob([receiptFile(r, data)], { type: 'application/json' }), `出价凭证-${activityId}-${r.signed.seq}.json`)}
            >
              下载
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
