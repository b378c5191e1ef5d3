/**
 * msw handlers for the bidding room: bidding-data of one activity (with `myBidCode` for the
 * bearer of a mock token) and POST /dscq-sync/v1/bidding/{mode}/bid. `quoteRoomBackend()` holds one
 * mutable activity: a test lets other bidders bid (`bidAs`), extends or ends it, forces a refusal or a
 * network failure, and reads the bid calls (amounts and idempotency keys); `state.receipts` are what GET
 * bidding/receipts lists per login. The server's rules are the
 * domain's (domain/rules/bidRules.ts), as in the real engine, for ongoing, onceOff, dutch-auction and
 * first-come; final's and two-stage's phases are set by the test (`set`, `state.mine`: what each login
 * alone is told), and their bids are accepted as sent. Requests for other activities fall through.
 */
import { http, HttpResponse } from 'msw';
import { ascendingBidRejection, bidWindowRejection, BID_REJECTION_MESSAGES, dutchBidRejection, extendedEnd, fixedPriceRejection, sealedBidRejection, suspendedBidMessage } from '#domain/rules/bidRules';
import { JOIN_STAGE_PATH, type BiddingData, type PlaceBidAnswer } from '#domain/contract/hall';
import { type BidRecord } from '#domain/contract/activity';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { BID_RECEIPTS_PATH, type BidReceipt, type BidReceiptsAnswer } from '#domain/contract/bidReceipt';
import { toFenBigInt } from '#domain/rules/money';
import { envelope } from '../fixtures';
import { authMock } from './auth';

const MINUTE = 60_000;

export const ROOM_ACTIVITY_ID = 9101;
export const ROOM_ASSETS_ID = 5101;
/** Bid codes of the mock users qualified by default (demo_new and demo_org are not). */
export const ROOM_CODES: Record<string, string> = { demo_person: '318402' };
/** Other bidders' codes. */
export const RIVAL_CODE = '527719';

export const NOT_QUALIFIED_MSG = '您未取得本项目的竞买资格（需报名审核通过并交纳保证金）';

/** What bidding-data tells one login alone (final, two-stage, sealed offers). */
export type MineFields = Pick<BiddingData, 'myOffer' | 'myJoined' | 'myAtCap' | 'myCanMatch'>;

export interface BidCall {
  mode: string;
  activityId: number;
  amount: unknown;
  idempotencyKey: string;
  loginName: string | null;
}

type Activity = Omit<BiddingData, 'myBidCode' | 'serverTime'> & { windowMs: number; extensionMs: number };

export function roomActivityFixture(over: Partial<Activity> = {}, now = Date.now()): Activity {
  return {
    activityId: ROOM_ACTIVITY_ID,
    lockVersion: over.biddingCount ?? 0,
    assetsId: ROOM_ASSETS_ID,
    assetsName: '石家庄市某国有企业闲置办公楼一栋（建筑面积2,860平方米）',
    projectType: 0,
    mode: 'ongoing',
    status: 'live',
    outcome: null,
    startTime: now - 2 * 60 * MINUTE,
    endTime: now + 60 * MINUTE,
    originalEndTime: now + 60 * MINUTE,
    extensionCount: 0,
    startPrice: 1_000_000,
    increment: 10_000,
    biddingPrice: 1_000_000,
    maxPrice: 1_000_000,
    biddingCount: 0,
    leaderBidCode: null,
    bids: [],
    windowMs: 5 * MINUTE,
    extensionMs: 5 * MINUTE,
    ...over,
  };
}

const fen = (yuan: number) => Number(toFenBigInt(yuan));

function loginOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return header.startsWith('Bearer ') ? (authMock.state.accessTokens.get(header.slice(7)) ?? null) : null;
}

export function quoteRoomBackend(over: Partial<Activity> = {}, codes: Record<string, string> = ROOM_CODES) {
  const state = {
    activity: roomActivityFixture(over),
    codes: { ...codes },
    /** The next bids answer this refusal instead of the rules (count = how many). */
    refusal: null as null | { status: number; msg: string; count: number },
    /** The next N bid requests fail on the network. */
    networkFailures: 0,
    bidCalls: [] as BidCall[],
    /** Answers per idempotency key (replays answer the first answer, as the engine does). */
    answers: new Map<string, { status: number; body: unknown }>(),
    dataCalls: 0,
    /** Per login: the my* fields of his bidding-data. */
    mine: {} as Record<string, MineFields>,
    joinCalls: [] as Array<{ activityId: number; loginName: string | null }>,
    /** Per login: his signed bid receipts (GET bidding/receipts; none by default). */
    receipts: {} as Record<string, BidReceipt[]>,
  };

  /** An accepted bid as the engine applies it (price, leader, history, extension). */
  const accept = (bidCode: string, amountFen: number, at: number): PlaceBidAnswer => {
    const a = state.activity;
    const endTime = extendedEnd(a.endTime, at, a.windowMs, a.extensionMs);
    const seq = a.biddingCount + 1;
    const record: BidRecord = { seq, bidCode, amount: amountFen / 100, time: at };
    state.activity = {
      ...a,
      lockVersion: a.lockVersion + 1,
      biddingPrice: amountFen / 100,
      maxPrice: Math.max(a.maxPrice, amountFen / 100),
      biddingCount: seq,
      leaderBidCode: bidCode,
      bids: [record, ...a.bids].slice(0, 20),
      endTime,
      extensionCount: a.extensionCount + (endTime !== a.endTime ? 1 : 0),
    };
    return { activityId: a.activityId, seq, bidCode, amount: amountFen / 100, time: at, endTime, extended: endTime !== a.endTime };
  };

  /** The activity as a push event shows it (sealed: no amounts or leader; final's window: the frozen cap). */
  const publicState = (): LiveChangeEvent => {
    const { activityId, lockVersion, status, outcome, biddingCount, endTime, extensionCount, modeState, biddingPrice, maxPrice, leaderBidCode, bids, suspendReason, remainingMs, terminateReason } = state.activity;
    const floor = { ...(suspendReason !== undefined ? { suspendReason } : {}), ...(remainingMs !== undefined ? { remainingMs } : {}), ...(terminateReason !== undefined ? { terminateReason } : {}) };
    const common = { activityId, lockVersion, status, outcome, biddingCount, endTime, extensionCount, serverTime: Date.now(), ...(modeState ? { modeState } : {}), ...floor };
    if (modeState?.sealed) return modeState.phase === 'final' ? { ...common, biddingPrice, maxPrice } : common;
    return { ...common, biddingPrice, maxPrice, leaderBidCode, ...(bids[0] && bids[0].seq === biddingCount ? { lastBid: bids[0] } : {}) };
  };

  const handlers = [
    http.post('/api/dscq-sync/v1/bid-assets/bidding-data', async ({ request }) => {
      const body = (await request.clone().json().catch(() => ({}))) as { activityId?: unknown };
      const query = new URL(request.url).searchParams.get('activityId');
      if (Number(body.activityId ?? query) !== state.activity.activityId) return undefined;
      state.dataCalls += 1;
      const login = loginOf(request);
      const { windowMs: _w, extensionMs: _e, ...data } = state.activity;
      // Sealed (onceOff until its end, two-stage's stage 1): amounts, leader and history are hidden, as the
      // real snapshot does; final's window shows the frozen cap (the current price the test sets).
      const frozen = data.modeState?.phase === 'final';
      const view = data.modeState?.sealed
        ? { ...data, biddingPrice: frozen ? data.biddingPrice : data.startPrice, maxPrice: frozen ? data.biddingPrice : data.startPrice, leaderBidCode: null, bids: [] }
        : data;
      const mine = login ? (state.mine[login] ?? {}) : {};
      return HttpResponse.json(envelope<BiddingData>({ ...view, serverTime: Date.now(), myBidCode: login ? (state.codes[login] ?? null) : null, ...mine }));
    }),
    http.get(`/api${BID_RECEIPTS_PATH}`, ({ request }) => {
      if (Number(new URL(request.url).searchParams.get('activityId')) !== state.activity.activityId) return undefined;
      const login = loginOf(request);
      if (!login) return HttpResponse.json({ code: 401, success: false, msg: '请求未授权', data: null }, { status: 401 });
      return HttpResponse.json(envelope<BidReceiptsAnswer>({ activityId: state.activity.activityId, keyId: 'mockkey000000000', publicKey: 'MOCK', receipts: state.receipts[login] ?? [] }));
    }),
    http.post(`/api${JOIN_STAGE_PATH}`, async ({ request }) => {
      const body = (await request.json()) as { activityId: number };
      if (Number(body.activityId) !== state.activity.activityId) return undefined;
      const login = loginOf(request);
      state.joinCalls.push({ activityId: Number(body.activityId), loginName: login });
      if (!login) return HttpResponse.json({ code: 401, success: false, msg: '请求未授权', data: null }, { status: 401 });
      state.mine[login] = { ...state.mine[login], myJoined: true };
      state.activity = { ...state.activity, lockVersion: state.activity.lockVersion + 1 };
      const stage2StartTime = state.activity.modeState?.phaseEndsAt ?? Date.now();
      return HttpResponse.json(envelope({ activityId: state.activity.activityId, joined: true, stage2StartTime, endTime: state.activity.endTime }));
    }),
    http.post('/api/dscq-sync/v1/bidding/:mode/bid', async ({ request, params }) => {
      const body = (await request.json()) as { activityId: number; amount: unknown; idempotencyKey: string };
      if (Number(body.activityId) !== state.activity.activityId) return undefined;
      const login = loginOf(request);
      state.bidCalls.push({ mode: String(params.mode), activityId: body.activityId, amount: body.amount, idempotencyKey: body.idempotencyKey, loginName: login });
      if (state.networkFailures > 0) {
        state.networkFailures -= 1;
        return HttpResponse.error();
      }
      const answer = (status: number, payload: unknown) => {
        const stored = { status, body: payload };
        state.answers.set(body.idempotencyKey, stored);
        return HttpResponse.json(payload as Record<string, unknown>, { status });
      };
      const fail = (status: number, msg: string) => answer(status, { code: status, success: false, msg, data: null });
      const earlier = state.answers.get(body.idempotencyKey);
      if (earlier) return HttpResponse.json(earlier.body as Record<string, unknown>, { status: earlier.status });
      if (!login) return HttpResponse.json({ code: 401, success: false, msg: '请求未授权', data: null }, { status: 401 });
      if (state.refusal && state.refusal.count > 0) {
        state.refusal.count -= 1;
        return fail(state.refusal.status, state.refusal.msg);
      }
      const code = state.codes[login];
      if (!code) return fail(403, NOT_QUALIFIED_MSG);
      const a = state.activity;
      // The floor, as the engine: nothing is taken while suspended (the reason), nor once terminated.
      if (a.status === 'suspended') return fail(400, suspendedBidMessage(a.suspendReason));
      if (a.outcome === 'terminated') return fail(400, BID_REJECTION_MESSAGES.terminated);
      const at = Date.now();
      const amountFen = fen(Number(body.amount));
      const sealedRule = () => sealedBidRejection({ startFen: fen(a.startPrice), incrementFen: fen(a.increment), capFen: null }, a.bids.some((b) => b.bidCode === code), amountFen);
      const acceptance = a.mode === 'dutch-auction' || (a.mode === 'v-shaped' && a.biddingCount === 0);
      const asSent = a.mode === 'final' || a.mode === 'two-stage';
      const rejection =
        (a.mode === 'first-come-first-served' && a.biddingCount > 0 ? 'taken' : null) ??
        (a.status === 'ended' ? 'closed' : bidWindowRejection(a.startTime, a.endTime, at)) ??
        (acceptance ? dutchBidRejection(a.biddingCount, fen(a.biddingPrice), amountFen) : null) ??
        (a.mode === 'first-come-first-served' ? fixedPriceRejection(a.biddingCount, fen(a.startPrice), amountFen) : null) ??
        (a.mode === 'onceOff' ? sealedRule() : null) ??
        (acceptance || asSent || a.mode === 'onceOff' || a.mode === 'first-come-first-served' ? null : ascendingBidRejection(
          {
            startFen: fen(a.startPrice),
            currentFen: fen(a.biddingPrice),
            incrementFen: fen(a.increment),
            capFen: null,
            bidCount: a.biddingCount,
            leaderUserId: a.leaderBidCode === null ? null : a.leaderBidCode === code ? 1 : 2,
            allowSelfOutbid: false,
          },
          1,
          amountFen,
        ));
      if (rejection) return fail(400, BID_REJECTION_MESSAGES[rejection]);
      // An acceptance: the server's price at receipt is recorded, never more.
      const accepted = accept(code, acceptance ? fen(a.biddingPrice) : amountFen, at);
      // What the bidder alone is told afterwards: his sealed offer (final's window, two-stage's stage 1).
      if (a.modeState?.sealed && !a.modeState.capPrice) state.mine[login] = { ...state.mine[login], myOffer: amountFen / 100 };
      if (a.modeState?.phase === 'final' && a.modeState.capPrice != null) {
        state.mine[login] = amountFen / 100 > a.modeState.capPrice ? { ...state.mine[login], myOffer: amountFen / 100 } : { ...state.mine[login], myAtCap: true, myCanMatch: false };
      }
      // v-shaped: the first acceptance turns the price upwards.
      if (a.mode === 'v-shaped' && a.biddingCount === 0 && a.modeState) state.activity = { ...state.activity, modeState: { ...a.modeState, phase: 'ascending', nextDropAt: null } };
      // The answer carries the public state the bid made, as the engine's does (the push event's view).
      return answer(200, envelope<PlaceBidAnswer>({ ...accepted, lockVersion: state.activity.lockVersion, state: publicState() }));
    }),
  ];

  return {
    state,
    handlers,
    /** Another bidder's accepted bid (default: the lowest valid one). */
    bidAs(bidCode: string, amountYuan?: number) {
      const a = state.activity;
      const next = a.biddingCount === 0 ? fen(a.startPrice) : fen(a.biddingPrice) + fen(a.increment);
      return accept(bidCode, amountYuan === undefined ? next : fen(amountYuan), Date.now());
    },
    /** Moves the end later, as a late bid would. */
    extendTo(endTime: number) {
      state.activity = { ...state.activity, lockVersion: state.activity.lockVersion + 1, endTime, extensionCount: state.activity.extensionCount + 1 };
    },
    end(outcome: 'sold' | 'failed') {
      state.activity = { ...state.activity, lockVersion: state.activity.lockVersion + 1, status: 'ended', outcome, endTime: Math.min(state.activity.endTime, Date.now()) };
    },
    /** 中止 (the floor): the clock stops with the time left; bids are refused with the reason. */
    suspend(reason: string, remainingMs = Math.max(0, state.activity.endTime - Date.now())) {
      const a = state.activity;
      state.activity = { ...a, lockVersion: a.lockVersion + 1, status: 'suspended', suspendReason: reason, remainingMs };
    },
    /** 恢复 with a new end. */
    resume(endTime: number) {
      const { suspendReason: _r, remainingMs: _m, ...a } = state.activity;
      state.activity = { ...a, lockVersion: a.lockVersion + 1, status: 'live', endTime };
    },
    /** 终结: ended without a result. */
    terminate(reason: string) {
      const { suspendReason: _r, remainingMs: _m, ...a } = state.activity;
      state.activity = { ...a, lockVersion: a.lockVersion + 1, status: 'ended', outcome: 'terminated', terminateReason: reason, endTime: Math.min(a.endTime, Date.now()) };
    },
    /** Changes the activity as the server would (a phase, the price), with a new version. */
    set(over: Partial<Activity>) {
      state.activity = { ...state.activity, ...over, lockVersion: state.activity.lockVersion + 1 };
    },
    refuseNext(msg: string, status = 400, count = 1) {
      state.refusal = { status, msg, count };
    },
  };
}

/** The default room the whole app sees in route tests. */
export const defaultQuoteRoomBackend = quoteRoomBackend();
export const quoteRoomHandlers = defaultQuoteRoomBackend.handlers;
