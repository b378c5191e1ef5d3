/**
 * The key to the live tables: what the green and red prices and the premium rate's '---' mean,
 * and where the exact amount is (the spec's bidding-row rules, domain/rules/liveValues.ts).
 */
export function LiveLegend() {
  return (
    <p className="live-legend" data-testid="live-legend">
      <span className="live-legend__item">
        <i className="live-legend__swatch live-legend__swatch--green" aria-hidden="true" />
        绿色：尚无出价，当前价为起始价
      </span>
      <span className="live-legend__item">
        <i className="live-legend__swatch live-legend__swatch--red" aria-hidden="true" />
        红色：已有出价
      </span>
      <span className="live-legend__item">溢价率“---”：尚无出价，或一次报价（密封）结束前不公开</span>
      <span className="live-legend__item">价格以万元计、保留两位小数，鼠标悬停显示精确到分的金额</span>
    </p>
  );
}
