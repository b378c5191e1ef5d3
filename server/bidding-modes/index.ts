/**
 * The eight modes by URL word, each one ModeRules: ongoing, phased, onceOff and dutch-auction here, the
 * other four in their own files (final.ts, two-stage.ts, v-shaped.ts, first-come.ts). The engine, the
 * sweep and the snapshot call only ModeRules.
 */
import { dutchPriceAt, phaseAt, phasedEndAfterBid } from '#domain/rules/bidModes';
import { dutchBidRejection, extendedEnd } from '#domain/rules/bidRules';
import { decideAscending, decideSealed, descendingView, plainView, sealedView, settleByLeader } from './common.ts';
import { final } from './final.ts';
import { firstCome } from './first-come.ts';
import { twoStage } from './two-stage.ts';
import type { ModeRules } from './types.ts';
import { vShaped } from './v-shaped.ts';

/** 多次报价: one window with a soft close. */
const ongoing: ModeRules = {
  mode: 'ongoing',
  decide: (ctx) => decideAscending(ctx, (endAt, at) => extendedEnd(endAt, at, ctx.activity.extension_window_ms, ctx.activity.extension_ms)),
  acceptsProxy: () => true,
  view: (row, settings) => plainView(row, settings, 'open'),
  settle: settleByLeader,
};

/** 自由报价期 + 限时报价期: each bid in the timed period restarts the cycle T. */
const phased: ModeRules = {
  mode: 'phased',
  decide: (ctx) => decideAscending(ctx, (endAt, at) => phasedEndAfterBid(ctx.settings.phased!, endAt, at)),
  // Both the free and the timed period take ascending bids.
  acceptsProxy: () => true,
  view: (row, settings, now) => plainView(row, settings, settings.phased ? phaseAt(settings.phased, now) : 'timed'),
  settle: settleByLeader,
};

/**
 * 一次报价（密封）: one sealed offer per bidder. The row keeps the sealed leader (for the settlement) but
 * the public view hides amounts and the leader until the end; nobody is told he was outbid.
 */
const onceOff: ModeRules = {
  mode: 'onceOff',
  decide: decideSealed,
  view: (row, settings) => (row.status === 'ended' ? plainView(row, settings, 'sealed') : sealedView(row, settings, 'sealed')),
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
  view: descendingView,
  settle: settleByLeader,
};

export const MODES: ReadonlyMap<string, ModeRules> = new Map([ongoing, phased, final, onceOff, firstCome, twoStage, vShaped, dutch].map((m) => [m.mode, m]));

export function modeRules(mode: string): ModeRules | undefined {
  return MODES.get(mode);
}
