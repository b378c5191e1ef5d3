/**
 * The price-history chart: one point per bid in bid order, the price rising to the right, the
 * start price's line, the axis ticks covering every bid, and a summary for screen readers.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PriceHistoryChart from '@/components/PriceHistoryChart';
import { CHART_BOX, priceChartGeometry } from '@/components/priceChart';
import type { BidRecord } from '#domain/contract/activity';

const T = Date.UTC(2026, 10, 24, 2, 0, 0);
// Newest first, as bidding-data sends them.
const bids: BidRecord[] = [
  { seq: 3, bidCode: '300003', amount: 1_030_000, time: T + 30_000 },
  { seq: 2, bidCode: '200002', amount: 1_020_000, time: T + 20_000 },
  { seq: 1, bidCode: '100001', amount: 1_000_000, time: T + 10_000 },
];

describe('priceChartGeometry', () => {
  it('places the bids left to right by seq, higher prices higher, inside the plot, with ticks around them', () => {
    const g = priceChartGeometry(bids, 1_000_000);
    expect(g.points.map((p) => p.bid.seq)).toEqual([1, 2, 3]);
    const xs = g.points.map((p) => p.x);
    const ys = g.points.map((p) => p.y);
    expect(xs[0]).toBe(CHART_BOX.left);
    expect(xs[2]).toBe(CHART_BOX.width - CHART_BOX.right);
    expect(ys[0]).toBeGreaterThan(ys[1]!);
    expect(ys[1]).toBeGreaterThan(ys[2]!);
    for (const y of ys) {
      expect(y).toBeGreaterThanOrEqual(CHART_BOX.top);
      expect(y).toBeLessThanOrEqual(CHART_BOX.height - CHART_BOX.bottom);
    }
    const values = g.ticks.map((t) => t.value);
    expect(Math.min(...values)).toBeLessThanOrEqual(1_000_000);
    expect(Math.max(...values)).toBeGreaterThanOrEqual(1_030_000);
    expect(g.startY).toBe(ys[0]);
    expect(g.path.startsWith(`M${CHART_BOX.left},`)).toBe(true);
    expect(g.path.match(/H/g)).toHaveLength(2);
  });

  it('draws a single bid in the middle and a flat history without a zero-height range', () => {
    const g = priceChartGeometry([bids[2]!], 1_000_000);
    expect(g.points[0]!.x).toBe(CHART_BOX.left + (CHART_BOX.width - CHART_BOX.left - CHART_BOX.right) / 2);
    expect(Number.isFinite(g.points[0]!.y)).toBe(true);
    expect(g.ticks.length).toBeGreaterThanOrEqual(2);
  });
});

describe('PriceHistoryChart', () => {
  it('shows one point per bid with its tooltip and a summary image label', () => {
    render(<PriceHistoryChart bids={bids} startPrice={1_000_000} total={5} />);
    expect(screen.getAllByTestId('price-chart-point')).toHaveLength(3);
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toBe('价格走势：最近 3 次出价（共 5 次），起始价100万元，从100万元到103万元');
    expect(screen.getAllByTestId('price-chart-point')[2]!.textContent).toBe('第3次 竞买号300003 103万元 10:00:30');
  });

  it('says so when there is no bid yet', () => {
    render(<PriceHistoryChart bids={[]} startPrice={1_000_000} total={0} />);
    expect(screen.getByText('暂无出价，出价后在此显示价格走势。')).toBeTruthy();
  });
});
