/**
 * The implemented modes by URL word. A new mode (final, two-stage, v-shaped, first-come-first-served)
 * is one more ModeRules here; the engine, the sweep and the snapshot need no change.
 */
import {
  compareSealed,
  dutchNextDropAt,
  dutchPriceAt,
  dutchStep,
  phaseAt,
  phasedEndAfterBid,
} from '../../../src/domain/bidModes.ts';
import { dutchBidRejection, extendedEnd, sealedBidRejection } from '../../../src/domain/bidRules.ts';
import { fenToYuan } from '../../../src/domain/money.ts';
import { decideAscending, plainView, settleByLeader } from './common.ts';
import type { ModeRules } from './types.ts';

/** 多次报价: one window with a soft close. */
const ongoing: ModeRules = {
  mode: 'ongoing',
  decide: (ctx) => decideAscending(ctx, (endAt, at) => extendedEnd(endAt, at, ctx.activity.extension_window_ms, ctx.activity.extension_ms)),
  view: (row, settings) => plainView(row, settings, 'open'),
  settle: settleByLeader,
};

/** 自由报价期 + 限时报价期: each bid in the timed period restarts the cycle T. */
const phased: ModeRules = {
  mode: 'phased',
  decide: (ctx) => decideAscending(ctx, (endAt, at) => phasedEndAfterBid(ctx.settings.phased!, endAt, at)),
  view: (row, settings, now) => plainView(row, settings, settings.phased ? phaseAt(settings.phased, now) : 'timed'),
  settle: settleByLeader,
};

/**
 * 一次报价（密封）: one sealed offer per bidder. The row keeps the sealed leader (for the settlement) but
 * the public view hides amounts and the leader until the end; nobody is told he was outbid.
 */
const onceOff: ModeRules = {
  mode: 'onceOff',
  async decide(ctx) {
    const a = ctx.activity;
    const rejection = sealedBidRejection({ startFen: a.start_price_fen, incrementFen: a.increment_fen, capFen: a.cap_fen }, await ctx.hasBid(), ctx.amountFen);
    if (rejection) return { rejection };
    const offer = { seq: a.bid_count + 1, userId: ctx.userId, amountFen: ctx.amountFen, preEmptiveRank: ctx.bidderRank };
    const leads =
      a.leader_user_id === null ||
      compareSealed(offer, { seq: 0, userId: a.leader_user_id, amountFen: a.current_price_fen, preEmptiveRank: await ctx.leaderRank() }) < 0;
    return {
      rejection: null,
      recordedFen: ctx.amountFen,
      priceFen: leads ? ctx.amountFen : a.current_price_fen,
      leaderUserId: leads ? ctx.userId : a.leader_user_id!,
      leaderBidCode: leads ? ctx.bidCode : a.leader_bid_code!,
      endAt: a.end_at,
      extended: false,
      outbidUserId: null,
    };
  },
  view(row, settings) {
    if (row.status === 'ended') return plainView(row, settings, 'sealed');
    const view = plainView(row, settings, 'sealed');
    return {
      ...view,
      priceFen: row.start_price_fen,
      maxFen: row.start_price_fen,
      leaderBidCode: null,
      showBids: false,
      modeState: { ...view.modeState, sealed: true, nextIncrement: fenToYuan(row.increment_fen) },
    };
  },
  settle: settleByLeader,
};

/** 降价拍: the price falls by steps; the first acceptance buys at the price at receipt and ends it. */
const dutch: ModeRules = {
  mode: 'dutch-auction',
  async decide(ctx) {
    const a = ctx.activity;
    const priceNow = dutchPriceAt(ctx.settings.dutch!, a.start_price_fen, a.start_at, ctx.at);
    const rejection = dutchBidRejection(a.bid_count, priceNow, ctx.amountFen);
    if (rejection) return { rejection };
    return {
      rejection: null,
      recordedFen: priceNow,
      priceFen: priceNow,
      leaderUserId: ctx.userId,
      leaderBidCode: ctx.bidCode,
      endAt: ctx.at,
      extended: false,
      outbidUserId: null,
    };
  },
  view(row, settings, now) {
    const view = plainView(row, settings, 'descending');
    const s = settings.dutch;
    if (!s || row.bid_count > 0 || row.status === 'ended') return { ...view, modeState: { ...view.modeState, floorPrice: s ? fenToYuan(s.floorFen) : null } };
    const at = Math.min(Math.max(now, row.start_at), row.end_at);
    const price = dutchPriceAt(s, row.start_price_fen, row.start_at, at);
    return {
      ...view,
      priceFen: price,
      maxFen: price,
      modeState: {
        ...view.modeState,
        nextDropAt: row.status === 'live' ? dutchNextDropAt(s, row.start_price_fen, row.start_at, at) : null,
        floorPrice: fenToYuan(s.floorFen),
        nextIncrement: 0,
      },
      tagPart: `d${dutchStep(s, row.start_at, at)}`,
    };
  },
  settle: settleByLeader,
};

export const MODES: ReadonlyMap<string, ModeRules> = new Map([ongoing, phased, onceOff, dutch].map((m) => [m.mode, m]));

export function modeRules(mode: string): ModeRules | undefined {
  return MODES.get(mode);
}
