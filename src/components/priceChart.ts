/**
 * The geometry of the price-history chart: where each bid sits in the SVG, and the price axis's
 * ticks. Pure (no DOM), so it is unit-tested; PriceHistoryChart only draws it.
 *
 * x: the bids in order (by seq), evenly spaced — bids bunch in the last seconds, so a time axis would pile
 * them up; the first and last bids' times label the ends. y: from the start price (or the lowest bid) to
 * the highest bid, padded, with 3 "nice" ticks (1, 2, 2.5, 5 × 10ⁿ steps).
 */
import type { BidRecord } from '#domain/contract/activity';

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const CHART_BOX: ChartBox = { width: 640, height: 220, left: 84, right: 16, top: 14, bottom: 30 };

export interface ChartPoint {
  x: number;
  y: number;
  bid: BidRecord;
}

export interface ChartGeometry {
  points: ChartPoint[];
  /** The start price's line (y), when it lies in the range. */
  startY: number | null;
  ticks: { y: number; value: number }[];
  /** SVG path of the price as steps (a price holds until the next bid). */
  path: string;
}

function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw)!;
  return step * power;
}

export function priceChartGeometry(bids: readonly BidRecord[], startPrice: number, box: ChartBox = CHART_BOX): ChartGeometry {
  const ordered = [...bids].sort((a, b) => a.seq - b.seq);
  const amounts = ordered.map((b) => b.amount);
  const low = Math.min(startPrice, ...amounts);
  const high = Math.max(startPrice, ...amounts);
  const span = high - low || Math.max(high * 0.1, 1);
  const step = niceStep(span, 3);
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  const plotW = box.width - box.left - box.right;
  const plotH = box.height - box.top - box.bottom;
  const yOf = (value: number) => box.top + plotH - ((value - min) / (max - min)) * plotH;
  const xOf = (i: number) => box.left + (ordered.length <= 1 ? plotW / 2 : (i / (ordered.length - 1)) * plotW);
  const points = ordered.map((bid, i) => ({ x: xOf(i), y: yOf(bid.amount), bid }));
  const ticks: { y: number; value: number }[] = [];
  for (let value = min; value <= max + step / 1e6; value += step) ticks.push({ y: yOf(value), value: Number(value.toFixed(6)) });
  const round = (n: number) => Math.round(n * 10) / 10;
  const path = points
    .map((p, i) => (i === 0 ? `M${round(p.x)},${round(p.y)}` : `H${round(p.x)}V${round(p.y)}`))
    .join('');
  return { points, startY: startPrice >= min && startPrice <= max ? yOf(startPrice) : null, ticks, path };
}
