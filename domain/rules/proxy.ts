/**
 * 代理出价 (proxy bidding): which bids the server places for the bidders' ceilings, on integer fen. Pure;
 * the engine calls `nextProxyBid` inside the bid's transaction after every accepted bid (and after a
 * ceiling is set or raised) and places each answer as an ordinary bid through the mode's decision, until
 * it answers null; the reference model of the tests states the same rule by brute force.
 *
 * The rule (docs/bidding.md "Proxy bidding"):
 * - a ceiling bids only for an owner who is not leading, and only the smallest valid amount (a holder of a
 *   pre-emptive right whose right beats the leader's: the current price itself), never above the ceiling
 *   or the cap; nothing before the first bid (a ceiling answers being outbid; it does not open), nothing
 *   once a bid reached the cap (that ends the ascending modes);
 * - ceilings compete by priority: the higher ceiling; at an equal ceiling the better pre-emptive right
 *   (it may match at equal price), then the earlier ceiling (set_at), then the lower id;
 * - two ceilings resolve at once: the one that loses bids its best valid amount that the winner can still
 *   answer (at most its ceiling), then the winner answers with the smallest valid amount above it — so the
 *   winner leads one increment above the loser's reach (or at it, when only that fits under its ceiling,
 *   or by a pre-emptive match), instead of the two climbing one increment at a time;
 * - a ceiling whose owner is outbid and cannot bid within it is exceeded (its owner is told).
 */
import { incrementAt, preEmptiveBeats } from './bidModes';
import { lotTitle } from './desk';
import type { IncrementTier } from '../contract/bidModes';

/** The activity's price state as the proxies see it (fen). */
export interface ProxyPriceState {
  startFen: number;
  currentFen: number;
  incrementFen: number;
  tiers?: readonly IncrementTier[] | undefined;
  capFen: number | null;
  bidCount: number;
  leaderUserId: number | null;
  /** The leader's pre-emptive rank (smaller = better; null: none). */
  leaderRank: number | null;
}

/** One active ceiling with what the rule needs of its owner. */
export interface ProxyCeiling {
  id: number;
  userId: number;
  ceilingFen: number;
  /** When the ceiling was set (epoch ms): at equal ceilings the earlier leads. */
  setAt: number;
  /** The owner's pre-emptive rank (null: none). */
  rank: number | null;
}

export interface ProxyBid {
  proxy: ProxyCeiling;
  amountFen: number;
}

/** The smallest valid bid of `p`'s owner now, or null when he may not bid (he leads, no bid yet, the cap). */
export function proxyMinimum(s: ProxyPriceState, p: Pick<ProxyCeiling, 'userId' | 'rank'>): number | null {
  if (s.bidCount === 0 || s.leaderUserId === p.userId) return null;
  // A bid at the cap ends the ascending modes (decideAscending): nothing answers it.
  if (s.capFen !== null && s.currentFen >= s.capFen) return null;
  const min = preEmptiveBeats(p.rank, s.leaderRank) ? s.currentFen : s.currentFen + incrementAt(s.incrementFen, s.tiers, s.currentFen);
  return s.capFen !== null && min > s.capFen ? null : min;
}

/** True when `p` bids now: outbid, and its smallest valid bid fits under its ceiling. */
export function proxyCanBid(s: ProxyPriceState, p: ProxyCeiling): boolean {
  const min = proxyMinimum(s, p);
  return min !== null && min <= p.ceilingFen;
}

/** Priority of two ceilings: negative when `a` wins (higher ceiling; better right; earlier; lower id). */
export function compareProxies(a: ProxyCeiling, b: ProxyCeiling): number {
  if (a.ceilingFen !== b.ceilingFen) return b.ceilingFen - a.ceilingFen;
  if (preEmptiveBeats(a.rank, b.rank)) return -1;
  if (preEmptiveBeats(b.rank, a.rank)) return 1;
  if (a.setAt !== b.setAt) return a.setAt - b.setAt;
  return a.id - b.id;
}

/** The state after `p`'s owner bids `amountFen` (he leads). */
export function afterProxyBid(s: ProxyPriceState, p: Pick<ProxyCeiling, 'userId' | 'rank'>, amountFen: number): ProxyPriceState {
  return { ...s, currentFen: amountFen, bidCount: s.bidCount + 1, leaderUserId: p.userId, leaderRank: p.rank };
}

/** Upper bound of the downward search for a loser's best answerable amount (increments are ≥ 1 fen). */
const MAX_SEARCH = 100_000;

/**
 * The loser's best valid amount (at most its ceiling) after which the winner can still bid within its
 * own ceiling; null when there is none (the winner cannot even answer the loser's smallest bid).
 */
export function bestAnswerable(s: ProxyPriceState, loser: ProxyCeiling, winner: ProxyCeiling): number | null {
  const min = proxyMinimum(s, loser);
  if (min === null || min > loser.ceilingFen) return null;
  const answers = (v: number) => proxyCanBid(afterProxyBid(s, loser, v), winner);
  const limit = s.capFen === null ? loser.ceilingFen : Math.min(loser.ceilingFen, s.capFen);
  const step = incrementAt(s.incrementFen, s.tiers, s.currentFen);
  // The valid amounts are the current price + k steps (k ≥ 1), and the current price itself for a match.
  if (step > 0) {
    let k = Math.floor((limit - s.currentFen) / step);
    for (let tries = 0; k >= 1 && tries < MAX_SEARCH; k--, tries++) {
      const v = s.currentFen + k * step;
      if (v >= min && answers(v)) return v;
    }
  }
  return min === s.currentFen && answers(min) ? min : null;
}

/**
 * The next bid the ceilings place in state `s` (null: none). `proxies` are the activity's active ceilings
 * (the leader's included: it does not bid, but it is the one a challenger must beat).
 */
export function nextProxyBid(s: ProxyPriceState, proxies: readonly ProxyCeiling[]): ProxyBid | null {
  const contenders = proxies.filter((p) => proxyCanBid(s, p)).sort(compareProxies);
  const first = contenders[0];
  if (!first) return null;
  const defender = proxies.find((p) => p.userId === s.leaderUserId) ?? null;
  const pool = defender ? [...contenders, defender].sort(compareProxies) : contenders;
  if (pool[0] === defender && defender) {
    // The leader's ceiling wins: the best challenger climbs as far as the leader can still answer.
    return { proxy: first, amountFen: bestAnswerable(s, first, defender) ?? proxyMinimum(s, first)! };
  }
  const runnerUp = pool[1];
  if (runnerUp && runnerUp !== defender) {
    // Two challengers: the loser first, as far as the winner can still answer; the winner next round.
    const reach = bestAnswerable(s, runnerUp, first);
    if (reach !== null) return { proxy: runnerUp, amountFen: reach };
  }
  return { proxy: first, amountFen: proxyMinimum(s, first)! };
}

/** The ceilings that are exceeded in state `s`: their owners are outbid and cannot bid within them. */
export function exceededProxies(s: ProxyPriceState, proxies: readonly ProxyCeiling[]): ProxyCeiling[] {
  if (s.bidCount === 0) return [];
  return proxies.filter((p) => p.userId !== s.leaderUserId && !proxyCanBid(s, p));
}

/** Why a ceiling is refused (the amount part; mode, phase and qualification are the engine's). */
export type ProxyCeilingRejection = 'belowMinimum' | 'aboveCap' | 'offGrid' | 'notRaised';

/**
 * The lowest ceiling accepted now for a bidder: his next valid bid (the start price before the first bid;
 * a leader's next bid after being outbid once, current + one increment).
 */
export function minimumCeiling(s: ProxyPriceState, userId: number, rank: number | null): number {
  if (s.bidCount === 0) return s.startFen;
  if (s.leaderUserId === userId) return s.currentFen + incrementAt(s.incrementFen, s.tiers, s.currentFen);
  return proxyMinimum(s, { userId, rank }) ?? s.currentFen + incrementAt(s.incrementFen, s.tiers, s.currentFen);
}

/**
 * A ceiling's amount checks: at least the minimum, not above the cap, and — when the increment is flat
 * (every valid bid is then the start price + whole increments) — on that grid; an active ceiling may only
 * be raised.
 */
export function ceilingRejection(s: ProxyPriceState, userId: number, rank: number | null, ceilingFen: number, activeCeilingFen: number | null): ProxyCeilingRejection | null {
  if (activeCeilingFen !== null && ceilingFen <= activeCeilingFen) return 'notRaised';
  if (s.capFen !== null && ceilingFen > s.capFen) return 'aboveCap';
  if (ceilingFen < minimumCeiling(s, userId, rank)) return 'belowMinimum';
  if ((s.tiers?.length ?? 0) === 0 && s.incrementFen > 0 && (ceilingFen - s.startFen) % s.incrementFen !== 0) return 'offGrid';
  return null;
}

export const PROXY_MESSAGES = {
  modeNotAllowed: '该竞价方式不支持代理出价（密封报价、降价应价与先到先得方式不设代理出价）',
  phaseNotAllowed: '当前阶段不接受代理出价（仅在可加价竞价的阶段设置）',
  notJoined: '您未确认参加第二阶段，不能设置代理出价',
  notLive: '竞价未在进行中，不能设置代理出价',
  noProxy: '您尚未设置代理出价',
  notActive: '代理出价已不在进行中',
  belowMinimum: '代理出价上限不得低于当前最低可出价',
  aboveCap: '代理出价上限超过封顶价',
  offGrid: '代理出价上限须为起始价加整数倍的加价幅度',
  notRaised: '代理出价上限只能提高；如需降低，请先取消后重新设置',
} as const;

/** The title of the message to a bidder whose ceiling was exceeded names the lot: 「…」代理出价已被超越. */
export function proxyExceededTitle(assetsName: string | null | undefined): string {
  return lotTitle('代理出价已被超越', assetsName);
}

/** The wire's status label as the room and the watch board show it. */
export const PROXY_STATUS_LABELS = { active: '代理中', exceeded: '已超出', cancelled: '已取消' } as const;
