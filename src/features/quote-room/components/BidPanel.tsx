import { useState } from 'react';
import { Alert, App, Button, Input } from 'antd';
import type { BiddingData, PlaceBidAnswer, PlaceBidRequest } from '@/domain/hall';
import { fenToYuanText, formatFenAsYuan, formatYuan } from '@/domain/money';
import { BID_NETWORK_FAILURE, usePlaceBid } from '../api/post-place-bid';
import {
  acceptsAmount,
  amountInputText,
  confirmText,
  newIdempotencyKey,
  nextValidFen,
  parseBidFen,
  precheckBid,
  QUICK_STEPS,
  quickAmountFen,
  sanitizeBidInput,
  stepFen,
} from '../room';

type Feedback =
  /** `count` / `status`: the state it answered (a success: the count its own bid made). */
  | { kind: 'error'; text: string; count: number; status: string }
  | { kind: 'success'; text: string; count: number; status: string }
  /** The network failed after the retries: the same request (same key) may be sent again. */
  | { kind: 'network'; text: string; request: PlaceBidRequest };

/**
 * The answer shown under the form while it still describes the room: a success or a refusal clears when a
 * later bid arrives or the phase changes (an 出价成功 must not stay on screen after the bidder is outbid);
 * a network failure stays with its 重新提交 until the bidder acts.
 */
export function currentFeedback<F extends Feedback>(feedback: F | null, data: Pick<BiddingData, 'biddingCount' | 'status'>): F | null {
  if (!feedback || feedback.kind === 'network') return feedback;
  return feedback.count >= data.biddingCount && feedback.status === data.status ? feedback : null;
}

/** Why the leader's 出价 is disabled. */
export const LEADING_REASON = '您当前为最高出价人，其他竞买人出价后方可再次加价。';

export interface BidPanelProps {
  data: BiddingData;
  myBidCode: string;
  /** The worker's current second of server time (the pre-check's clock). */
  serverNow: number;
  /** An offer was accepted during this visit (sealed offers: one per bidder). */
  bidThisVisit: boolean;
  onAccepted: (answer: PlaceBidAnswer) => void;
  /** The server answered 401: the session is gone. */
  onLoggedOut: () => void;
}

/**
 * The bid form: the next valid price, quick buttons (+1/+2/+5 increments), the amount field, and the
 * server's answer inline and as a message. Each attempt confirms first and carries a fresh idempotency
 * key; network failures are retried with the same key (by the mutation, then by 重新提交).
 */
export function BidPanel({ data, myBidCode, serverNow, bidThisVisit, onAccepted, onLoggedOut }: BidPanelProps) {
  const { modal, message } = App.useApp();
  const [amountText, setAmountText] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const placeBid = usePlaceBid(data.mode);
  const nextFen = nextValidFen(data);
  const live = data.status === 'live';

  const send = async (request: PlaceBidRequest) => {
    try {
      const outcome = await placeBid.mutateAsync(request);
      if (outcome.accepted) {
        const text = `出价成功：${formatYuan(outcome.answer.amount)}（竞买号 ${outcome.answer.bidCode}）`;
        setFeedback({ kind: 'success', text, count: outcome.answer.seq, status: 'live' });
        void message.success(text);
        setAmountText('');
        onAccepted(outcome.answer);
        return;
      }
      setFeedback({ kind: 'error', text: outcome.msg, count: data.biddingCount, status: data.status });
      void message.error(outcome.msg);
      if (outcome.code === 401) onLoggedOut();
    } catch {
      setFeedback({ kind: 'network', text: BID_NETWORK_FAILURE, request });
      void message.error(BID_NETWORK_FAILURE);
    }
  };

  const dutch = !acceptsAmount(data.mode);
  const sealed = data.mode === 'onceOff';
  // The leader may not outbid himself (the guide's default): the form waits, saying why.
  const leading = live && !dutch && !sealed && data.leaderBidCode !== null && data.leaderBidCode === myBidCode;
  const shown = currentFeedback(feedback, data);

  const submit = () => {
    // Dutch: the bidder accepts the price shown (the server records its own price at receipt, never more).
    const amountFen = dutch ? nextFen : parseBidFen(amountText);
    const refusal = precheckBid(data, myBidCode, amountFen, serverNow, bidThisVisit);
    if (refusal) {
      setFeedback({ kind: 'error', text: refusal.message, count: data.biddingCount, status: data.status });
      void message.warning(refusal.message);
      return;
    }
    const fen = amountFen!;
    modal.confirm({
      title: '出价确认',
      content: confirmText(fen),
      okText: '确认出价',
      cancelText: '取消',
      // A fresh key per confirmed attempt: a second click is a second bid, a network retry is not.
      onOk: () => send({ activityId: data.activityId, amount: Number(fenToYuanText(fen)), idempotencyKey: newIdempotencyKey() }),
    });
  };

  return (
    <section className="room-card room-bid" aria-labelledby="room-bid-title">
      <div className="room-card__head">
        <h2 id="room-bid-title" className="room-card__title">
          我要出价
        </h2>
        <span className="room-card__note">
          {dutch ? '降价拍：第一位应价的竞买人以应价时的价格成交' : <>加价幅度 <span className="tabular">{formatFenAsYuan(stepFen(data))}</span></>}
        </span>
      </div>
      <div className="room-bid__next">
        <span className="room-bid__next-label">{dutch ? '应价价格（当前价）' : sealed ? '最低报价（起始价）' : data.biddingCount === 0 ? '最低可出价（起始价）' : '最低可出价'}</span>
        <strong className="room-bid__next-value tabular" data-testid="room-next-price">
          {formatFenAsYuan(nextFen, { suffix: '' })}
        </strong>
        <span className="room-bid__unit">元</span>
      </div>
      {dutch ? (
        <form
          className="room-bid__form"
          aria-label="出价"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Button type="primary" size="large" htmlType="submit" disabled={!live} loading={placeBid.isPending} className="room-bid__submit room-bid__submit--wide">
            {live ? `以当前价 ${formatFenAsYuan(nextFen, { suffix: ' 元' })}应价` : data.status === 'scheduled' ? '竞价尚未开始' : '竞价已结束'}
          </Button>
        </form>
      ) : (
        <>
          <div className="room-bid__quick" role="group" aria-label="快捷加价">
            {QUICK_STEPS.map((steps) => {
              const fen = quickAmountFen(data, steps);
              return (
                <Button key={steps} disabled={!live || leading} onClick={() => setAmountText(amountInputText(fen))} className="room-bid__quick-button">
                  <span className="room-bid__quick-step">+{steps} 个幅度</span>
                  <span className="room-bid__quick-amount tabular">{formatFenAsYuan(fen, { suffix: '' })}</span>
                </Button>
              );
            })}
          </div>
          <form
            className="room-bid__form"
            aria-label="出价"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Input
              size="large"
              className="room-bid__input tabular"
              aria-label="出价金额（元）"
              placeholder={`请输入出价金额，不低于 ${formatFenAsYuan(nextFen, { suffix: ' 元' })}`}
              value={amountText}
              disabled={!live || leading}
              inputMode="decimal"
              suffix="元"
              onChange={(event) => setAmountText(sanitizeBidInput(event.target.value))}
            />
            <Button
              type="primary"
              size="large"
              htmlType="submit"
              disabled={!live || leading}
              title={leading ? LEADING_REASON : undefined}
              loading={placeBid.isPending}
              className="room-bid__submit"
            >
              {live ? (sealed ? '提交报价' : '出价') : data.status === 'scheduled' ? '竞价尚未开始' : '竞价已结束'}
            </Button>
          </form>
        </>
      )}
      {leading && (
        <p className="room-bid__leading" data-testid="room-bid-leading">
          {LEADING_REASON}
        </p>
      )}
      <div className="room-bid__feedback" data-testid="room-bid-feedback">
        {shown?.kind === 'success' && <Alert type="success" showIcon title={shown.text} />}
        {shown?.kind === 'error' && <Alert type="error" showIcon title={shown.text} />}
        {shown?.kind === 'network' && (
          <Alert
            type="error"
            showIcon
            title={shown.text}
            action={
              <Button size="small" loading={placeBid.isPending} onClick={() => void send(shown.request)}>
                重新提交
              </Button>
            }
          />
        )}
      </div>
      <p className="room-bid__hint">出价以服务器收到的时间为准，出价一经确认不可撤回；临近结束时的有效出价将使竞价时间顺延，以竞价公告为准。</p>
    </section>
  );
}
