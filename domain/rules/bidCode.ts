/** A bid code (竞买号): six digits, drawn at random, unique within its activity. */
export const BID_CODE_MIN = 100_000;
export const BID_CODE_MAX = 999_999;

/**
 * A code from `draw` (a whole number from BID_CODE_MIN to BID_CODE_MAX) that is not in `used`, drawing again
 * while it is; the code is added to `used`. For codes given out together (the demo seed, the load tester's
 * accounts); a qualification one at a time checks the database instead.
 */
export function drawUnusedBidCode(draw: () => number, used: Set<string>): string {
  let code: string;
  do code = String(draw());
  while (used.has(code));
  used.add(code);
  return code;
}
