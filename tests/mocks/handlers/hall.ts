/**
 * msw handlers for the live bidding calls: hall/page and upcoming-bid (pages, assetsName, ETag →
 * 304), bidding-rate, assets-max-rate, bidding-data. A `hallBackend()` holds mutable lots, so a test can
 * place a "bid" (`bid(activityId, price)`) and watch the page follow; `hallHandlers` is the default one the
 * whole app sees (lots ending hours from now).
 */
import { http, HttpResponse } from 'msw';
import type { BiddingData, BiddingEntry, MaxRateEntry, RateEntry, UpcomingEntry } from '#domain/contract/hall';
import { entryStatus, liveValues } from '#domain/rules/liveValues';
import { envelope } from '../fixtures';

const HOUR = 3_600_000;

const LOT_NAMES = [
  '石家庄市某国有企业闲置办公楼一栋（建筑面积2,860平方米）',
  '唐山某钢铁集团报废运输车辆一批（26辆）',
  '保定市某行政事业单位公务用车（大众帕萨特）',
  '邯郸市某国有企业持有的河北某建材有限公司40%股权',
  '沧州港务集团闲置门式起重机两台',
  '廊坊市某国有企业厂区内废旧钢材约320吨',
  '秦皇岛某酒店有限公司整体资产',
  '衡水市某国有粮库仓储设备一批',
  '承德市某景区经营权（期限10年）',
  '张家口市某风电场运维车辆一批（8辆）',
];
const ORGS = ['河北产权交易所', '石家庄市公共资源交易中心', '唐山市产权交易中心', '保定市产权交易中心'];

/** A live lot: start 1,000,000 yuan, no bid yet (green), ending `endInMs` from now. */
export function bidEntryFixture(i: number, over: Partial<BiddingEntry> = {}, now = Date.now()): BiddingEntry {
  return {
    activityId: 7000 + i,
    // Each bid bumps the version (the fixture's lots had one change per bid).
    lockVersion: over.biddingCount ?? 0,
    assetsId: 3000 + i,
    assetsName: LOT_NAMES[i % LOT_NAMES.length]!,
    projectType: i % 5 === 3 ? 1 : 0,
    orgName: ORGS[i % ORGS.length]!,
    leftTime: 0,
    leaderBidCode: null,
    startTime: now - HOUR,
    endTime: now + (i + 2) * HOUR,
    startPrice: 1_000_000,
    biddingPrice: 1_000_000,
    maxPrice: 1_000_000,
    biddingCount: 0,
    priceType: 1,
    priceUnitName: '',
    mode: 'ongoing',
    ...over,
  };
}

export function upcomingFixture(i: number, over: Partial<UpcomingEntry> = {}, now = Date.now()): UpcomingEntry {
  return {
    activityId: 8000 + i,
    assetsId: 4000 + i,
    assetsName: `即将竞价：${LOT_NAMES[(i + 3) % LOT_NAMES.length]!}`,
    projectType: 0,
    orgName: ORGS[(i + 1) % ORGS.length]!,
    startTime: now + (i + 1) * HOUR,
    endTime: now + (i + 3) * HOUR,
    startPrice: 250_000 + i * 10_000,
    priceType: 1,
    priceUnitName: '',
    mode: 'ongoing',
    ...over,
  };
}

export interface HallCall {
  path: string;
  body: Record<string, unknown>;
  ifNoneMatch: string | null;
  status: number;
}

export interface HallBackendOptions {
  live?: BiddingEntry[];
  upcoming?: UpcomingEntry[];
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  const fromBody = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  const fromQuery = Object.fromEntries(new URL(request.url).searchParams);
  return { ...fromBody, ...fromQuery };
}

/** A fake live backend over mutable lots. */
export function hallBackend(options: HallBackendOptions = {}) {
  const state = {
    live: options.live ?? Array.from({ length: 12 }, (_, i) => bidEntryFixture(i)),
    upcoming: options.upcoming ?? Array.from({ length: 3 }, (_, i) => upcomingFixture(i)),
    /** Bumped on every change: part of every ETag. */
    version: 1,
    /** Set to fail hall/page: `{ status, msg }`. */
    hallFailure: null as null | { status: number; msg: string },
    calls: [] as HallCall[],
  };

  // A hall lot is live, or suspended when it carries its reason (the floor's fields travel with its rate).
  const rateOf = (lot: BiddingEntry): RateEntry => ({
    activityId: lot.activityId,
    lockVersion: lot.lockVersion,
    status: entryStatus(lot),
    ...(lot.suspendReason !== undefined ? { suspendReason: lot.suspendReason, remainingMs: lot.remainingMs ?? 0 } : {}),
    startPrice: lot.startPrice,
    biddingPrice: lot.biddingPrice,
    leaderBidCode: lot.leaderBidCode,
    maxPrice: lot.maxPrice,
    biddingCount: lot.biddingCount,
    endTime: lot.endTime,
    premiumRate: liveValues({ ...lot, status: 'live' }).premiumRate,
  });

  /** Answers `data` with a weak ETag of (version, query); 304 when the client holds it. */
  const cached = (path: string, body: Record<string, unknown>, request: Request, data: () => unknown) => {
    const etag = `W/"${state.version}-${encodeURIComponent(JSON.stringify(body))}"`;
    const ifNoneMatch = request.headers.get('If-None-Match');
    const status = ifNoneMatch === etag ? 304 : 200;
    state.calls.push({ path, body, ifNoneMatch, status });
    if (status === 304) return new HttpResponse(null, { status: 304, headers: { ETag: etag } });
    return HttpResponse.json(envelope(data()), { headers: { ETag: etag } });
  };

  const pageOfLots = <T extends { assetsName: string }>(lots: T[], body: Record<string, unknown>, defaultSize: number) => {
    const name = typeof body.assetsName === 'string' ? body.assetsName : '';
    const matching = name ? lots.filter((lot) => lot.assetsName.includes(name)) : lots;
    const size = Number(body.size ?? defaultSize);
    const current = Number(body.current ?? 1);
    return {
      records: matching.slice((current - 1) * size, current * size),
      total: matching.length,
      size,
      current,
      pages: Math.max(1, Math.ceil(matching.length / size)),
    };
  };

  const handlers = [
    http.post('/api/dscq-sync/v1/bid-assets/hall/page', async ({ request }) => {
      const body = await readBody(request);
      if (state.hallFailure) {
        const { status, msg } = state.hallFailure;
        state.calls.push({ path: 'hall/page', body, ifNoneMatch: request.headers.get('If-None-Match'), status });
        return HttpResponse.json({ code: status, success: false, msg, data: null }, { status });
      }
      return cached('hall/page', body, request, () => ({ ...pageOfLots(state.live, body, 30), serverTime: Date.now() }));
    }),
    http.post('/api/dscq-project/activity/upcoming-bid', async ({ request }) => {
      const body = await readBody(request);
      return cached('upcoming-bid', body, request, () => pageOfLots(state.upcoming, body, 8));
    }),
    // The watch board: the asked lots in the order asked, each with its status.
    http.post('/api/dscq-sync/v1/bid-assets/watch', async ({ request }) => {
      const body = await readBody(request);
      const ids = (Array.isArray(body.activityIds) ? body.activityIds : String(body.activityIds ?? '').split(',')).map(Number);
      state.calls.push({ path: 'watch', body, ifNoneMatch: request.headers.get('If-None-Match'), status: 200 });
      const records = ids.flatMap((id) => state.live.filter((lot) => lot.activityId === id).map((lot) => ({ ...lot, status: entryStatus(lot), outcome: null })));
      return HttpResponse.json(envelope({ records, total: records.length, size: records.length, current: 1, pages: 1, serverTime: Date.now() }));
    }),
    http.post('/api/dscq-sync/v1/bid-assets/bidding-rate', async ({ request }) => {
      const body = await readBody(request);
      const ids = new Set((body.activityIds as number[] | undefined) ?? []);
      return cached('bidding-rate', body, request, () => ({
        serverTime: Date.now(),
        rates: state.live.filter((lot) => ids.has(lot.activityId)).map(rateOf),
      }));
    }),
    http.post('/api/dscq-sync/v1/bid-assets/assets-max-rate', async ({ request }) => {
      const body = await readBody(request);
      const size = Number(body.size ?? 8);
      const rated: MaxRateEntry[] = state.live
        .filter((lot) => lot.biddingCount > 0)
        .map((lot) => ({ ...lot, premiumRate: rateOf(lot).premiumRate }))
        .sort((a, b) => (b.biddingPrice - b.startPrice) / b.startPrice - (a.biddingPrice - a.startPrice) / a.startPrice)
        .slice(0, size);
      return cached('assets-max-rate', body, request, () => rated);
    }),
    http.post('/api/dscq-sync/v1/bid-assets/bidding-data', async ({ request }) => {
      const body = await readBody(request);
      const lot = state.live.find((l) => l.activityId === Number(body.activityId));
      if (!lot) return HttpResponse.json({ code: 404, success: false, msg: '竞价活动不存在', data: null }, { status: 404 });
      return cached('bidding-data', body, request, (): BiddingData => ({
        activityId: lot.activityId,
        lockVersion: lot.lockVersion,
        assetsId: lot.assetsId,
        assetsName: lot.assetsName,
        projectType: lot.projectType,
        mode: lot.mode,
        status: 'live',
        outcome: null,
        serverTime: Date.now(),
        startTime: lot.startTime,
        endTime: lot.endTime,
        originalEndTime: lot.endTime,
        extensionCount: 0,
        startPrice: lot.startPrice,
        increment: 10_000,
        biddingPrice: lot.biddingPrice,
        maxPrice: lot.maxPrice,
        biddingCount: lot.biddingCount,
        leaderBidCode: lot.biddingCount > 0 ? 'A0001' : null,
        bids: [],
        myBidCode: null,
      }));
    }),
  ];

  return {
    state,
    handlers,
    /** An accepted bid (by `bidCode`, when the test follows the leader): the lot's price moves (and every ETag changes). */
    bid(activityId: number, price: number, bidCode: string | null = null) {
      state.live = state.live.map((lot) =>
        lot.activityId === activityId
          ? {
              ...lot,
              lockVersion: lot.lockVersion + 1,
              biddingPrice: price,
              maxPrice: Math.max(lot.maxPrice, price),
              biddingCount: lot.biddingCount + 1,
              leaderBidCode: bidCode ?? lot.leaderBidCode,
            }
          : lot,
      );
      state.version += 1;
    },
    /** The floor: suspends a lot (its reason and the time left) or, with `null`, resumes it with a new end. */
    suspend(activityId: number, reason: string | null, endTime?: number) {
      state.live = state.live.map((lot) => {
        if (lot.activityId !== activityId) return lot;
        const { suspendReason: _r, remainingMs: _m, ...rest } = lot;
        return reason === null
          ? { ...rest, lockVersion: lot.lockVersion + 1, endTime: endTime ?? lot.endTime }
          : { ...rest, lockVersion: lot.lockVersion + 1, suspendReason: reason, remainingMs: Math.max(0, lot.endTime - Date.now()) };
      });
      state.version += 1;
    },
    callsTo: (path: string) => state.calls.filter((call) => call.path === path),
  };
}

/** The default live backend the whole app sees in route tests: 12 live lots, every third with bids. */
export const defaultHallBackend = hallBackend({
  live: Array.from({ length: 12 }, (_, i) =>
    i % 3 === 0 ? bidEntryFixture(i, { biddingPrice: 1_000_000 + (i + 1) * 50_000, maxPrice: 1_000_000 + (i + 1) * 50_000, biddingCount: i + 1 }) : bidEntryFixture(i),
  ),
});
export const hallHandlers = defaultHallBackend.handlers;

/**
 * The push stream (GET live/events) as a server that has no slot for it answers: 503 with the envelope.
 * Route tests run the live pages on their polls; a test about push replaces this handler.
 */
export const pushUnavailableHandlers = [
  http.get('/api/dscq-sync/v1/live/events', () =>
    HttpResponse.json({ code: 503, success: false, msg: '服务器实时推送连接已满，请稍后重试', data: null }, { status: 503 }),
  ),
];
