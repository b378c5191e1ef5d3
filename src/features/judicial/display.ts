import { formatTableMoney } from '#domain/rules/money';
import { auctionRoundLabel, judicialStateLabel } from '#domain/rules/listing';

/** Upset price (yuan) through the money display rule; '--' when missing. */
export function judicialMoney(yuan: number | null | undefined): { text: string; tooltip: string | null } {
  const money = yuan === null || yuan === undefined ? null : formatTableMoney(yuan);
  return money ? { text: money.label, tooltip: money.yuanTooltip } : { text: '--', tooltip: null };
}

/** State colour: 进行中 stands out, the rest are quiet. */
export function judicialStateTag(state: string): { text: string; colour: string } {
  const text = judicialStateLabel(state);
  return { text, colour: text === '进行中' ? 'red' : text === '即将开始' ? 'orange' : 'default' };
}

export { auctionRoundLabel };
