/**
 * Thresholds of `npm run loadtest -- --threshold bid.p99=300ms,push.p99=500ms,errors=0` (pure): each
 * `metric OP value[unit]`, comma-separated; `=`, `<=` and `<` are upper bounds, `>=` and `>` lower bounds.
 * A breached threshold makes the run's exit code 1 and prints one line.
 *
 * Metrics: `bid`, `bid.accepted`, `bid.refused`, `push`, `poll` with `.p50 .p90 .p99 .p99.9 .max .mean`
 * (milliseconds; units ms or s); counts `errors`, `accepted`, `sent`, `violations`; `error_rate` and
 * `refused_rate` (%, of the bids sent); `bids_per_s` (accepted per second).
 */
import type { LatencySummary } from './histograms.ts';

export type ThresholdOp = '<=' | '<' | '>=' | '>';

export interface Threshold {
  /** As written, for the report. */
  text: string;
  metric: string;
  op: ThresholdOp;
  /** In the metric's unit: ms for latencies, % for rates, a count otherwise. */
  value: number;
}

export interface ThresholdResult extends Threshold {
  actual: number;
  passed: boolean;
}

export class ThresholdError extends Error {}

const LATENCIES = ['bid', 'bid.accepted', 'bid.refused', 'push', 'poll'] as const;
const STATS: Record<string, keyof LatencySummary> = { p50: 'p50', p90: 'p90', p99: 'p99', 'p99.9': 'p999', max: 'max', mean: 'mean' };
const COUNTS = ['errors', 'accepted', 'sent', 'violations', 'bids_per_s'] as const;
const RATES = ['error_rate', 'refused_rate'] as const;

export const THRESHOLD_METRICS: readonly string[] = [...LATENCIES.flatMap((l) => Object.keys(STATS).map((s) => `${l}.${s}`)), ...COUNTS, ...RATES];

const isLatency = (metric: string) => LATENCIES.some((l) => Object.keys(STATS).some((s) => metric === `${l}.${s}`));

export function parseThresholds(text: string | undefined): Threshold[] {
  if (!text || text.trim() === '') return [];
  return text.split(',').map((part) => {
    const item = part.trim();
    const m = /^([a-z_.0-9]+?)\s*(<=|>=|<|>|=)\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|%)?$/.exec(item);
    if (!m) throw new ThresholdError(`阈值格式不正确：“${item}”（例如 bid.p99=300ms、errors=0、error_rate<1%）`);
    const [, metric, rawOp, number, unit] = m as unknown as [string, string, string, string, string | undefined];
    if (!THRESHOLD_METRICS.includes(metric)) throw new ThresholdError(`未知的阈值指标：“${metric}”（可用：${THRESHOLD_METRICS.join(' ')}）`);
    let value = Number(number);
    if (isLatency(metric)) {
      if (unit === '%') throw new ThresholdError(`“${item}”：时延的单位须为 ms 或 s`);
      if (unit === 's') value *= 1000;
    } else if ((RATES as readonly string[]).includes(metric)) {
      if (unit === 'ms' || unit === 's') throw new ThresholdError(`“${item}”：比率的单位须为 %`);
    } else if (unit !== undefined) throw new ThresholdError(`“${item}”：计数没有单位`);
    const op: ThresholdOp = rawOp === '=' ? '<=' : (rawOp as ThresholdOp);
    return { text: item, metric, op, value };
  });
}

/** The figures a threshold reads. */
export interface ThresholdFigures {
  latency: Record<(typeof LATENCIES)[number], LatencySummary>;
  sent: number;
  accepted: number;
  refused: number;
  errors: number;
  violations: number;
  seconds: number;
}

export function actualOf(metric: string, f: ThresholdFigures): number {
  if (isLatency(metric)) {
    const cut = metric.lastIndexOf('.p99.9') >= 0 ? metric.lastIndexOf('.p99.9') : metric.lastIndexOf('.');
    const base = metric.slice(0, cut) as (typeof LATENCIES)[number];
    return f.latency[base][STATS[metric.slice(cut + 1)]!];
  }
  switch (metric) {
    case 'errors':
      return f.errors;
    case 'accepted':
      return f.accepted;
    case 'sent':
      return f.sent;
    case 'violations':
      return f.violations;
    case 'bids_per_s':
      return f.seconds > 0 ? f.accepted / f.seconds : 0;
    case 'error_rate':
      return f.sent > 0 ? (f.errors / f.sent) * 100 : 0;
    case 'refused_rate':
      return f.sent > 0 ? (f.refused / f.sent) * 100 : 0;
  }
  throw new ThresholdError(`未知的阈值指标：${metric}`);
}

export function evaluateThresholds(thresholds: readonly Threshold[], f: ThresholdFigures): ThresholdResult[] {
  return thresholds.map((t) => {
    const actual = actualOf(t.metric, f);
    const passed = t.op === '<=' ? actual <= t.value : t.op === '<' ? actual < t.value : t.op === '>=' ? actual >= t.value : actual > t.value;
    return { ...t, actual, passed };
  });
}

const unitOf = (metric: string) => (isLatency(metric) ? ' ms' : (RATES as readonly string[]).includes(metric) ? ' %' : '');
const round = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** One line per threshold, for the console (the breached ones name what they got). */
export function thresholdLine(r: ThresholdResult): string {
  const u = unitOf(r.metric);
  return r.passed
    ? `  通过 PASS  ${r.metric} ${r.op} ${round(r.value)}${u}（实际 ${round(r.actual)}${u}）`
    : `  未通过 FAIL  ${r.metric} ${r.op} ${round(r.value)}${u}：实际 ${round(r.actual)}${u}`;
}
