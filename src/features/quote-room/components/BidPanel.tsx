import { useState } from 'react';
import { Alert, App, Button, Input } from 'antd';
import type { BiddingData, PlaceBidAnswer, PlaceBidRequest } from '#domain/contract/hall';
import { suspendedBidMessage } from '#domain/rules/bidRules';
import { fenToYuanText, formatFenAsYuan, formatYuan } from '#domain/rules/money';
import { useAlertPrefs } from '@/lib/alertPrefs';
import { useJoinStage } from '../api/post-join-stage';
import { BID_NETWORK_FAILURE, usePlaceBid } from '../api/post-place-bid';
import { useBidKeyConfirmation } from '../useBidKeyConfirmation';
import {
  amountInputText,
  bidAction,
  confirmText,
  currentPhase,
  JOIN_CONFIRM_TEXT,
  newIdempotencyKey,
  nextValidFen,
  parseBidFen,
  precheckBid,
  quickButtons,
  sanitizeBidInput,
  stepFen,
  type MyModeFields,
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
  /** What the bidding-data answer told this bidder alone (his offer, at the cap, joined stage 2). */
  mine: MyModeFields;
  /** The worker's current second of server time (the pre-check's clock and the phase's). */
  serverNow: number;
  /** An offer was accepted during this visit (sealed offers: one per bidder). */
  bidThisVisit: boolean;
  onAccepted: (answer: PlaceBidAnswer) => void;
  /** two-stage: the bidder joined stage 2. */
  onJoined: () => void;
  /** The server answered 401: the session is gone. */
  onLoggedOut: () => void;
  /**
   * The server's answer to the last bid, for the room to keep: an answer that ends the activity (a
   * first-come acceptance, a rival's) puts this form away, and the bidder must still read what happened.
   */
  onAnswer?: (answer: { kind: 'success' | 'error'; text: string }) => void;
}

const MODE_NOTES: Partial<Record<BiddingData['mode'], string>> = {
  'dutch-auction': '降价拍：第一位应价的竞买人以应价时的价格成交',
  'first-come-first-served': '先到先得：第一位应价的竞买人以挂牌价格成交',
  'v-shaped': 'V 型竞价：首次应价后转为加价竞价',
};

/**
 * The bid form of the mode's phase (room.ts bidAction): an amount with the next valid price and quick
 * buttons (+1/+2/+5 increments), or one button accepting a price (dutch, v-shaped's descent, first-come,
 * final's match at the cap), or two-stage's confirmation to join stage 2, or why there is nothing to do;
 * and the server's answer inline, under the button (never a floating toast over the countdown or the form). Each attempt confirms first and carries a fresh
 * idempotency key; network failures are retried with the same key (by the mutation, then by 重新提交).
 */
export function BidPanel({ data, myBidCode, mine, serverNow, bidThisVisit, onAccepted, onJoined, onLoggedOut, onAnswer }: BidPanelProps) {
  const { modal } = App.useApp();
  // What the bidder typed (or a quick button put), with the minimum it was typed against; null: nothing.
  const [typed, setTyped] = useState<{ text: string; atFen: number } | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const placeBid = usePlaceBid(data.mode);
  // 大额出价需安全密钥确认: a bid above the bidder's threshold is confirmed with the key and sent again.
  const withKeyConfirmation = useBidKeyConfirmation();
  const joinStage = useJoinStage(data.activityId);
  const phase = currentPhase(data, serverNow);
  const action = bidAction(data, serverNow, bidThisVisit, mine);
  const nextFen = nextValidFen(data, phase);
  // Never above the cap (room.ts quickButtons): a bid at the cap is the highest one offered.
  const quick = action.kind === 'amount' ? quickButtons(data, phase) : [];
  const live = data.status === 'live';
  const amountText = shownAmount(typed, nextFen);
  const setAmountText = (text: string) => setTyped({ text, atFen: nextFen });
  const prefs = useAlertPrefs();

  const send = async (request: PlaceBidRequest) => {
    try {
      const outcome = await withKeyConfirmation(request, placeBid.mutateAsync);
      if (outcome.accepted) {
        const text = `出价成功：${formatYuan(outcome.answer.amount)}（竞买号 ${outcome.answer.bidCode}）`;
        setFeedback({ kind: 'success', text, count: outcome.answer.seq, status: 'live' });
        onAnswer?.({ kind: 'success', text });
        setTyped(null);
        onAccepted(outcome.answer);
        return;
      }
      setFeedback({ kind: 'error', text: outcome.msg, count: data.biddingCount, status: data.status });
      onAnswer?.({ kind: 'error', text: outcome.msg });
      if (outcome.code === 401) onLoggedOut();
    } catch {
      setFeedback({ kind: 'network', text: BID_NETWORK_FAILURE, request });
    }
  };

  // The leader may not outbid himself (the guide's default): an open-bidding form waits, saying why.
  const leading = live && action.kind === 'amount' && action.submitText === '出价' && data.leaderBidCode !== null && data.leaderBidCode === myBidCode;
  const shown = currentFeedback(feedback, data);

  const submit = () => {
    if (action.kind !== 'amount' && action.kind !== 'accept') return;
    // An acceptance takes the price shown (the server records its own price at receipt, never more).
    const amountFen = action.kind === 'accept' ? action.priceFen : parseBidFen(amountText);
    const refusal = precheckBid(data, myBidCode, amountFen, serverNow, bidThisVisit, mine);
    if (refusal) {
      setFeedback({ kind: 'error', text: refusal.message, count: data.biddingCount, status: data.status });
      return;
    }
    const fen = amountFen!;
    // A fresh key per attempt: a second click is a second bid, a network retry is not.
    const request = () => send({ activityId: data.activityId, amount: Number(fenToYuanText(fen)), idempotencyKey: newIdempotencyKey() });
    // 提醒设置 出价前确认 off: the click is the bid (the last second is one click).
    if (!prefs.confirmBids) {
      void request();
      return;
    }
    modal.confirm({
      title: '出价确认',
      content: confirmText(fen, action.verb),
      okText: '确认出价',
      cancelText: '取消',
      onOk: request,
    });
  };

  const join = () =>
    modal.confirm({
      title: '确认参加第二阶段',
      content: JOIN_CONFIRM_TEXT,
      okText: '确认参加',
      cancelText: '取消',
      onOk: async () => {
        try {
          const outcome = await joinStage.mutateAsync();
          if (outcome.joined) {
            const text = '已确认参加第二阶段';
            setFeedback({ kind: 'success', text, count: data.biddingCount, status: data.status });
            onJoined();
            return;
          }
          setFeedback({ kind: 'error', text: outcome.msg, count: data.biddingCount, status: data.status });
          if (outcome.code === 401) onLoggedOut();
        } catch {
          setFeedback({ kind: 'error', text: '网络异常，请重试', count: data.biddingCount, status: data.status });
        }
      },
    });

  const closedText = data.status === 'scheduled' ? '竞价尚未开始' : data.status === 'suspended' ? '竞价已中止' : '竞价已结束';
  const note = MODE_NOTES[data.mode] ?? (action.kind === 'amount' ? (
    <>
      加价幅度 <span className="tabular">{formatFenAsYuan(stepFen(data))}</span>
    </>
  ) : null);

  return (
    <section className="room-card room-bid" aria-labelledby="room-bid-title" data-testid="room-bid-panel">
      <div className="room-card__head">
        <h2 id="room-bid-title" className="room-card__title">
          {action.kind === 'join' ? '第二阶段确认' : '我要出价'}
        </h2>
        {note && <span className="room-card__note">{note}</span>}
      </div>
      {data.status === 'suspended' && <Alert type="warning" showIcon data-testid="room-bid-suspended" title={suspendedBidMessage(data.suspendReason)} />}
      {action.kind === 'notice' && (
        <Alert type="info" showIcon data-testid="room-bid-notice" title={action.text} />
      )}
      {action.kind === 'join' && (
        <>
          <p className="room-bid__join-text">
            第一阶段已结束，最高报价 <strong className="tabular">{formatYuan(data.biddingPrice)}</strong> 为第二阶段起始价。确认参加后，第二阶段以限时报价方式进行。
            {mine.myOffer != null && <>您的第一阶段报价为 {formatYuan(mine.myOffer)}。</>}
          </p>
          <Button type="primary" size="large" className="room-bid__submit room-bid__submit--wide" data-testid="room-join" loading={joinStage.isPending} disabled={!live} onClick={join}>
            确认参加第二阶段
          </Button>
        </>
      )}
      {(action.kind === 'amount' || action.kind === 'accept') && (
        <div className="room-bid__next">
          <span className="room-bid__next-label">{action.kind === 'accept' ? (data.mode === 'first-come-first-served' ? '应价价格（挂牌价格）' : data.mode === 'final' ? '应价价格（封顶价）' : '应价价格（当前价）') : action.nextLabel}</span>
          <strong className="room-bid__next-value tabular" data-testid="room-next-price">
            {formatFenAsYuan(nextFenOf(action, nextFen), { suffix: '' })}
          </strong>
          <span className="room-bid__unit">元</span>
        </div>
      )}
      {action.kind === 'accept' && (
        <form
          className="room-bid__form"
          aria-label="出价"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Button type="primary" size="large" htmlType="submit" disabled={!live} loading={placeBid.isPending} className="room-bid__submit room-bid__submit--wide">
            {live ? action.submitText : closedText}
          </Button>
        </form>
      )}
      {action.kind === 'amount' && (
        <>
          {quick.length > 0 && (
            <div className="room-bid__quick" role="group" aria-label="快捷加价">
              {quick.map(({ amountFen, label }) => (
                <Button key={amountFen} disabled={!live || leading} onClick={() => setAmountText(amountInputText(amountFen))} className="room-bid__quick-button">
                  <span className="room-bid__quick-step">{label}</span>
                  <span className="room-bid__quick-amount tabular">{formatFenAsYuan(amountFen, { suffix: '' })}</span>
                </Button>
              ))}
            </div>
          )}
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
              data-testid="room-bid-amount"
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
              {live ? action.submitText : closedText}
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

/**
 * The amount field's text: the next minimum, kept current as prices move, until the bidder types (or a quick
 * button puts) an amount; what was typed stays while it is still valid — once the minimum has moved above it,
 * the field follows the minimum again. An emptied field stays empty (the pre-check asks for an amount).
 */
export function shownAmount(typed: { text: string; atFen: number } | null, nextFen: number): string {
  if (typed === null) return amountInputText(nextFen);
  if (typed.atFen === nextFen) return typed.text;
  const fen = parseBidFen(typed.text);
  return fen !== null && fen >= nextFen ? typed.text : amountInputText(nextFen);
}

/** The price an action shows as its next price. */
function nextFenOf(action: { kind: 'amount' } | { kind: 'accept'; priceFen: number }, nextFen: number): number {
  return action.kind === 'accept' ? action.priceFen : nextFen;
}
