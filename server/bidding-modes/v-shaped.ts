/**
 * V 型 (v-shaped): descending as dutch-auction (settings.dutch) until the first acceptance, which buys the
 * lead at the price of its receipt and turns the activity into ascending bidding (as `ongoing`) from that
 * price among the qualified bidders for settings.vShaped.ascendingMs, with the activity's soft close. No
 * acceptance by the time the floor has been offered for one interval: 流拍.
 */
import { dutchPriceAt } from '#domain/rules/bidModes';
import { dutchBidRejection, extendedEnd } from '#domain/rules/bidRules';
import { decideAscending, descendingView, plainView, settleByLeader } from './common.ts';
import type { ModeRules } from './types.ts';

export const vShaped: ModeRules = {
  mode: 'v-shaped',
  async decide(ctx) {
    const a = ctx.activity;
    if (a.bid_count > 0) return decideAscending(ctx, (endAt, at) => extendedEnd(endAt, at, a.extension_window_ms, a.extension_ms));
    const priceNow = dutchPriceAt(ctx.settings.dutch!, a.start_price_fen, a.start_at, ctx.at);
    const rejection = dutchBidRejection(0, priceNow, ctx.amountFen);
    if (rejection) return { rejection };
    return {
      rejection: null,
      recordedFen: priceNow,
      priceFen: priceNow,
      leaderUserId: ctx.userId,
      leaderBidCode: ctx.bidCode,
      endAt: ctx.at + ctx.settings.vShaped!.ascendingMs,
      extended: false,
      outbidUserId: null,
    };
  },
  // Only the ascent: before the first acceptance one acceptance decides.
  acceptsProxy: (a) => a.bid_count > 0,
  view: (row, settings, now) => (row.bid_count === 0 ? descendingView(row, settings, now) : plainView(row, settings, 'ascending')),
  settle: settleByLeader,
};
