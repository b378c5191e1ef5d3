import type { BidderStanding } from '#domain/contract/desk';
import { STANDING_TEXT } from '#domain/rules/desk';

/** The user's standing in a lot (STANDING_TEXT: 已报名 / 未出价 / 领先 / 出局 / 已报价 / 竞得 / 未竞得), coloured by the room's rule. */
export function StandingTag({ standing }: { standing: BidderStanding }) {
  return (
    <span className={`standing standing--${standing}`} data-testid="my-standing">
      {STANDING_TEXT[standing]}
    </span>
  );
}
