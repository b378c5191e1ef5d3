/**
 * The one server-aligned 1 s clock of the app.
 *
 * Offset (Cristian's method): send at local t0, the server answers its time T, receive at local t1;
 * rtt = t1 − t0 and the server's time at t1 is estimated as T + rtt/2, so
 *     offset = T + rtt/2 − t1            (server time = local time + offset)
 * with error at most ±rtt/2 (the true answer was produced somewhere inside the round trip).
 *
 * Burst: 3 sequential samples, keep the one with the smallest rtt — it has the tightest error bound, and
 * the slow ones are the ones hit by connection set-up (the first request often pays TCP/TLS), GC pauses or
 * queueing. Sequential, not parallel, so the samples do not queue behind each other. 3 requests per
 * re-sync (default every 60 s, and on becoming visible) is negligible load.
 *
 * Re-sync rule (`reconcileOffset`):
 * - the first successful sync is applied as is and may move the clock either way (the values before it
 *   said `synced: false`);
 * - later, a new offset is applied only if |Δ| > max(250 ms, rtt/2 of the new sample): smaller differences
 *   are measurement noise (within the new sample's own error bound) and re-phasing every row's countdown
 *   each minute for them would be visible jitter;
 * - Δ > 0 (we were behind): applied at once, the countdown skips forward — the safe direction, it must
 *   never show more time than really remains;
 * - −1000 ms ≤ Δ < 0 (we were ahead): applied, but the emitted `serverNow` never goes down: the current
 *   second is held until server time reaches the next one (one second lasts up to 2 s once) instead of
 *   counting up;
 * - Δ < −1000 ms (a stepped local clock): holding would freeze the countdown for seconds, so the clock
 *   jumps back to the correct second.
 *
 * Tick: one self-rescheduling timeout aimed at the next whole second of server time (`setInterval` would
 * drift and could not be re-phased after a re-sync). Each tick emits the whole-second `serverNow`; a late
 * timer (busy worker, sleeping machine) emits the current second, never the missed ones.
 */
import { Observable } from 'rxjs';
import { TICK_MS } from '#domain/rules/bidding';
import type { ServerTime } from '#domain/contract/portal';
import type { ClockValue, ResolvedLiveConfig } from './protocol/protocol';
import type { BaseContext } from './context';
import type { LiveEnv, TimerId } from './env';
import { apiHeaders, getJson, unwrapEnvelope } from './http';
import { poll } from './poller';
import { shareLatest } from './rx';

export const SERVER_TIME_PATH = '/dscq-sync/v1/server-time';
export const CLOCK_BURST_SAMPLES = 3;
/** Offset changes up to this are ignored (see the re-sync rule). */
export const RESYNC_DEADBAND_MS = 250;
/** Backward corrections up to this hold the current second instead of jumping back. */
export const MAX_HOLD_MS = 1000;
/** Retry after a failed burst: 2 s, 4 s, 8 s … capped at the re-sync interval. */
export const CLOCK_RETRY_INITIAL_MS = 2000;

export interface ClockSample {
  /** server − local, whole ms. */
  offsetMs: number;
  rttMs: number;
  /** Local time the answer arrived. */
  receivedAt: number;
}

/** Cristian's estimate from one round trip (local send/receive times, the server's answer). */
export function computeSample(sentAt: number, receivedAt: number, serverNow: number): ClockSample {
  const rttMs = receivedAt - sentAt;
  return { offsetMs: Math.round(serverNow + rttMs / 2 - receivedAt), rttMs, receivedAt };
}

/** `{code:200, data:{now}}` → now (epoch ms). */
export function parseServerTime(body: unknown): number {
  const data = unwrapEnvelope(body) as Partial<ServerTime> | null | undefined;
  const now = data?.now;
  if (typeof now !== 'number' || !Number.isFinite(now)) throw new Error('server-time: data.now is not a number');
  return now;
}

type ClockConfig = Pick<ResolvedLiveConfig, 'apiBase' | 'clientId'>;

/** One measurement: `GET {apiBase}/dscq-sync/v1/server-time?n=…` with `Client-Id`. */
export async function measureOnce(env: LiveEnv, config: ClockConfig, signal?: AbortSignal): Promise<ClockSample> {
  const sentAt = env.now();
  const body = await getJson(env, `${config.apiBase}${SERVER_TIME_PATH}`, {
    headers: apiHeaders(config.clientId),
    signal,
  });
  const receivedAt = env.now();
  const serverNow = parseServerTime(body);
  if (receivedAt < sentAt) throw new Error('server-time: the local clock went backwards during the measurement');
  return computeSample(sentAt, receivedAt, serverNow);
}

/** The sample with the smallest round trip (the earliest on ties). */
export function pickBestSample(samples: readonly ClockSample[]): ClockSample | undefined {
  let best: ClockSample | undefined;
  for (const s of samples) if (!best || s.rttMs < best.rttMs) best = s;
  return best;
}

/** `samples` sequential measurements; the min-rtt one. Fails only if every measurement failed. */
export async function measureBurst(
  env: LiveEnv,
  config: ClockConfig,
  options: { samples?: number; signal?: AbortSignal } = {},
): Promise<ClockSample> {
  const { samples = CLOCK_BURST_SAMPLES, signal } = options;
  const got: ClockSample[] = [];
  let lastError: unknown = new Error('server-time: no sample');
  for (let i = 0; i < samples; i++) {
    signal?.throwIfAborted();
    try {
      got.push(await measureOnce(env, config, signal));
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError = error;
    }
  }
  const best = pickBestSample(got);
  if (!best) throw lastError;
  return best;
}

export interface OffsetState {
  offsetMs: number;
  rttMs: number | null;
  synced: boolean;
}

export const UNSYNCED: OffsetState = { offsetMs: 0, rttMs: null, synced: false };

export type OffsetDecision =
  | { apply: false }
  /** `allowBackwards`: the emitted second may go down once (first sync, or a large backward step). */
  | { apply: true; state: OffsetState; allowBackwards: boolean };

/** The re-sync rule (see the file comment). Pure. */
export function reconcileOffset(current: OffsetState, sample: ClockSample): OffsetDecision {
  const state: OffsetState = { offsetMs: sample.offsetMs, rttMs: sample.rttMs, synced: true };
  if (!current.synced) return { apply: true, state, allowBackwards: true };
  const delta = sample.offsetMs - current.offsetMs;
  if (Math.abs(delta) <= Math.max(RESYNC_DEADBAND_MS, sample.rttMs / 2)) return { apply: false };
  return { apply: true, state, allowBackwards: delta < -MAX_HOLD_MS };
}

/** Start of the server second containing `serverMs`. */
export function wholeSecond(serverMs: number): number {
  return Math.floor(serverMs / TICK_MS) * TICK_MS;
}

/**
 * The shared clock stream: emits the current second on subscription, then on every whole second of
 * server time. Runs the re-sync poll (every `clockResyncMs`, on `visible`, backoff on failure) while
 * subscribed; stops everything when the last subscriber leaves.
 */
/** What the clock needs: everything a producer gets except the clock itself. */
export type ClockContext = BaseContext;

export function createClock$(ctx: ClockContext): Observable<ClockValue> {
  const { env } = ctx;
  return new Observable<ClockValue>((subscriber) => {
    let state = UNSYNCED;
    let last = -Infinity;
    let timer: TimerId | undefined;

    const serverNow = () => env.now() + state.offsetMs;
    const emitIfNewSecond = () => {
      const second = wholeSecond(serverNow());
      if (second <= last) return; // holding: never count up
      last = second;
      subscriber.next({ serverNow: second, offsetMs: state.offsetMs, rttMs: state.rttMs, synced: state.synced });
    };
    const schedule = () => {
      if (timer !== undefined) env.clearTimeout(timer);
      const now = serverNow();
      const next = Math.max(last + TICK_MS, wholeSecond(now) + TICK_MS);
      timer = env.setTimeout(tick, Math.max(0, Math.ceil(next - now)));
    };
    const tick = () => {
      timer = undefined;
      emitIfNewSecond();
      schedule();
    };

    emitIfNewSecond();
    schedule();

    const { clockResyncMs } = ctx.config();
    const sync = poll({
      env,
      name: 'clock-sync',
      load: (signal) => measureBurst(env, ctx.config(), { signal }),
      intervalMs: clockResyncMs,
      backoff: { initialMs: CLOCK_RETRY_INITIAL_MS, maxMs: Math.max(CLOCK_RETRY_INITIAL_MS, clockResyncMs) },
      visible$: ctx.visible$,
    }).subscribe((sample) => {
      const decision = reconcileOffset(state, sample);
      if (!decision.apply) return;
      state = decision.state;
      if (decision.allowBackwards) last = -Infinity;
      emitIfNewSecond();
      schedule();
    });

    return () => {
      sync.unsubscribe();
      if (timer !== undefined) env.clearTimeout(timer);
      timer = undefined;
    };
  }).pipe(shareLatest());
}
