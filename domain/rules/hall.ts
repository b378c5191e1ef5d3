/** The bidding modes' Chinese names, as the room and the result notice show them (the wire side is domain/contract/hall.ts). */
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
