/**
 * What the bidding room shows, computed from one bidding-data answer: prices and quick buttons, the
 * bidder's state, the countdown, the extension notice, the history and the result (README "The bidding
 * room"). Pure: the components only lay these values out, and the route tests check
 * the rules through them. Amount arithmetic runs on integer fen (src/domain/money), never on floats.
 */
import {
  ascendingBidRejection,
  bidWindowRejection,
  BID_REJECTION_MESSAGES,
  dutchBidRejection,
  nextValidBidFen,
  sealedBidRejection,
  type BidRejection,
} from '@/domain/bidRules';
import { formatChinaTime } from '@/domain/chinaTime';
import { LISTING_STATUS_LABELS } from '@/domain/listing';
import { isSealedLot } from '@/domain/liveValues';
import { lotStage } from '@/domain/lotState';
import type { BiddingData, BiddingMode, BidRecord } from '@/domain/hall';
import { fenToYuanText, formatFenAsYuan, formatMoney, formatYuan, sanitizeMoneyInput, toFenBigInt } from '@/domain/money';

export type MyStanding = '领先' | '出局' | '未出价' | '已报价' | '竞得' | '未竞得';

/** onceOff while open: amounts and the leader are hidden (the server says so in modeState). */
export function isSealed(data: Pick<BiddingData, 'modeState' | 'mode' | 'status'>): boolean {
  return data.modeState?.sealed ?? isSealedLot(data);
}

/** The bidder's own state: leading when the leader's code is his, out once he has bid, else not yet. */
export function myStanding(data: Pick<BiddingData, 'leaderBidCode' | 'bids' | 'modeState' | 'mode' | 'status' | 'outcome'>, myBidCode: string, bidThisVisit: boolean): MyStanding {
  // Sealed: nobody learns whether he leads; only whether his offer is in.
  if (isSealed(data)) return bidThisVisit ? '已报价' : '未出价';
  const bid = bidThisVisit || data.bids.some((b) => b.bidCode === myBidCode);
  if (data.status === 'ended' && data.outcome === 'sold') {
    if (data.leaderBidCode === myBidCode) return '竞得';
    return bid ? '未竞得' : '未出价';
  }
  if (data.leaderBidCode !== null && data.leaderBidCode === myBidCode) return '领先';
  return bid ? '出局' : '未出价';
}

/**
 * A bid of the history leads when it is the newest (the last accepted bid sets the price); once the
 * activity is sold, that bid reads 成交.
 */
export function bidStanding(bid: BidRecord, data: Pick<BiddingData, 'bids' | 'leaderBidCode' | 'status' | 'outcome'>): '领先' | '出局' | '成交' {
  const newest = data.bids[0];
  const leads = newest !== undefined && newest.seq === bid.seq && bid.bidCode === data.leaderBidCode;
  if (!leads) return '出局';
  return data.status === 'ended' && data.outcome === 'sold' ? '成交' : '领先';
}

const fen = (yuan: number): number => Number(toFenBigInt(yuan) ?? 0n);

type PriceFields = Pick<BiddingData, 'startPrice' | 'biddingPrice' | 'increment' | 'biddingCount' | 'mode' | 'modeState'>;

/** The step of the next bid in fen: the server's `nextIncrement` (tiered increments) or the flat increment. */
export function stepFen(data: Pick<BiddingData, 'increment' | 'modeState'>): number {
  return fen(data.modeState?.nextIncrement || data.increment);
}

/** The mode takes an amount above a floor (ascending, sealed) rather than accepting the price (dutch). */
export const acceptsAmount = (mode: BiddingMode) => mode !== 'dutch-auction';

/**
 * The lowest valid next bid in fen: the start price before any bid (and for every sealed offer), then
 * current + one increment; dutch: the current (falling) price.
 */
export function nextValidFen(data: PriceFields): number {
  if (data.mode === 'dutch-auction') return fen(data.biddingPrice);
  if (data.mode === 'onceOff') return fen(data.startPrice);
  return nextValidBidFen({ startFen: fen(data.startPrice), currentFen: fen(data.biddingPrice), incrementFen: stepFen(data), bidCount: data.biddingCount });
}

/** The quick buttons: +k increments, +1 being the next valid price (current + k × increment after a bid). */
export const QUICK_STEPS = [1, 2, 5] as const;

export function quickAmountFen(data: PriceFields, steps: number): number {
  return nextValidFen(data) + (steps - 1) * stepFen(data);
}

/** Fen → the input's text ('1234500.00' → '1234500', '12.5' keeps its fen). */
export function amountInputText(amountFen: number): string {
  return fenToYuanText(amountFen).replace(/\.00$/, '');
}

/**
 * What the amount field keeps of what was typed (spec section 5 money input: up to 12 integer digits;
 * anything else is emptied). A bid is a whole number of fen, so decimals beyond the fen are truncated.
 */
export function sanitizeBidInput(raw: string): string {
  const text = sanitizeMoneyInput(raw);
  const dot = text.indexOf('.');
  return dot < 0 ? text : text.slice(0, dot + 3);
}

/** The typed amount in fen; null when empty or not a number. */
export function parseBidFen(text: string): number | null {
  const clean = sanitizeBidInput(text).replace(/\.$/, '');
  const value = clean === '' ? null : toFenBigInt(clean);
  return value === null ? null : Number(value);
}

export const EMPTY_AMOUNT_MESSAGE = '请输入出价金额';

/**
 * The pre-check before sending, with the server's own rules (src/domain/bidRules.ts): the window at the
 * worker's server time, then the mode's amount rules. The contract carries no cap and no self-outbid
 * setting: the guide's default (the leader may not outbid himself) is checked and the cap is left to the
 * server. Tiered increments are covered by the server's `nextIncrement` (the step of the current band).
 */
export function precheckBid(
  data: BiddingData,
  myBidCode: string,
  amountFen: number | null,
  serverNow: number,
  bidThisVisit = false,
): { rejection: BidRejection | 'empty'; message: string } | null {
  if (amountFen === null) return { rejection: 'empty', message: EMPTY_AMOUNT_MESSAGE };
  const windowRejection = data.status === 'ended' ? 'closed' : bidWindowRejection(data.startTime, data.endTime, serverNow);
  let rejection: BidRejection | null = windowRejection;
  if (!rejection && data.mode === 'dutch-auction') rejection = dutchBidRejection(data.biddingCount, fen(data.biddingPrice), amountFen);
  else if (!rejection && data.mode === 'onceOff')
    rejection = sealedBidRejection({ startFen: fen(data.startPrice), incrementFen: fen(data.increment), capFen: null }, bidThisVisit, amountFen);
  else if (!rejection)
    rejection = ascendingBidRejection(
      {
        startFen: fen(data.startPrice),
        currentFen: fen(data.biddingPrice),
        incrementFen: stepFen(data),
        capFen: null,
        bidCount: data.biddingCount,
        // Only "is it me" matters to the rules: 1 = me, 2 = someone else.
        leaderUserId: data.leaderBidCode === null ? null : data.leaderBidCode === myBidCode ? 1 : 2,
        allowSelfOutbid: false,
      },
      1,
      amountFen,
    );
  return rejection ? { rejection, message: BID_REJECTION_MESSAGES[rejection] } : null;
}

/** The extension notice, or null while the end is the original one. */
export function extensionNotice(data: Pick<BiddingData, 'endTime' | 'originalEndTime' | 'extensionCount'>): string | null {
  if (data.extensionCount <= 0 && data.endTime <= data.originalEndTime) return null;
  return `竞价时间已延长至 ${formatChinaTime(data.endTime, 'HH:mm:ss')}`;
}

const PHASE_NAMES = {
  open: '自由竞价',
  free: '自由报价期',
  timed: '限时报价期',
  sealed: '密封报价中',
  descending: '降价中',
} as const;

/** The phase of the mode, as the bidder reads it (the server's modeState.phase when it sends one). */
export function phaseText(data: Pick<BiddingData, 'status' | 'mode' | 'extensionCount' | 'outcome' | 'modeState'>): string {
  // Before and after the auction the room reads the lot state (src/domain/lotState.ts) as every list does.
  if (data.status === 'scheduled') return LISTING_STATUS_LABELS.upcoming;
  if (data.status === 'ended') return LISTING_STATUS_LABELS[lotStage(null, data)];
  const phase = data.modeState?.phase ?? 'open';
  if (phase === 'ended') return '已结束';
  if (phase === 'open' && data.extensionCount > 0) return `延时竞价（已延时 ${data.extensionCount} 次）`;
  return PHASE_NAMES[phase];
}

export interface RoomResult {
  kind: 'sold' | 'failed';
  title: string;
  detail: string;
}

/** The result once the activity ended: 成交 with the winning code and price, or 流拍. */
export function roomResult(data: BiddingData): RoomResult | null {
  if (data.status !== 'ended') return null;
  if (data.outcome === 'sold' && data.leaderBidCode) {
    return {
      kind: 'sold',
      title: '成交',
      detail: `竞买号 ${data.leaderBidCode} 以 ${formatYuan(data.biddingPrice)} 成交`,
    };
  }
  return { kind: 'failed', title: '流拍', detail: data.biddingCount === 0 ? '竞价期间无人出价，本场竞价流拍' : '最高出价未达保留价，本场竞价流拍' };
}

/** Money display (万元 at ≥ 10000 yuan, 元 below with a yuan tooltip). */
export function moneyText(yuan: number): { label: string; tooltip: string | null } {
  const display = formatMoney(yuan);
  return display ? { label: display.label, tooltip: display.yuanTooltip } : { label: '--', tooltip: null };
}

/** The confirmation question (确认以 X 元出价？), in full yuan with separators ('1,234,500.00'). */
export function confirmText(amountFen: number): string {
  return `确认以 ${formatFenAsYuan(amountFen, { suffix: ' 元' })}出价？`;
}

/** A fresh idempotency key per attempt: a UUID without its dashes (32 hex digits). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
