/**
 * The HTML report of `npm run loadtest -- --report out.html` (pure: data in, one self-contained file out).
 * Charts are inline SVG drawn here — no script, no CDN, nothing fetched — so the file opens anywhere,
 * offline, and can be attached to a ticket. Labels are bilingual: it is read by load testers.
 */
import type { LatencySummary } from './histograms.ts';
import type { ThresholdResult } from './thresholds.ts';

/** One second of the measured window. */
export interface TimelineRow {
  /** Seconds since the window started. */
  t: number;
  sent: number;
  accepted: number;
  refused: number;
  errors: number;
  bidP50: number;
  bidP99: number;
  pushP50: number;
  pushP99: number;
  pushSamples: number;
  polls: number;
  pollP99: number;
  extensions: number;
}

export interface ReportData {
  title: string;
  /** ISO time the run started. */
  startedAt: string;
  target: string;
  selfStarted: boolean;
  scenario: 'steady' | 'spike';
  /** The run's parameters as given (flag → value). */
  params: Record<string, string | number>;
  seconds: number;
  bids: { sent: number; accepted: number; refused: number; errors: number; extensions: number; refusedReasons: Record<string, number>; errorSamples: string[] };
  latency: { bid: LatencySummary; accepted: LatencySummary; refused: LatencySummary; errors: LatencySummary; push: LatencySummary; poll: LatencySummary };
  push: {
    streams: number;
    streamsFailed: number;
    /** Streams lost while in use; re-attached (resyncs among them); still down at the end; (watcher, lot) views behind at the end. */
    lost: number;
    reconnects: number;
    resyncs: number;
    down: number;
    viewsBehind: number;
    /** Per lost stream: lost → re-attached, lost → its view current. */
    reattach: LatencySummary;
    catchUp: LatencySummary;
    events: number;
    samples: number;
    ahead: number;
    unmatched: number;
    reference: string;
  };
  polls: { sent: number; notModified: number; errors: number };
  timeline: TimelineRow[];
  /** Vertical marks on the charts (e.g. the lots' planned end). */
  markers: Array<{ t: number; label: string }>;
  thresholds: ThresholdResult[];
  invariants: { lots: number; recorded: number; accepted: number; violations: string[]; notes: string[] };
  generator: { cpuPercent: number; loopDelayP99: number; loopDelayMax: number };
}

const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const fmt = (n: number, digits = 1) => (Number.isInteger(n) ? String(n) : n.toFixed(digits));

interface Series {
  name: string;
  color: string;
  values: number[];
  /** Drawn as bars (counts) instead of a line. */
  bars?: boolean;
}

/** A "nice" step: 1, 2 or 5 × 10^k, at least `x`. */
function niceStep(x: number): number {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}

/** An axis' top: 4 nice steps (so its labels are round numbers). */
const niceMax = (max: number) => 4 * niceStep(max / 4);

/** One chart over the window's seconds: lines (latencies) or bars (counts), with axes, legend and markers. */
export function chartSvg(title: string, unit: string, xs: number[], series: Series[], markers: ReportData['markers'] = []): string {
  const W = 880;
  const H = 240;
  const L = 56;
  const R = 16;
  const T = 34;
  const B = 30;
  const pw = W - L - R;
  const ph = H - T - B;
  const xMax = Math.max(1, ...xs, ...markers.map((m) => m.t));
  const yMax = niceMax(Math.max(0, ...series.flatMap((s) => s.values.filter((v) => Number.isFinite(v)))));
  const x = (t: number) => L + (t / xMax) * pw;
  const y = (v: number) => T + ph - (Math.min(v, yMax) / yMax) * ph;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(title)}">`);
  parts.push(`<text x="${L}" y="18" class="ct">${esc(title)}</text>`);
  // Grid and y axis: 4 steps.
  for (let i = 0; i <= 4; i++) {
    const v = (yMax / 4) * i;
    const yy = y(v);
    parts.push(`<line x1="${L}" x2="${W - R}" y1="${yy}" y2="${yy}" class="grid"/>`);
    parts.push(`<text x="${L - 6}" y="${yy + 4}" class="ax" text-anchor="end">${esc(fmt(v, 1))}</text>`);
  }
  parts.push(`<text x="12" y="${T + ph / 2}" class="ax" transform="rotate(-90 12 ${T + ph / 2})" text-anchor="middle">${esc(unit)}</text>`);
  // x axis: about 8 ticks on whole seconds.
  const step = Math.max(1, niceStep(xMax / 8));
  for (let t = 0; t <= xMax; t += step) parts.push(`<text x="${x(t)}" y="${H - 10}" class="ax" text-anchor="middle">${t}s</text>`);
  parts.push(`<line x1="${L}" x2="${W - R}" y1="${T + ph}" y2="${T + ph}" class="axis"/>`);
  const barSeries = series.filter((s) => s.bars);
  const slot = xs.length > 1 ? pw / xMax : pw;
  const barW = Math.max(1, (slot * 0.8) / Math.max(1, barSeries.length));
  barSeries.forEach((s, k) => {
    s.values.forEach((v, i) => {
      if (!(v > 0)) return;
      const x0 = x(xs[i]!) - (slot * 0.8) / 2 + k * barW;
      parts.push(`<rect x="${x0.toFixed(1)}" y="${y(v).toFixed(1)}" width="${barW.toFixed(1)}" height="${(T + ph - y(v)).toFixed(1)}" fill="${s.color}"><title>${xs[i]}s ${esc(s.name)}: ${esc(fmt(v))}</title></rect>`);
    });
  });
  for (const s of series.filter((s) => !s.bars)) {
    const points = s.values.map((v, i) => (Number.isFinite(v) ? `${x(xs[i]!).toFixed(1)},${y(v).toFixed(1)}` : null)).filter((p) => p !== null);
    if (points.length > 0) parts.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${points.join(' ')}"/>`);
    if (points.length === 1) parts.push(`<circle cx="${points[0]!.split(',')[0]}" cy="${points[0]!.split(',')[1]}" r="3" fill="${s.color}"/>`);
  }
  for (const m of markers) {
    parts.push(`<line x1="${x(m.t)}" x2="${x(m.t)}" y1="${T}" y2="${T + ph}" class="mark"/>`);
    // Its label on the side with room: left of a mark in the right half (the planned end is often the last second).
    const right = x(m.t) > L + pw / 2;
    parts.push(`<text x="${x(m.t) + (right ? -4 : 4)}" y="${T + 12}" class="mk"${right ? ' text-anchor="end"' : ''}>${esc(m.label)}</text>`);
  }
  // Legend, top right.
  let lx = W - R;
  for (const s of [...series].reverse()) {
    const w = 24 + s.name.length * 13;
    lx -= w;
    parts.push(`<rect x="${lx}" y="10" width="12" height="10" fill="${s.color}"/><text x="${lx + 16}" y="19" class="ax">${esc(s.name)}</text>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

function latencyTable(rows: Array<[string, LatencySummary]>): string {
  const head = ['', '次数 count', '平均 mean', 'p50', 'p90', 'p99', 'p99.9', '最大 max'].map((h) => `<th>${esc(h)}</th>`).join('');
  const body = rows
    .map(([name, s]) => `<tr><th>${esc(name)}</th><td>${s.count}</td>${[s.mean, s.p50, s.p90, s.p99, s.p999, s.max].map((v) => `<td>${s.count === 0 ? '—' : esc(fmt(v, 2))}</td>`).join('')}</tr>`)
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table><p class="note">单位：毫秒 (ms)，HDR 直方图（3 位有效数字）。</p>`;
}

function keyValues(rows: Array<[string, string | number]>): string {
  return `<table class="kv"><tbody>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</tbody></table>`;
}

export function renderReport(d: ReportData): string {
  const xs = d.timeline.map((r) => r.t);
  const col = (k: keyof TimelineRow) => d.timeline.map((r) => r[k]);
  // A second with no sample has no latency: a gap, not a zero.
  const lat = (k: keyof TimelineRow, n: keyof TimelineRow) => d.timeline.map((r) => (r[n] > 0 ? r[k] : Number.NaN));
  const failed = d.thresholds.filter((t) => !t.passed).length + d.invariants.violations.length;
  const verdict = failed === 0 ? '<span class="ok">通过 PASS</span>' : `<span class="bad">未通过 FAIL（${failed}）</span>`;
  const charts = [
    chartSvg('出价 / 秒 Bids per second', '次/秒', xs, [
      { name: '成交 accepted', color: '#2e7d32', values: col('accepted'), bars: true },
      { name: '规则拒绝 refused', color: '#f9a825', values: col('refused'), bars: true },
      { name: '错误 errors', color: '#c62828', values: col('errors'), bars: true },
    ], d.markers),
    chartSvg('出价时延 Bid latency (request → answer)', 'ms', xs, [
      { name: 'p50', color: '#1565c0', values: lat('bidP50', 'sent') },
      { name: 'p99', color: '#c62828', values: lat('bidP99', 'sent') },
    ], d.markers),
    chartSvg('推送延迟 Push lag (accepted → seen by watcher)', 'ms', xs, [
      { name: 'p50', color: '#6a1b9a', values: lat('pushP50', 'pushSamples') },
      { name: 'p99', color: '#ef6c00', values: lat('pushP99', 'pushSamples') },
    ], d.markers),
    chartSvg('错误与延时 Errors and soft-close extensions per second', '次/秒', xs, [
      { name: '错误 errors', color: '#c62828', values: col('errors'), bars: true },
      { name: '延时 extensions', color: '#00838f', values: col('extensions'), bars: true },
    ], d.markers),
    chartSvg('大厅轮询 Hall polls per second and p99', '次/秒 · ms', xs, [
      { name: '轮询 polls/s', color: '#78909c', values: col('polls'), bars: true },
      { name: 'p99 ms', color: '#283593', values: lat('pollP99', 'polls') },
    ], d.markers),
  ];
  const reasons = Object.entries(d.bids.refusedReasons).sort((a, b) => b[1] - a[1]);
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(d.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:"Noto Sans SC","WenQuanYi Micro Hei","Microsoft YaHei",system-ui,sans-serif;margin:24px auto;max-width:920px;color:#212121;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e0e0e0;padding-bottom:4px}
.sub{color:#616161;font-size:13px}.ok{color:#2e7d32;font-weight:600}.bad{color:#c62828;font-weight:600}
table{border-collapse:collapse;font-size:13px;margin:4px 0}th,td{border:1px solid #e0e0e0;padding:4px 8px;text-align:right}th{background:#fafafa}
table.kv th,table.kv td,table.left th,table.left td{text-align:left}.note{color:#757575;font-size:12px;margin:2px 0 10px}
.tiles{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}.tile{border:1px solid #e0e0e0;border-radius:6px;padding:8px 12px;min-width:120px}
.tile b{display:block;font-size:20px}.tile span{color:#616161;font-size:12px}
svg{display:block;margin:8px 0 4px;max-width:100%;height:auto}.ct{font-size:14px;font-weight:600;fill:#212121}.ax{font-size:11px;fill:#616161}
.grid{stroke:#eeeeee}.axis{stroke:#9e9e9e}.mark{stroke:#424242;stroke-dasharray:4 3}.mk{font-size:11px;fill:#424242}
</style></head><body>
<h1>${esc(d.title)}</h1>
<div class="sub">场景 scenario <b>${esc(d.scenario)}</b> · 目标 target <b>${esc(d.target)}</b>${d.selfStarted ? '（自启服务 self-started）' : ''} · 开始 ${esc(d.startedAt)} · 时长 ${esc(fmt(d.seconds))} s · 结论 ${verdict}</div>
<div class="tiles">
<div class="tile"><b>${d.bids.sent}</b><span>出价 bids sent</span></div>
<div class="tile"><b>${d.bids.accepted}</b><span>成交 accepted</span></div>
<div class="tile"><b>${d.bids.refused}</b><span>规则拒绝 refused</span></div>
<div class="tile"><b>${d.bids.errors}</b><span>错误 errors</span></div>
<div class="tile"><b>${esc(fmt(d.latency.bid.p99, 1))} ms</b><span>出价 bid p99</span></div>
<div class="tile"><b>${esc(fmt(d.latency.push.p99, 1))} ms</b><span>推送 push p99</span></div>
<div class="tile"><b>${d.bids.extensions}</b><span>延时 extensions</span></div>
</div>
<h2>随时间变化 Over time</h2>
${charts.join('\n')}
<p class="note">横轴：测量窗口内的秒数。虚线：${d.markers.map((m) => esc(m.label)).join('，') || '无'}。</p>
<h2>时延 Latency percentiles</h2>
${latencyTable([
  ['出价（全部应答）bid, all answers', d.latency.bid],
  ['出价·成交 accepted', d.latency.accepted],
  ['出价·规则拒绝 refused by rule', d.latency.refused],
  ['出价·错误 errors (answered)', d.latency.errors],
  ['推送延迟 push lag', d.latency.push],
  ['大厅轮询 hall poll', d.latency.poll],
])}
<p class="note">推送延迟的起点 Push lag starts at: ${esc(d.push.reference)}</p>
<h2>阈值 Thresholds</h2>
${
  d.thresholds.length === 0
    ? '<p class="note">未设置阈值 (none given: --threshold bid.p99=300ms,…)</p>'
    : `<table class="left"><thead><tr><th>阈值 threshold</th><th>实际 actual</th><th>结果 result</th></tr></thead><tbody>${d.thresholds
        .map((t) => `<tr><td>${esc(t.text)}</td><td>${esc(fmt(t.actual, 2))}</td><td>${t.passed ? '<span class="ok">通过 PASS</span>' : '<span class="bad">未通过 FAIL</span>'}</td></tr>`)
        .join('')}</tbody></table>`
}
<h2>出价记录核对 Bid record check</h2>
${keyValues([
  ['标的 lots', d.invariants.lots],
  ['公开出价记录中的出价 bids in the public records', d.invariants.recorded],
  ['工具收到的成交应答 accepted answers received', d.invariants.accepted],
  ['结果 result', d.invariants.violations.length === 0 ? '全部成立：每笔成交都在记录中，哈希链完整，链头签名有效' : `${d.invariants.violations.length} 处违反`],
])}
${d.invariants.violations.length > 0 ? `<ul>${d.invariants.violations.slice(0, 50).map((v) => `<li class="bad">${esc(v)}</li>`).join('')}</ul>` : ''}
${d.invariants.notes.length > 0 ? `<ul>${d.invariants.notes.map((v) => `<li>${esc(v)}</li>`).join('')}</ul>` : ''}
<h2>计数 Counts</h2>
${keyValues([
  ['推送连接 push streams held', `${d.push.streams}（失败 failed ${d.push.streamsFailed}）`],
  ...(d.push.lost > 0
    ? ([
        ['推送重连 streams lost / re-attached', `${d.push.lost} / ${d.push.reconnects}（重新同步 resync ${d.push.resyncs}；结束时未连上 still down ${d.push.down}）`],
        ['重连用时 lost → re-attached', `p50 ${fmt(d.push.reattach.p50)} · p99 ${fmt(d.push.reattach.p99)} · max ${fmt(d.push.reattach.max)} ms`],
        ['追上用时 lost → view current', `p50 ${fmt(d.push.catchUp.p50)} · p99 ${fmt(d.push.catchUp.p99)} · max ${fmt(d.push.catchUp.max)} ms`],
        ['视图落后 views behind at the end', d.push.viewsBehind],
      ] satisfies Array<[string, string | number]>)
    : []),
  ['推送事件 push events received', d.push.events],
  ['推送延迟样本 push lag samples', `${d.push.samples}（早于应答 before the answer ${d.push.ahead}；无对应应答 unmatched ${d.push.unmatched}）`],
  ['大厅轮询 hall polls', `${d.polls.sent}（304 ${d.polls.notModified}，错误 errors ${d.polls.errors}）`],
  ['压测进程 generator', `CPU ${fmt(d.generator.cpuPercent)} %，事件循环延迟 p99/max ${fmt(d.generator.loopDelayP99)}/${fmt(d.generator.loopDelayMax)} ms`],
])}
${reasons.length > 0 ? `<h2>拒绝原因 Refusals by reason</h2><table class="left"><tbody>${reasons.map(([r, n]) => `<tr><td>${esc(r)}</td><td>${n}</td></tr>`).join('')}</tbody></table>` : ''}
${d.bids.errorSamples.length > 0 ? `<h2>错误示例 Error samples</h2><ul>${d.bids.errorSamples.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>` : ''}
<h2>参数 Parameters</h2>
${keyValues(Object.entries(d.params))}
</body></html>
`;
}
