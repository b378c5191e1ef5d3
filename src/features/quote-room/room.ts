/**
 * What the bidding room shows, computed from one bidding-data answer: prices and quick buttons, the
 * bidder's state, the countdown, the extension notice, the history and the result (README "The bidding
 * room"). Pure: the components only lay these values out, and the route tests check
 * the rules through them. Amount arithmetic runs on integer fen (domain/rules/money), never on floats.
 */
import { ascendingBidRejection, bidWindowRejection, BID_REJECTION_MESSAGES, dutchBidRejection, finalPhaseRejection, fixedPriceRejection, nextValidBidFen, quickBids, sealedBidRejection, suspendedBidMessage, type BidRejection } from '#domain/rules/bidRules';
import type { ModePhase } from '#domain/contract/bidModes';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import { isSealedLot } from '#domain/rules/liveValues';
import { lotStage } from '#domain/rules/lotState';
import type { BiddingData } from '#domain/contract/hall';
import type { BidRecord } from '#domain/contract/activity';
import type { StandingText } from '#domain/rules/desk';
import { fenToYuanText, formatFenAsYuan, formatInUnit, formatYuan, panelUnit, sanitizeMoneyInput, toFenBigInt } from '#domain/rules/money';

/** The bidder's standing in the room, in the one name table of every page (STANDING_TEXT). */
export type MyStanding = Exclude<StandingText, '已报名'>;

/** What the bidding-data answer tells the asker alone (his mode's state: final, two-stage, sealed offers). */
export type MyModeFields = Pick<BiddingData, 'myOffer' | 'myJoined' | 'myAtCap' | 'myCanMatch'>;

/**
 * The phase at the server time `serverNow`: the server's modeState.phase, turned at two-stage's
 * boundaries (modeState.phaseEndsAt) on time alone, so the room does not wait for a poll: stage 1 → the
 * confirmation window; the window → stage 2 when someone joined (the end then lies beyond the window).
 */
export function currentPhase(data: Pick<BiddingData, 'modeState' | 'status' | 'endTime'>, serverNow: number): ModePhase | undefined {
  const ms = data.modeState;
  if (!ms || data.status !== 'live' || ms.phaseEndsAt == null || serverNow < ms.phaseEndsAt) return ms?.phase;
  if (ms.phase === 'stage1') return 'join';
  if (ms.phase === 'join' && data.endTime > ms.phaseEndsAt) return 'stage2';
  return ms.phase;
}

/** onceOff while open: amounts and the leader are hidden (the server says so in modeState). */
export function isSealed(data: Pick<BiddingData, 'modeState' | 'mode' | 'status'>): boolean {
  return data.modeState?.sealed ?? isSealedLot(data);
}

/** The bidder's own state: leading when the leader's code is his, out once he has bid, else not yet. */
export function myStanding(
  data: Pick<BiddingData, 'leaderBidCode' | 'bids' | 'modeState' | 'mode' | 'status' | 'outcome'>,
  myBidCode: string,
  bidThisVisit: boolean,
  mine: MyModeFields = {},
): MyStanding {
  // final at the cap: in the running (at the cap), offered, or out.
  if (data.modeState?.phase === 'final' && data.status !== 'ended') {
    if (mine.myOffer != null) return '已报价';
    if (mine.myAtCap) return '已入围';
    return bidThisVisit || data.bids.some((b) => b.bidCode === myBidCode) ? '出局' : '未出价';
  }
  // Sealed: nobody learns whether he leads; only whether his offer is in.
  if (isSealed(data)) return bidThisVisit || mine.myOffer != null ? '已报价' : '未出价';
  const bid = bidThisVisit || data.bids.some((b) => b.bidCode === myBidCode);
  if (data.status === 'ended' && data.outcome === 'sold') {
    if (data.leaderBidCode === myBidCode) return '竞得';
    return bid ? '未竞得' : '未出价';
  }
  if (data.leaderBidCode !== null && data.leaderBidCode === myBidCode) return '领先';
  return bid ? '出局' : '未出价';
}

/**
 * The bid of the history that sets the current price leads; once the activity is sold, it reads 成交.
 */
export function bidStanding(bid: BidRecord, data: Pick<BiddingData, 'bids' | 'leaderBidCode' | 'status' | 'outcome' | 'biddingPrice'>): '领先' | '出局' | '成交' {
  // The leader's newest bid at the current price (sealed rankings — onceOff, final, two-stage's stage 1 —
  // may make an earlier bid the leading one).
  const leading = data.bids.find((b) => b.bidCode === data.leaderBidCode && b.amount === data.biddingPrice);
  const leads = leading !== undefined && leading.seq === bid.seq;
  if (!leads) return '出局';
  return data.status === 'ended' && data.outcome === 'sold' ? '成交' : '领先';
}

const fen = (yuan: number): number => Number(toFenBigInt(yuan) ?? 0n);

type PriceFields = Pick<BiddingData, 'startPrice' | 'biddingPrice' | 'increment' | 'biddingCount' | 'mode' | 'modeState'>;

/** The step of the next bid in fen: the server's `nextIncrement` (tiered increments) or the flat increment. */
export function stepFen(data: Pick<BiddingData, 'increment' | 'modeState'>): number {
  return fen(data.modeState?.nextIncrement || data.increment);
}

/** The cap in fen, null without one (the server says it in modeState.capPrice). */
export function capFen(data: Pick<BiddingData, 'modeState'>): number | null {
  const cap = data.modeState?.capPrice;
  return cap == null ? null : fen(cap);
}

/**
 * The mode takes the price shown (an acceptance: dutch, v-shaped before its first acceptance,
 * first-come-first-served) rather than an amount above a floor.
 */
export const acceptsPrice = (data: Pick<BiddingData, 'mode' | 'biddingCount'>): boolean =>
  data.mode === 'dutch-auction' || data.mode === 'first-come-first-served' || (data.mode === 'v-shaped' && data.biddingCount === 0);

/**
 * The lowest valid next bid in fen: the start price before any bid (and for every sealed offer), then
 * current + one increment; an acceptance: the price shown (dutch: falling; first-come: fixed); final at
 * the cap: the cap + one increment (a final offer).
 */
export function nextValidFen(data: PriceFields, phase: ModePhase | undefined = data.modeState?.phase): number {
  if (data.mode === 'first-come-first-served') return fen(data.startPrice);
  if (acceptsPrice(data)) return fen(data.biddingPrice);
  if (data.mode === 'onceOff' || (data.mode === 'two-stage' && phase === 'stage1')) return fen(data.startPrice);
  const cap = capFen(data);
  if (data.mode === 'final' && phase === 'final' && cap !== null) return cap + stepFen(data);
  return nextValidBidFen({ startFen: fen(data.startPrice), currentFen: fen(data.biddingPrice), incrementFen: stepFen(data), bidCount: data.biddingCount });
}

/** The quick buttons: +k increments, +1 being the next valid price (current + k × increment after a bid). */
export const QUICK_STEPS = [1, 2, 5] as const;

/**
 * The cap that bounds the amounts the form sends in this phase: the activity's cap, except in final's window
 * of final offers, which lie above it in whole increments by design.
 */
function boundingCapFen(data: PriceFields, phase: ModePhase | undefined): number | null {
  return data.mode === 'final' && phase === 'final' ? null : capFen(data);
}

/** A quick button: the amount it puts in the field and its words. */
export interface QuickButton {
  amountFen: number;
  label: string;
}

/**
 * The quick buttons of the amount form (domain quickBids): +1/+2/+5 increments from the next valid price,
 * never above the cap — one that would be offers the highest valid bid within it instead, once (with start
 * 82, increment 1,000 and cap 1,082: 起拍价 82 and 封顶价 1,082, no 4,082). A button at the cap reads 封顶价
 * (a bid there usually ends the activity). Otherwise after a bid, +k above the current price; before the
 * first (or for a sealed offer) the next valid price is the start price itself, so the buttons read 起拍价
 * and 起拍价 +k−1 个幅度 — a first bid at the start price is valid and must not read as one increment above.
 */
export function quickButtons(data: PriceFields, phase: ModePhase | undefined = data.modeState?.phase): QuickButton[] {
  const nextFen = nextValidFen(data, phase);
  const fromStart = nextFen === fen(data.startPrice);
  return quickBids({ nextFen, incrementFen: stepFen(data), capFen: boundingCapFen(data, phase) }, QUICK_STEPS).map((b) => ({
    amountFen: b.amountFen,
    label: b.atCap ? '封顶价' : !fromStart ? `+${b.steps} 个幅度` : b.steps === 1 ? '起拍价' : `起拍价 +${b.steps - 1} 个幅度`,
  }));
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
 * The pre-check before sending, with the server's own rules (domain/rules/bidRules.ts): the window at the
 * worker's server time, then the mode's amount rules in the phase the room shows. The contract carries no
 * self-outbid setting: the guide's default (the leader may not outbid himself) is checked; the cap comes
 * with modeState. Tiered increments are covered by the server's `nextIncrement` (the step of the current
 * band). What the bidder alone knows (his offer, at the cap, joined) comes from `mine`.
 */
export function precheckBid(
  data: BiddingData,
  myBidCode: string,
  amountFen: number | null,
  serverNow: number,
  bidThisVisit = false,
  mine: MyModeFields = {},
): { rejection: BidRejection | 'empty'; message: string } | null {
  if (amountFen === null) return { rejection: 'empty', message: EMPTY_AMOUNT_MESSAGE };
  // The floor: no bid while suspended (with the exchange's reason), none once terminated.
  if (data.status === 'suspended') return { rejection: 'suspended', message: suspendedBidMessage(data.suspendReason) };
  if (data.status === 'ended' && data.outcome === 'terminated') return { rejection: 'terminated', message: BID_REJECTION_MESSAGES.terminated };
  // Once the server says live the auction has started: the frame's serverNow is the whole second (workers/clock.ts),
  // up to a second behind, and would refuse a bid in the auction's first second as 竞价尚未开始.
  const windowAt = data.status === 'live' ? Math.max(serverNow, data.startTime) : serverNow;
  const rejection = (data.status === 'ended' ? 'closed' : bidWindowRejection(data.startTime, data.endTime, windowAt)) ?? modeRejection(data, myBidCode, amountFen, serverNow, bidThisVisit, mine);
  return rejection ? { rejection, message: BID_REJECTION_MESSAGES[rejection] } : null;
}

function modeRejection(data: BiddingData, myBidCode: string, amountFen: number, serverNow: number, bidThisVisit: boolean, mine: MyModeFields): BidRejection | null {
  const phase = currentPhase(data, serverNow);
  const cap = capFen(data);
  const sealed = () => sealedBidRejection({ startFen: fen(data.startPrice), incrementFen: fen(data.increment), capFen: cap }, bidThisVisit || mine.myOffer != null, amountFen);
  const ascending = () =>
    ascendingBidRejection(
      {
        startFen: fen(data.startPrice),
        currentFen: fen(data.biddingPrice),
        incrementFen: stepFen(data),
        capFen: cap,
        bidCount: data.biddingCount,
        // Only "is it me" matters to the rules: 1 = me, 2 = someone else.
        leaderUserId: data.leaderBidCode === null ? null : data.leaderBidCode === myBidCode ? 1 : 2,
        allowSelfOutbid: false,
      },
      1,
      amountFen,
    );
  switch (data.mode) {
    case 'dutch-auction':
      return dutchBidRejection(data.biddingCount, fen(data.biddingPrice), amountFen);
    case 'first-come-first-served':
      return fixedPriceRejection(data.biddingCount, fen(data.startPrice), amountFen);
    case 'v-shaped':
      return data.biddingCount === 0 ? dutchBidRejection(0, fen(data.biddingPrice), amountFen) : ascending();
    case 'onceOff':
      return sealed();
    case 'two-stage':
      if (phase === 'stage1') return sealed();
      if (phase === 'join') return 'stage1Closed';
      return mine.myJoined ? ascending() : 'notJoined';
    case 'final':
      if (phase !== 'final' || cap === null) return ascending();
      // The holder's right is known to the room only as "may match now" (myCanMatch).
      return finalPhaseRejection(
        { capFen: cap, incrementFen: stepFen(data), atCap: mine.myAtCap === true, offered: mine.myOffer != null, bidderRank: mine.myCanMatch ? 1 : null, lastAtCapRank: null },
        amountFen,
      );
    default:
      return ascending();
  }
}

/** What the bid panel offers in the room's phase. */
export type BidAction =
  /** An amount field with quick buttons (ascending bids, sealed quotes, final offers). */
  | { kind: 'amount'; nextLabel: string; submitText: string; verb: string; quick: boolean }
  /** One button accepting a price (dutch, v-shaped's descent, first-come, final's match at the cap). */
  | { kind: 'accept'; priceFen: number; submitText: string; verb: string }
  /** two-stage: confirm joining stage 2. */
  | { kind: 'join' }
  /** Nothing to do in this phase, and why. */
  | { kind: 'notice'; text: string };

/** The bid panel's action for the bidder in the phase the room shows (pure; the panel lays it out). */
export function bidAction(data: BiddingData, serverNow: number, bidThisVisit: boolean, mine: MyModeFields = {}): BidAction {
  const phase = currentPhase(data, serverNow);
  const price = (fenAmount: number) => formatFenAsYuan(fenAmount, { suffix: ' 元' });
  const ascending = (): BidAction => ({ kind: 'amount', nextLabel: data.biddingCount === 0 ? '最低可出价（起始价）' : '最低可出价', submitText: '出价', verb: '出价', quick: true });
  switch (data.mode) {
    case 'dutch-auction':
      return { kind: 'accept', priceFen: fen(data.biddingPrice), submitText: `以当前价 ${price(fen(data.biddingPrice))}应价`, verb: '出价' };
    case 'first-come-first-served':
      return { kind: 'accept', priceFen: fen(data.startPrice), submitText: `以挂牌价格 ${price(fen(data.startPrice))}应价`, verb: '应价' };
    case 'v-shaped':
      return data.biddingCount === 0 ? { kind: 'accept', priceFen: fen(data.biddingPrice), submitText: `以当前价 ${price(fen(data.biddingPrice))}应价`, verb: '应价' } : ascending();
    case 'onceOff':
      return { kind: 'amount', nextLabel: '最低报价（起始价）', submitText: '提交报价', verb: '出价', quick: true };
    case 'two-stage':
      if (phase === 'stage1') {
        if (bidThisVisit || mine.myOffer != null) return { kind: 'notice', text: `您已提交第一阶段报价${mine.myOffer != null ? ` ${formatYuan(mine.myOffer)}` : ''}，第一阶段截止后公布最高报价。` };
        return { kind: 'amount', nextLabel: '最低报价（起始价）', submitText: '提交第一阶段报价', verb: '报价', quick: true };
      }
      if (phase === 'join') {
        if (mine.myJoined) {
          const at = data.modeState?.phaseEndsAt;
          return { kind: 'notice', text: `您已确认参加第二阶段，第二阶段于${at ? ` ${formatChinaTime(at, 'HH:mm:ss')} ` : '确认期结束时'}开始。` };
        }
        if (mine.myOffer == null) return { kind: 'notice', text: '您在第一阶段未提交有效报价，不能参加第二阶段。' };
        return { kind: 'join' };
      }
      return mine.myJoined ? ascending() : { kind: 'notice', text: '您未确认参加第二阶段，不能在第二阶段出价。' };
    case 'final': {
      const cap = capFen(data);
      if (phase !== 'final' || cap === null) return ascending();
      if (mine.myAtCap && mine.myOffer == null) return { kind: 'amount', nextLabel: '最低最终报价（封顶价 + 1 个幅度）', submitText: '提交最终报价', verb: '提交最终报价', quick: true };
      if (mine.myAtCap) return { kind: 'notice', text: `您已提交最终报价 ${formatYuan(mine.myOffer!)}，最终报价期结束后公布结果。` };
      if (mine.myCanMatch) return { kind: 'accept', priceFen: cap, submitText: `以封顶价 ${price(cap)}行使优先购买权`, verb: '行使优先购买权' };
      return { kind: 'notice', text: '价格已达封顶价，进入最终报价期：仅以封顶价出价的竞买人可提交最终报价。' };
    }
    default:
      return ascending();
  }
}

/** The extension notice, or null while the end is the original one. */
export function extensionNotice(data: Pick<BiddingData, 'endTime' | 'originalEndTime' | 'extensionCount' | 'modeState'>): string | null {
  // A mode's next phase moves the end too (final's window, two-stage's stages, v-shaped's ascent): only
  // extensions are announced as such, and none during final's window of sealed offers.
  if (data.extensionCount <= 0 || data.modeState?.phase === 'final') return null;
  return `竞价时间已延长至 ${formatChinaTime(data.endTime, 'HH:mm:ss')}`;
}

const PHASE_NAMES: Readonly<Record<Exclude<ModePhase, 'ended'>, string>> = {
  open: '自由竞价',
  free: '自由报价期',
  timed: '限时报价期',
  sealed: '密封报价中',
  descending: '降价中',
  ascending: '加价竞价中',
  final: '最终报价期',
  stage1: '第一阶段：密封报价',
  join: '确认参加第二阶段',
  stage2: '第二阶段：限时报价',
  fixed: '先到先得：等待应价',
};

/** The phase of the mode, as the bidder reads it (the server's modeState.phase, turned by time: currentPhase). */
export function phaseText(data: Pick<BiddingData, 'status' | 'mode' | 'extensionCount' | 'outcome' | 'modeState' | 'endTime' | 'biddingCount'>, serverNow = 0): string {
  // Before and after the auction, and while the exchange has suspended it, the room reads the lot state
  // (domain/rules/lotState.ts) as every list does.
  if (data.status === 'scheduled') return LISTING_STATUS_LABELS.upcoming;
  if (data.status === 'ended' || data.status === 'suspended') return LISTING_STATUS_LABELS[lotStage(null, data)];
  const phase = currentPhase(data, serverNow) ?? 'open';
  if (data.mode === 'first-come-first-served' && data.biddingCount > 0) return '已被应价';
  if (phase === 'ended') return '已结束';
  if ((phase === 'open' || phase === 'ascending') && data.extensionCount > 0) return `延时竞价（已延时 ${data.extensionCount} 次）`;
  return PHASE_NAMES[phase];
}

export interface RoomResult {
  kind: 'sold' | 'failed' | 'terminated';
  title: string;
  detail: string;
}

/** The result once the activity ended: 成交 with the winning code and price, 流拍, or 终结 by the exchange (no result). */
export function roomResult(data: BiddingData): RoomResult | null {
  if (data.status !== 'ended') return null;
  if (data.outcome === 'terminated') {
    return {
      kind: 'terminated',
      title: '已终结',
      detail: `交易机构已终结本场竞价${data.terminateReason ? `，终结原因：${data.terminateReason}` : ''}。本场竞价无成交结果，保证金将按规定退还。`,
    };
  }
  if (data.outcome === 'sold' && data.leaderBidCode) {
    return {
      kind: 'sold',
      title: '成交',
      detail: `竞买号 ${data.leaderBidCode} 以 ${formatYuan(data.biddingPrice)} 成交`,
    };
  }
  return { kind: 'failed', title: '流拍', detail: data.biddingCount === 0 ? '竞价期间无人出价，本场竞价流拍' : '最高出价未达保留价，本场竞价流拍' };
}

/** What the room says while the exchange has suspended the auction (its banner); null otherwise. */
export function suspensionNotice(data: Pick<BiddingData, 'status' | 'suspendReason'>): { title: string; detail: string } | null {
  if (data.status !== 'suspended') return null;
  const why = data.suspendReason?.trim();
  return {
    title: '竞价已中止',
    detail: `${why ? `中止原因：${why}。` : ''}中止期间暂停接受出价，剩余竞价时间已冻结；恢复后将公布新的结束时间，请留意本页与站内消息。`,
  };
}

/**
 * The price panel's money (one unit per panel): the current price, the start price and a dutch
 * floor all in 万元 when any of them reaches 10000 yuan, else all in 元; the full yuan amount on hover.
 * (The bid form and the history are in yuan throughout: a bid is typed to the fen.)
 */
export function pricePanelMoney(data: Pick<BiddingData, 'biddingPrice' | 'startPrice' | 'modeState'>): (yuan: number) => { label: string; tooltip: string | null } {
  const unit = panelUnit([data.biddingPrice, data.startPrice, data.modeState?.floorPrice ?? null, data.modeState?.capPrice ?? null]);
  return (yuan) => {
    const display = formatInUnit(yuan, unit);
    return display ? { label: display.label, tooltip: display.yuanTooltip } : { label: '--', tooltip: null };
  };
}

/** The confirmation question (确认以 X 元出价？), in full yuan with separators ('1,234,500.00'); the verb per action. */
export function confirmText(amountFen: number, verb = '出价'): string {
  return `确认以 ${formatFenAsYuan(amountFen, { suffix: ' 元' })}${verb}？`;
}

/** The confirmation question of joining stage 2. */
export const JOIN_CONFIRM_TEXT = '确认参加第二阶段限时报价？确认后将在第二阶段开始时进入限时报价，您的第一阶段报价仍然有效。';

/** A fresh idempotency key per attempt: a UUID without its dashes (32 hex digits). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
