/**
 * The load test's HDR histograms (hdr-histogram-js): values recorded in MICROSECONDS (integers; 3
 * significant digits, so a 1.234 ms and a 1.235 ms answer stay apart), read back in milliseconds. They
 * travel from the load process to the driver as compressed base64 (the HdrHistogram log encoding).
 */
import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64, type Histogram } from 'hdr-histogram-js';

export type { Histogram };

/** Up to one hour; longer values are clamped (a request times out long before). */
const HIGHEST_US = 3_600_000_000;

export function newHistogram(): Histogram {
  return build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 3, autoResize: false });
}

export function recordMs(h: Histogram, ms: number): void {
  h.recordValue(Math.min(HIGHEST_US, Math.max(0, Math.round(ms * 1000))));
}

export const encodeHistogram = (h: Histogram): string => encodeIntoCompressedBase64(h);
export const decodeHistogram = (text: string): Histogram => decodeFromCompressedBase64(text);

/** The percentiles a load tester reads, in ms (NaN-free: 0 when nothing was recorded). */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

export const SUMMARY_PERCENTILES = [
  ['p50', 50],
  ['p90', 90],
  ['p99', 99],
  ['p999', 99.9],
] as const;

export function summarize(h: Histogram): LatencySummary {
  const n = h.totalCount;
  const ms = (us: number) => (n === 0 ? 0 : Math.round(us) / 1000);
  return {
    count: n,
    mean: n === 0 ? 0 : Math.round(h.mean) / 1000,
    p50: ms(h.getValueAtPercentile(50)),
    p90: ms(h.getValueAtPercentile(90)),
    p99: ms(h.getValueAtPercentile(99)),
    p999: ms(h.getValueAtPercentile(99.9)),
    max: ms(h.maxValue),
  };
}

/** p50 and p99 of a histogram in ms, then empties it (the per-second and per-10-s figures). */
export function takeP50P99(h: Histogram): { count: number; p50: number; p99: number } {
  const n = h.totalCount;
  const out = { count: n, p50: n === 0 ? 0 : h.getValueAtPercentile(50) / 1000, p99: n === 0 ? 0 : h.getValueAtPercentile(99) / 1000 };
  h.reset();
  return out;
}
