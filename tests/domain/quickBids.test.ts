import { describe, expect, it } from 'vitest';
import { quickBids } from '#domain/rules/bidRules';

/** The quick bids (快捷加价) of the bidding room: +1/+2/+5 increments from the next valid bid, never above the cap. */
describe('quickBids', () => {
  const STEPS = [1, 2, 5];

  it('without a cap: the next valid bid + (k − 1) increments', () => {
    expect(quickBids({ nextFen: 8_200, incrementFen: 100_000, capFen: null }, STEPS)).toEqual([
      { steps: 1, amountFen: 8_200, atCap: false },
      { steps: 2, amountFen: 108_200, atCap: false },
      { steps: 5, amountFen: 408_200, atCap: false },
    ]);
  });

  it('start 82.00, increment 1,000.00, cap 1,082.00: 82.00 and the cap, never 4,082.00', () => {
    expect(quickBids({ nextFen: 8_200, incrementFen: 100_000, capFen: 108_200 }, STEPS)).toEqual([
      { steps: 1, amountFen: 8_200, atCap: false },
      { steps: 2, amountFen: 108_200, atCap: true },
    ]);
  });

  it('a button above the cap offers the cap once, when the cap lies on the grid', () => {
    expect(quickBids({ nextFen: 100_000, incrementFen: 1_000, capFen: 103_000 }, STEPS)).toEqual([
      { steps: 1, amountFen: 100_000, atCap: false },
      { steps: 2, amountFen: 101_000, atCap: false },
      { steps: 4, amountFen: 103_000, atCap: true },
    ]);
  });

  it('a cap off the grid: the highest valid bid below it', () => {
    expect(quickBids({ nextFen: 100_000, incrementFen: 1_000, capFen: 102_500 }, STEPS).map((b) => b.amountFen)).toEqual([100_000, 101_000, 102_000]);
  });

  it('the next bid is the cap: one button; above the cap: none', () => {
    expect(quickBids({ nextFen: 103_000, incrementFen: 1_000, capFen: 103_000 }, STEPS)).toEqual([{ steps: 1, amountFen: 103_000, atCap: true }]);
    expect(quickBids({ nextFen: 104_000, incrementFen: 1_000, capFen: 103_000 }, STEPS)).toEqual([]);
  });

  it('every amount is a valid bid within the cap, whatever the cap', () => {
    for (let cap = 100_000; cap <= 110_000; cap += 250) {
      for (const b of quickBids({ nextFen: 100_000, incrementFen: 1_000, capFen: cap }, STEPS)) {
        expect(b.amountFen).toBeLessThanOrEqual(cap);
        expect((b.amountFen - 100_000) % 1_000).toBe(0);
        expect(b.atCap).toBe(b.amountFen === cap);
      }
    }
  });
});
