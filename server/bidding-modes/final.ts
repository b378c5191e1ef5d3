/**
 * 最终报价 (final): open bidding as `ongoing` (or as `phased` when settings.phased is given) until a bid
 * reaches the cap. Then the price freezes at the cap and a window of settings.final.windowMs opens: a
 * pre-emptive holder whose right beats the last bidder at the cap may match the cap (he joins the bidders
 * at the cap), and each bidder at the cap may submit one sealed final offer above it (in whole increments).
 * At the end the best final offer wins (amount, then a better pre-emptive right, then the earliest); with
 * none, the last bidder at the cap wins at the cap. While the window is open the public sees the cap and
 * the count, not the leader or the offers.
 *
 * The row keeps the sealed leader as onceOff does: the best final offer, or the last bidder at the cap.
 */
import { compareSealed, finalPhaseReached, incrementAt, phaseAt, phasedEndAfterBid, sealedRanking } from '#domain/rules/bidModes';
import { type ActivitySettings } from '#domain/contract/bidModes';
import { extendedEnd, finalPhaseRejection } from '#domain/rules/bidRules';
import { fenToYuan } from '#domain/rules/money';
import { decideAscending, plainView, settleByLeader } from './common.ts';
import type { ActivityRow, ModeRules } from './types.ts';

/** The end after an open bid: the phased rule with periods, the soft close without. */
export function finalOpenEnd(settings: ActivitySettings, a: Pick<ActivityRow, 'extension_window_ms' | 'extension_ms'>, endAt: number, at: number): number {
  return settings.phased ? phasedEndAfterBid(settings.phased, endAt, at) : extendedEnd(endAt, at, a.extension_window_ms, a.extension_ms);
}

export const final: ModeRules = {
  mode: 'final',
  async decide(ctx) {
    const a = ctx.activity;
    const windowMs = ctx.settings.final!.windowMs;
    if (!finalPhaseReached(a.cap_fen, a.max_price_fen, a.bid_count)) {
      return decideAscending(
        ctx,
        (endAt, at) => finalOpenEnd(ctx.settings, a, endAt, at),
        (at) => at + windowMs,
      );
    }
    const cap = a.cap_fen!;
    const log = await ctx.bidLog();
    const atCap = log.filter((b) => b.amountFen === cap);
    const offers = log.filter((b) => b.amountFen > cap);
    const rejection = finalPhaseRejection(
      {
        capFen: cap,
        incrementFen: incrementAt(a.increment_fen, ctx.settings.tiers, cap),
        atCap: atCap.some((b) => b.userId === ctx.userId),
        offered: offers.some((b) => b.userId === ctx.userId),
        bidderRank: ctx.bidderRank,
        lastAtCapRank: atCap.at(-1)?.preEmptiveRank ?? null,
      },
      ctx.amountFen,
    );
    if (rejection) return { rejection };
    let leads: boolean;
    if (ctx.amountFen === cap) {
      // A match: he leads at the cap while nobody has made a final offer.
      leads = offers.length === 0;
    } else {
      const best = sealedRanking(offers)[0];
      leads = !best || compareSealed({ seq: a.bid_count + 1, userId: ctx.userId, amountFen: ctx.amountFen, preEmptiveRank: ctx.bidderRank }, best) < 0;
    }
    return {
      rejection: null,
      recordedFen: ctx.amountFen,
      priceFen: leads ? ctx.amountFen : a.current_price_fen,
      leaderUserId: leads ? ctx.userId : a.leader_user_id!,
      leaderBidCode: leads ? ctx.bidCode : a.leader_bid_code!,
      endAt: a.end_at,
      extended: false,
      // Sealed: nobody learns that he was overtaken.
      outbidUserId: null,
    };
  },
  view(row, settings, now) {
    const open = settings.phased ? phaseAt(settings.phased, now) : 'open';
    if (row.status === 'ended' || !finalPhaseReached(row.cap_fen, row.max_price_fen, row.bid_count)) return plainView(row, settings, open);
    const cap = row.cap_fen!;
    const view = plainView(row, settings, 'final');
    return {
      ...view,
      priceFen: cap,
      maxFen: cap,
      leaderBidCode: null,
      showBids: false,
      modeState: { ...view.modeState, sealed: true, nextIncrement: fenToYuan(incrementAt(row.increment_fen, settings.tiers, cap)) },
    };
  },
  settle: settleByLeader,
};
