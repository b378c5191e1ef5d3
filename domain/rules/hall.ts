/**
 * The live-bidding wire contract (spec sections 3 "Bidding entry", 7 "Projects and bidding", 9): the
 * bidding hall, the upcoming list, bidding data of one activity, the premium rates, and placing a bid.
 * Amounts are yuan on the wire (fen in the database); `*At` / `endTime` / `serverTime` are epoch ms of the
 * SERVER clock, so a client computes remaining time as `endTime − (local now + measured offset)`.
 */
import { type BiddingMode } from '../contract/hall';

/** Each mode's Chinese name, as the bidding room and the result notice show it. */
export const BIDDING_MODE_NAMES: Readonly<Record<BiddingMode, string>> = {
  ongoing: '多次报价',
  phased: '自由报价 + 限时报价',
  final: '最终报价',
  onceOff: '一次报价（密封）',
  'first-come-first-served': '先到先得',
  'two-stage': '先一次报价后多次报价',
  'v-shaped': 'V 型竞价',
  'dutch-auction': '降价拍（荷兰式）',
};
