import { auctionRoundLabel, judicialStateLabel } from '#domain/rules/listing';

/** State colour: 进行中 stands out, the rest are quiet. */
export function judicialStateTag(state: string): { text: string; colour: string } {
  const text = judicialStateLabel(state);
  return { text, colour: text === '进行中' ? 'red' : text === '即将开始' ? 'orange' : 'default' };
}

export { auctionRoundLabel };
