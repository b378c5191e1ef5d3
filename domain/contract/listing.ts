/** A listed lot's stage and the label it reads as (the display rules are domain/rules/listing.ts). */

/**
 * The stages of a lot as a visitor reads them. The listing's own state text holds the spec's five words
 * (预披露, 正在报名, 报名已截止, 已结束, 已成交); the lot's bidding activity adds 即将竞价, 竞价中 and 流拍, and the
 * exchange's floor 已中止 (suspended) and 已终结 (terminated) (the one lot state, domain/rules/lotState.ts,
 * derives the displayed stage from both).
 */
export type ListingStatus =
  | 'enrolling'
  | 'preDisclosure'
  | 'ended'
  | 'dealDone'
  | 'enrolmentClosed'
  | 'upcoming'
  | 'bidding'
  | 'suspended'
  | 'failed'
  | 'terminated'
  | 'unknown';

export type ListingStatusLabel = '正在报名' | '预披露' | '已结束' | '已成交' | '报名已截止' | '即将竞价' | '竞价中' | '已中止' | '流拍' | '已终结' | '--';
