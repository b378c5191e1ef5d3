import { describe, expect, it } from 'vitest';
import { compareSealed, dutchEndAt, dutchNextDropAt, dutchPriceAt, finalPhaseReached, incrementAt, phaseAt, phasedEndAfterBid, preEmptiveBeats, sealedRanking, twoStageJoinEnd, twoStagePhaseAt } from '#domain/rules/bidModes';
import { ascendingBidRejection, BID_REJECTION_MESSAGES, dutchBidRejection, finalPhaseRejection, fixedPriceRejection, nextValidBidFen, sealedBidRejection, type AscendingBidState } from '#domain/rules/bidRules';

const state = (over: Partial<AscendingBidState> = {}): AscendingBidState => ({
  startFen: 100_000,
  currentFen: 100_000,
  incrementFen: 1_000,
  capFen: null,
  bidCount: 0,
  leaderUserId: null,
  allowSelfOutbid: false,
  ...over,
});

describe('tiered increments (theToneInterval 2)', () => {
  const tiers = [
    { fromFen: 0, incrementFen: 1_000 },
    { fromFen: 120_000, incrementFen: 5_000 },
  ];
  it('takes the increment of the current price’s band', () => {
    expect(incrementAt(1_000, tiers, 119_999)).toBe(1_000);
    expect(incrementAt(1_000, tiers, 120_000)).toBe(5_000);
    expect(incrementAt(700, undefined, 1)).toBe(700);
  });
  it('applies it to the next valid bid and the multiple rule', () => {
    const high = state({ bidCount: 3, currentFen: 120_000, leaderUserId: 9, tiers });
    expect(nextValidBidFen(high)).toBe(125_000);
    expect(ascendingBidRejection(high, 1, 121_000)).toBe('tooLow');
    expect(ascendingBidRejection(high, 1, 127_000)).toBe('notMultiple');
    expect(ascendingBidRejection(high, 1, 130_000)).toBeNull();
  });
});

describe('cap and pre-emptive rights', () => {
  it('refuses a bid above the cap', () => {
    expect(ascendingBidRejection(state({ capFen: 105_000, bidCount: 1, currentFen: 100_000, leaderUserId: 2 }), 1, 106_000)).toBe('aboveCap');
  });
  it('lets a holder match the current price and lead; among holders the better rank, equal rank the earlier', () => {
    const led = state({ bidCount: 1, currentFen: 100_000, leaderUserId: 2 });
    expect(ascendingBidRejection({ ...led, bidderRank: 1, leaderRank: null }, 1, 100_000)).toBeNull();
    expect(ascendingBidRejection({ ...led, bidderRank: null, leaderRank: null }, 1, 100_000)).toBe('tooLow');
    expect(ascendingBidRejection({ ...led, bidderRank: 2, leaderRank: 1 }, 1, 100_000)).toBe('tooLow');
    expect(ascendingBidRejection({ ...led, bidderRank: 1, leaderRank: 1 }, 1, 100_000)).toBe('tooLow');
    expect(preEmptiveBeats(1, 2)).toBe(true);
    expect(preEmptiveBeats(null, null)).toBe(false);
  });
});

describe('dutch-auction price', () => {
  const s = { decrementFen: 10_000, intervalMs: 60_000, floorFen: 70_000 };
  it('falls by one decrement per full interval down to the floor', () => {
    expect(dutchPriceAt(s, 100_000, 0, 0)).toBe(100_000);
    expect(dutchPriceAt(s, 100_000, 0, 59_999)).toBe(100_000);
    expect(dutchPriceAt(s, 100_000, 0, 60_000)).toBe(90_000);
    expect(dutchPriceAt(s, 100_000, 0, 10 * 60_000)).toBe(70_000);
    expect(dutchNextDropAt(s, 100_000, 0, 61_000)).toBe(120_000);
    expect(dutchNextDropAt(s, 100_000, 0, 180_000)).toBeNull();
  });
  it('ends one interval after the floor is reached', () => {
    expect(dutchEndAt(s, 100_000, 0)).toBe(4 * 60_000);
  });
  it('accepts an offer at or above the price; after the first acceptance it is sold', () => {
    expect(dutchBidRejection(0, 90_000, 89_999)).toBe('belowDutchPrice');
    expect(dutchBidRejection(0, 90_000, 90_000)).toBeNull();
    expect(BID_REJECTION_MESSAGES[dutchBidRejection(1, 90_000, 95_000)!]).toBe('已有竞买人应价成交，竞价已结束');
  });
});

describe('phased', () => {
  const s = { freeEndAt: 1_000_000, cycleMs: 300_000 };
  it('is free before freeEndAt and timed after; a timed bid restarts the cycle', () => {
    expect(phaseAt(s, 999_999)).toBe('free');
    expect(phaseAt(s, 1_000_000)).toBe('timed');
    expect(phasedEndAfterBid(s, 1_300_000, 900_000)).toBe(1_300_000);
    expect(phasedEndAfterBid(s, 1_300_000, 1_200_000)).toBe(1_500_000);
  });
});

describe('onceOff (sealed)', () => {
  it('takes one offer per bidder, at least the start price, in whole increments', () => {
    const base = { startFen: 100_000, incrementFen: 1_000, capFen: 150_000 };
    expect(sealedBidRejection(base, true, 110_000)).toBe('alreadyBid');
    expect(sealedBidRejection(base, false, 99_000)).toBe('belowStart');
    expect(sealedBidRejection(base, false, 100_500)).toBe('notMultiple');
    expect(sealedBidRejection(base, false, 151_000)).toBe('aboveCap');
    expect(sealedBidRejection(base, false, 100_000)).toBeNull();
  });
  it('ranks the highest first, a pre-emptive right at an equal amount, then the earliest', () => {
    const offers = [
      { seq: 1, userId: 1, amountFen: 120_000, preEmptiveRank: null },
      { seq: 2, userId: 2, amountFen: 130_000, preEmptiveRank: null },
      { seq: 3, userId: 3, amountFen: 130_000, preEmptiveRank: null },
      { seq: 4, userId: 4, amountFen: 130_000, preEmptiveRank: 2 },
      { seq: 5, userId: 5, amountFen: 130_000, preEmptiveRank: 1 },
    ];
    expect(sealedRanking(offers).map((o) => o.userId)).toEqual([5, 4, 2, 3, 1]);
    expect(compareSealed(offers[1]!, offers[2]!)).toBeLessThan(0);
  });
});

describe('final (最终报价) once the cap is reached', () => {
  const at = (over: Partial<Parameters<typeof finalPhaseRejection>[0]> = {}) => ({ capFen: 200_000, incrementFen: 1_000, atCap: false, offered: false, bidderRank: null, lastAtCapRank: null, ...over });
  it('is reached by a bid at the cap (never before a bid)', () => {
    expect(finalPhaseReached(200_000, 200_000, 3)).toBe(true);
    expect(finalPhaseReached(200_000, 199_000, 3)).toBe(false);
    expect(finalPhaseReached(null, 300_000, 3)).toBe(false);
    expect(finalPhaseReached(100_000, 100_000, 0)).toBe(false);
  });
  it('lets a holder whose right beats the last bidder at the cap match it; nobody else', () => {
    expect(finalPhaseRejection(at({ bidderRank: 1 }), 200_000)).toBeNull();
    expect(finalPhaseRejection(at({ bidderRank: 2, lastAtCapRank: 1 }), 200_000)).toBe('capReached');
    expect(finalPhaseRejection(at(), 200_000)).toBe('capReached');
    expect(finalPhaseRejection(at({ atCap: true, bidderRank: 1 }), 200_000)).toBe('alreadyAtCap');
    expect(finalPhaseRejection(at({ atCap: true }), 199_000)).toBe('capReached');
  });
  it('takes one final offer above the cap, in whole increments, from a bidder at the cap', () => {
    expect(finalPhaseRejection(at({ atCap: true }), 203_000)).toBeNull();
    expect(finalPhaseRejection(at({ atCap: true }), 203_500)).toBe('notMultiple');
    expect(finalPhaseRejection(at(), 203_000)).toBe('notAtCap');
    expect(finalPhaseRejection(at({ atCap: true, offered: true }), 205_000)).toBe('finalAlreadyOffered');
    expect(BID_REJECTION_MESSAGES.notAtCap).toBe('您未以封顶价出价，不能提交最终报价');
  });
});

describe('first-come-first-served (先到先得)', () => {
  it('accepts the fixed price only, and only the first time', () => {
    expect(fixedPriceRejection(0, 500_000, 500_000)).toBeNull();
    expect(fixedPriceRejection(0, 500_000, 510_000)).toBe('notFixedPrice');
    expect(fixedPriceRejection(1, 500_000, 500_000)).toBe('taken');
    expect(BID_REJECTION_MESSAGES.taken).toBe('已被他人应价');
  });
});

describe('two-stage (先一次报价后多次报价)', () => {
  const s = { stage1EndAt: 10_000, joinWindowMs: 5_000, cycleMs: 60_000 };
  it('is stage 1 before its deadline, the confirmation window for joinWindowMs, then stage 2', () => {
    expect(twoStagePhaseAt(s, 9_999)).toBe('stage1');
    expect(twoStagePhaseAt(s, 10_000)).toBe('join');
    expect(twoStageJoinEnd(s)).toBe(15_000);
    expect(twoStagePhaseAt(s, 14_999)).toBe('join');
    expect(twoStagePhaseAt(s, 15_000)).toBe('stage2');
  });
});
