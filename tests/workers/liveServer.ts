/**
 * A fake live backend for the worker's hall streams, on vitest's fake timers: server-time (the server's
 * clock `aheadMs` ahead of local), hall/page and upcoming-bid (pages, ETag → 304), bidding-rate,
 * assets-max-rate and bidding-data, each answering after `latencyMs`. Mutate `state` mid-test; `bid()`
 * moves a lot's price as an accepted bid would.
 */
import { BehaviorSubject } from 'rxjs';
import type { BiddingEntry, RateEntry, UpcomingEntry } from '#domain/contract/hall';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { liveValues } from '#domain/rules/liveValues';
import { resolveLiveConfig } from '../../workers/protocol/protocol';
import { createClock$ } from '../../workers/clock';
import type { ProducerContext } from '../../workers/context';
import { fakeFetch, json, sleep, testEnv } from './helpers';

export function lot(i: number, serverNow: number, over: Partial<BiddingEntry> = {}): BiddingEntry {
  return {
    activityId: 100 + i,
    // One committed change per bid (the engine bumps the version in each bid's transaction).
    lockVersion: over.biddingCount ?? 0,
    assetsId: 500 + i,
    assetsName: `拍品${i}`,
    projectType: 0,
    orgName: '河北产权交易所',
    leftTime: 0,
    leaderBidCode: null,
    startTime: serverNow - 3_600_000,
    endTime: serverNow + 3_600_000 + i * 1000,
    startPrice: 100_000,
    biddingPrice: 100_000,
    maxPrice: 100_000,
    biddingCount: 0,
    priceType: 1,
    priceUnitName: '',
    mode: 'ongoing',
    ...over,
  };
}

/** A push change event of activity 100 (one bid by B007 at 1,010 yuan), as the server writes it at `serverTime`. */
export function changeEvent(serverTime: number, over: Partial<LiveChangeEvent> = {}): LiveChangeEvent {
  return {
    activityId: 100,
    lockVersion: 2,
    status: 'live',
    outcome: null,
    biddingPrice: 101_000,
    maxPrice: 101_000,
    biddingCount: 1,
    leaderBidCode: 'B007',
    endTime: serverTime + 3_600_000,
    extensionCount: 0,
    serverTime,
    ...over,
  };
}

export interface LiveServerOptions {
  aheadMs?: number;
  latencyMs?: number;
  live?: BiddingEntry[];
  upcoming?: UpcomingEntry[];
}

export function fakeLiveServer(options: LiveServerOptions = {}) {
  const state = {
    aheadMs: options.aheadMs ?? 0,
    latencyMs: options.latencyMs ?? 10,
    live: options.live ?? [],
    upcoming: options.upcoming ?? [],
    version: 1,
    /** hall/page fails with this HTTP status and msg while set. */
    hallFailure: null as null | { status: number; msg: string },
    /** bidding-rate answers these instead of the current lots (a stale answer arriving late). */
    rateOverride: null as null | RateEntry[],
  };
  const rateOf = (l: BiddingEntry): RateEntry => ({
    activityId: l.activityId,
    lockVersion: l.lockVersion,
    status: 'live',
    startPrice: l.startPrice,
    biddingPrice: l.biddingPrice,
    leaderBidCode: l.leaderBidCode,
    maxPrice: l.maxPrice,
    biddingCount: l.biddingCount,
    endTime: l.endTime,
    premiumRate: liveValues({ ...l, status: 'live' }).premiumRate,
  });
  const { fetch, calls, mock } = fakeFetch(async (url, init) => {
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/dscq-sync/v1/server-time') {
      // Symmetric legs: the measured offset is exactly aheadMs.
      if (state.latencyMs) await sleep(state.latencyMs / 2);
      const now = Date.now() + state.aheadMs;
      if (state.latencyMs) await sleep(state.latencyMs / 2);
      return json({ code: 200, success: true, msg: 'ok', data: { now } });
    }
    if (state.latencyMs) await sleep(state.latencyMs);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const etag = `W/"${state.version}-${encodeURIComponent(JSON.stringify(body))}"`;
    const cached = (data: () => unknown) => {
      if (new Headers(init?.headers).get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
      return new Response(JSON.stringify({ code: 200, success: true, msg: 'ok', data: data() }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: etag },
      });
    };
    const page = <T>(rows: T[]) => {
      const size = Number(body.size ?? 30);
      const current = Number(body.current ?? 1);
      return { records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current, pages: Math.ceil(rows.length / size) };
    };
    switch (path) {
      case '/dscq-sync/v1/bid-assets/hall/page':
        if (state.hallFailure) {
          return json({ code: state.hallFailure.status, success: false, msg: state.hallFailure.msg, data: null }, state.hallFailure.status);
        }
        return cached(() => ({ ...page(state.live), serverTime: Date.now() + state.aheadMs }));
      case '/dscq-project/activity/upcoming-bid':
        return cached(() => page(state.upcoming));
      case '/dscq-sync/v1/bid-assets/bidding-rate': {
        const ids = new Set(body.activityIds as number[]);
        return cached(() => ({
          serverTime: Date.now() + state.aheadMs,
          rates: state.rateOverride ?? state.live.filter((l) => ids.has(l.activityId)).map(rateOf),
        }));
      }
      case '/dscq-sync/v1/bid-assets/assets-max-rate':
        return cached(() =>
          state.live
            .filter((l) => l.biddingCount > 0)
            .slice(0, Number(body.size ?? 8))
            .map((l) => ({ ...l, premiumRate: rateOf(l).premiumRate })),
        );
      case '/dscq-sync/v1/bid-assets/bidding-data': {
        const l = state.live.find((x) => x.activityId === body.activityId);
        if (!l) return json({ code: 404, success: false, msg: '竞价活动不存在', data: null }, 404);
        return cached(() => ({
          ...rateOf(l),
          assetsId: l.assetsId,
          assetsName: l.assetsName,
          mode: l.mode,
          outcome: null,
          serverTime: Date.now() + state.aheadMs,
          startTime: l.startTime,
          originalEndTime: l.endTime,
          extensionCount: 0,
          increment: 1_000,
          leaderBidCode: l.biddingCount > 0 ? 'B003' : null,
          bids: [],
          myBidCode: null,
          // A lot given a mode state (a sealed room) answers it as bidding-data does.
          ...('modeState' in l ? { modeState: (l as { modeState: unknown }).modeState } : {}),
        }));
      }
      default:
        return json({ code: 404, msg: 'not found' }, 404);
    }
  });
  const env = testEnv(fetch);
  const visible$ = new BehaviorSubject(true);
  const config = resolveLiveConfig({ apiBase: '/api', clientId: 'hbcq' });
  const base = { env, config: () => config, visible$: visible$.asObservable() };
  const ctx: ProducerContext = { ...base, clock$: createClock$(base) };
  const callsTo = (suffix: string) => calls.filter((c) => c.url.pathname.endsWith(suffix));
  return {
    state,
    env,
    ctx,
    visible$,
    calls,
    mock,
    callsTo,
    bid(activityId: number, price: number) {
      state.live = state.live.map((l) =>
        l.activityId === activityId
          ? { ...l, lockVersion: l.lockVersion + 1, biddingPrice: price, maxPrice: Math.max(price, l.maxPrice), biddingCount: l.biddingCount + 1 }
          : l,
      );
      state.version += 1;
    },
  };
}
