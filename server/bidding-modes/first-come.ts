/**
 * 先到先得 (first-come-first-served): a fixed price (the start price). The first eligible acceptance at
 * that price wins and ends the activity; the check "no buyer yet" and the write are one step under the
 * activity's lock (and the bid log's unique (activity, seq) refuses a second first bid in any case). Every
 * later acceptance hears 已被他人应价 (before the window check: the activity ended with the acceptance).
 */
import { fixedPriceRejection } from '#domain/rules/bidRules';
import { plainView, settleByLeader } from './common.ts';
import type { ModeRules } from './types.ts';

export const firstCome: ModeRules = {
  mode: 'first-come-first-served',
  refuseFirst: (a, _settings, userId) => (a.bid_count === 0 ? null : a.leader_user_id === userId ? 'alreadyWon' : 'taken'),
  async decide(ctx) {
    const a = ctx.activity;
    const rejection = fixedPriceRejection(a.bid_count, a.start_price_fen, ctx.amountFen);
    if (rejection) return { rejection };
    return {
      rejection: null,
      recordedFen: a.start_price_fen,
      priceFen: a.start_price_fen,
      leaderUserId: ctx.userId,
      leaderBidCode: ctx.bidCode,
      endAt: ctx.at,
      extended: false,
      outbidUserId: null,
    };
  },
  view: (row, settings) => {
    const view = plainView(row, settings, 'fixed');
    return { ...view, modeState: { ...view.modeState, nextIncrement: 0 } };
  },
  settle: settleByLeader,
};
