/** A listed lot's stage and the label it reads as (the display rules are domain/rules/listing.ts). */

/**
 * The stages of a lot as a visitor reads them. The listing's own state text holds the spec's five words
 * (预披露, 正在报名, 报名已截止, 已结束, 已成交); the lot's bidding activity adds 即将竞价, 竞价中 and 流拍 (the
 * one lot state, domain/rules/lotState.ts, derives the displayed stage from both).
 */
export type ListingStatus = 'enrolling' | 'preDisclosure' | 'ended' | 'dealDone' | 'enrolmentClosed' | 'upcoming' | 'bidding' | 'failed' | 'unknown';

export type ListingStatusLabel = '正在报名' | '预披露' | '已结束' | '已成交' | '报名已截止' | '即将竞价' | '竞价中' | '流拍' | '--';
