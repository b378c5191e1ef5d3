/**
 * 代理出价 (proxy bidding, docs/bidding.md "Proxy bidding"): a bidder's private ceiling in an ascending
 * auction; the server bids the smallest valid amount for him whenever he is outbid, up to the ceiling.
 * Paths and wire types; the resolution rule is domain/rules/proxy.ts. Amounts in yuan on the wire.
 */

/** active: bidding for its owner; cancelled by him; exceeded: the price passed it (he was told). */
export type ProxyStatus = 'active' | 'cancelled' | 'exceeded';

export const PROXY_PATH = '/dscq-sync/v1/bidding/proxy';

/**
 * GET {activityId} → ProxyAnswer (login: the caller's own ceiling only).
 * PUT {activityId, ceiling} → ProxyAnswer: set, raise, or set again after a cancellation / exceedance.
 * DELETE {activityId} → ProxyAnswer: cancel.
 */
export const PROXY_PATHS = { proxy: PROXY_PATH } as const;

export interface ProxyBidState {
  /** The ceiling (yuan); visible only to its owner. */
  ceiling: number;
  status: ProxyStatus;
  /** When the current ceiling was set (epoch ms): at equal ceilings the earlier leads. */
  setTime: number;
  updateTime: number;
}

export interface ProxyAnswer {
  activityId: number;
  /** The caller's ceiling, or null when he never set one. */
  proxy: ProxyBidState | null;
  /** Whether a ceiling may be set now (mode, phase, qualification); the reason in Chinese when not. */
  allowed: boolean;
  reason: string | null;
  /** The lowest ceiling accepted now (yuan): the caller's next valid bid; null when not allowed. */
  minCeiling: number | null;
  /** After a set or raise: how many bids the server placed at once (his and any competing ceilings'). */
  placed?: number;
}
