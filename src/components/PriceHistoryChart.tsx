import '@/styles/price-chart.css';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { BidRecord } from '#domain/contract/activity';
import { formatMoney } from '#domain/rules/money';
import { useLayoutEffect, useRef, useState } from 'react';
import { CHART_BOX, priceChartGeometry } from './priceChart';

const label = (yuan: number) => formatMoney(yuan)?.label ?? '--';

/**
 * The price history of a room's bids as a small SVG step chart: each bid a point (its code,
 * amount and time in a tooltip), the start price as a dashed line. No chart library is in the project; this
 * is loaded lazily (React.lazy) by the two pages that show it, the bidding room and the lot's page.
 * Screen readers get one summary (role="img" with its label); the bid table beside it has the details.
 * The drawing follows its box's width (a ResizeObserver, no timer), so labels stay 12 px on a phone and the
 * line uses the whole width of a desktop card.
 */
export default function PriceHistoryChart({ bids, startPrice, total }: { bids: readonly BidRecord[]; startPrice: number; total: number }) {
  const figure = useRef<HTMLElement>(null);
  const [boxWidth, setBoxWidth] = useState(CHART_BOX.width);
  const empty = bids.length === 0;
  // Observed once the figure exists (with the first bid).
  useLayoutEffect(() => {
    const element = figure.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (width >= 240) setBoxWidth(width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [empty]);
  if (empty) {
    return <p className="price-chart__empty">暂无出价，出价后在此显示价格走势。</p>;
  }
  const box = { ...CHART_BOX, width: boxWidth };
  const g = priceChartGeometry(bids, startPrice, box);
  const first = g.points[0]!.bid;
  const last = g.points[g.points.length - 1]!.bid;
  const summary = `价格走势：${total > bids.length ? `最近 ${bids.length} 次出价（共 ${total} 次）` : `共 ${bids.length} 次出价`}，起始价${label(startPrice)}，从${label(first.amount)}到${label(last.amount)}`;
  const { width, height, left, right, bottom } = box;
  return (
    <figure className="price-chart" data-testid="price-chart" ref={figure}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="price-chart__svg">
        {g.ticks.map((tick) => (
          <g key={tick.value} aria-hidden="true">
            <line x1={left} x2={width - right} y1={tick.y} y2={tick.y} className="price-chart__grid" />
            <text x={left - 8} y={tick.y} className="price-chart__tick" textAnchor="end" dominantBaseline="middle">
              {label(tick.value)}
            </text>
          </g>
        ))}
        {g.startY !== null && <line x1={left} x2={width - right} y1={g.startY} y2={g.startY} className="price-chart__start" aria-hidden="true" />}
        <path d={g.path} className="price-chart__line" aria-hidden="true" />
        {g.points.map((p) => (
          <circle key={p.bid.seq} cx={p.x} cy={p.y} r={3.5} className="price-chart__point" data-testid="price-chart-point">
            <title>{`第${p.bid.seq}次 竞买号${p.bid.bidCode} ${label(p.bid.amount)} ${formatChinaTime(p.bid.time, 'HH:mm:ss')}`}</title>
          </circle>
        ))}
        <text x={left} y={height - bottom + 20} className="price-chart__tick" aria-hidden="true">
          {formatChinaTime(first.time, 'MM-DD HH:mm')}
        </text>
        <text x={width - right} y={height - bottom + 20} className="price-chart__tick" textAnchor="end" aria-hidden="true">
          {formatChinaTime(last.time, 'HH:mm:ss')}
        </text>
      </svg>
      <figcaption className="price-chart__caption">{summary}</figcaption>
    </figure>
  );
}
