/**
 * The load test's pure parts: threshold parsing and evaluation (the exit code), the HDR summary, and the
 * HTML report rendered from fixed histogram data (self-contained: no script, nothing fetched).
 */
import { describe, expect, it } from 'vitest';
import { decodeHistogram, encodeHistogram, newHistogram, recordMs, summarize, takeP50P99 } from '../../server/loadtest/histograms.ts';
import { renderReport, type ReportData, type TimelineRow } from '../../server/loadtest/report.ts';
import { parseDuration } from '../../server/loadtest/run.ts';
import { evaluateThresholds, parseThresholds, ThresholdError, thresholdLine, type ThresholdFigures } from '../../server/loadtest/thresholds.ts';

/** 1…1000 ms, one each: p50 = 500, p99 = 990, max = 1000 (to HDR's 3 significant digits). */
function fixedHistogram() {
  const h = newHistogram();
  for (let ms = 1; ms <= 1000; ms++) recordMs(h, ms);
  return h;
}

describe('thresholds', () => {
  it('parses metrics, operators and units', () => {
    expect(parseThresholds('bid.p99=300ms, push.p99.9<0.5s,errors=0,error_rate<1%,accepted>=10')).toEqual([
      { text: 'bid.p99=300ms', metric: 'bid.p99', op: '<=', value: 300 },
      { text: 'push.p99.9<0.5s', metric: 'push.p99.9', op: '<', value: 500 },
      { text: 'errors=0', metric: 'errors', op: '<=', value: 0 },
      { text: 'error_rate<1%', metric: 'error_rate', op: '<', value: 1 },
      { text: 'accepted>=10', metric: 'accepted', op: '>=', value: 10 },
    ]);
    expect(parseThresholds(undefined)).toEqual([]);
    expect(parseThresholds('  ')).toEqual([]);
  });

  it('refuses what it cannot read, naming it', () => {
    expect(() => parseThresholds('bid.p98=1ms')).toThrow(ThresholdError);
    expect(() => parseThresholds('bid.p98=1ms')).toThrow('bid.p98');
    expect(() => parseThresholds('bid.p99')).toThrow('格式');
    expect(() => parseThresholds('errors=3ms')).toThrow('计数没有单位');
    expect(() => parseThresholds('bid.p99=3%')).toThrow('ms 或 s');
    expect(() => parseThresholds('error_rate=3ms')).toThrow('%');
  });

  it('evaluates against the figures and says what breached', () => {
    const s = summarize(fixedHistogram());
    const figures: ThresholdFigures = {
      latency: { bid: s, 'bid.accepted': s, 'bid.refused': s, push: s, poll: s },
      sent: 200,
      accepted: 150,
      refused: 46,
      errors: 4,
      violations: 0,
      seconds: 10,
    };
    const results = evaluateThresholds(parseThresholds('bid.p99=300ms,push.p50<=600ms,errors=0,error_rate<5%,bids_per_s>=15,violations=0'), figures);
    expect(results.map((r) => [r.metric, r.passed])).toEqual([
      ['bid.p99', false],
      ['push.p50', true],
      ['errors', false],
      ['error_rate', true],
      ['bids_per_s', true],
      ['violations', true],
    ]);
    expect(results[0]!.actual).toBeCloseTo(990, -1);
    expect(thresholdLine(results[2]!)).toBe('  未通过 FAIL  errors <= 0：实际 4');
    expect(thresholdLine(results[1]!)).toContain('通过 PASS  push.p50 <= 600 ms');
  });

  it('reads durations', () => {
    expect(parseDuration('duration', '30s')).toBe(30_000);
    expect(parseDuration('duration', '2m')).toBe(120_000);
    expect(parseDuration('duration', '1500ms')).toBe(1500);
    expect(parseDuration('duration', '45')).toBe(45_000);
    expect(() => parseDuration('duration', 'soon')).toThrow('--duration');
  });
});

describe('HDR histograms', () => {
  it('summarises in ms and survives the encoding between processes', () => {
    const s = summarize(decodeHistogram(encodeHistogram(fixedHistogram())));
    expect(s.count).toBe(1000);
    expect(s.p50).toBeCloseTo(500, -1);
    expect(s.p99).toBeCloseTo(990, -1);
    expect(s.max).toBeCloseTo(1000, -1);
    expect(summarize(newHistogram())).toEqual({ count: 0, mean: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 });
    const h = fixedHistogram();
    expect(takeP50P99(h).count).toBe(1000);
    expect(h.totalCount).toBe(0);
  });
});

describe('the HTML report', () => {
  const s = summarize(fixedHistogram());
  const empty = summarize(newHistogram());
  const timeline: TimelineRow[] = Array.from({ length: 40 }, (_, i) => ({
    t: i + 1,
    sent: 10 + i,
    accepted: 8 + i,
    refused: 2,
    errors: i === 30 ? 1 : 0,
    bidP50: 5,
    bidP99: 40 + i,
    pushP50: 3,
    pushP99: 20,
    pushSamples: i < 35 ? 100 : 0,
    polls: 20,
    pollP99: 4,
    extensions: i > 25 ? 3 : 0,
  }));
  const data: ReportData = {
    title: '压测报告 Load test report · spike',
    startedAt: '2026-11-29T10:00:00.000Z',
    target: 'http://staging.example:8080',
    selfStarted: false,
    scenario: 'spike',
    params: { '--lots': 20, '--bidders': 200, '--threshold': 'bid.p99=300ms' },
    seconds: 40,
    bids: { sent: 1180, accepted: 1100, refused: 79, errors: 1, extensions: 42, refusedReasons: { '出价须高于当前价': 79 }, errorSamples: ['bid: HTTP 503 <overloaded>'] },
    latency: { bid: s, accepted: s, refused: s, errors: empty, push: s, poll: s },
    push: {
      ...{ streams: 1000, streamsFailed: 0, events: 90_000, samples: 88_000, ahead: 12, unmatched: 0, reference: 'the answer' },
      // A node went mid-run: half the streams lost, every one back.
      ...{ lost: 500, reconnects: 500, resyncs: 0, down: 0, viewsBehind: 0, reattach: { ...s, p99: 3400, max: 3900 }, catchUp: { ...s, p99: 3500, max: 4100 } },
    },
    polls: { sent: 800, notModified: 700, errors: 0 },
    timeline,
    markers: [{ t: 30, label: '计划结束 planned end' }],
    thresholds: evaluateThresholds(parseThresholds('bid.p99=300ms,errors<=5'), {
      latency: { bid: s, 'bid.accepted': s, 'bid.refused': s, push: s, poll: s },
      sent: 1180,
      accepted: 1100,
      refused: 79,
      errors: 1,
      violations: 0,
      seconds: 40,
    }),
    invariants: { lots: 20, recorded: 1100, accepted: 1100, violations: [], notes: [] },
    generator: { cpuPercent: 35.5, loopDelayP99: 12, loopDelayMax: 30 },
  };
  const html = renderReport(data);

  it('is one self-contained file: no script, no stylesheet or image from anywhere', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(html).not.toMatch(/(src|href)=/i);
  });

  it('draws the charts over time', () => {
    expect(html.match(/<svg /g)).toHaveLength(5);
    for (const title of ['出价 / 秒 Bids per second', '出价时延 Bid latency', '推送延迟 Push lag', '错误与延时 Errors', '大厅轮询 Hall polls']) expect(html).toContain(title);
    // The bars of 40 seconds of accepted bids, the planned end marked.
    expect((html.match(/成交 accepted: /g) ?? []).length).toBe(40);
    expect(html).toContain('计划结束 planned end');
    // Seconds without push samples are gaps, not zeros: the p99 line has 35 points.
    const pushChart = html.slice(html.indexOf('推送延迟 Push lag'), html.indexOf('错误与延时'));
    const line = /<polyline fill="none" stroke="#ef6c00" stroke-width="2" points="([^"]+)"/.exec(pushChart)!;
    expect(line[1]!.split(' ')).toHaveLength(35);
  });

  it('has the summary tables, thresholds, the record check and the parameters', () => {
    expect(html).toContain('<td>1000</td>');
    expect(html).toMatch(/<th>p99\.9<\/th>/);
    expect(html).toContain('bid.p99=300ms</td><td>990');
    expect(html).toContain('未通过 FAIL（1）');
    expect(html).toContain('全部成立');
    expect(html).toContain('http://staging.example:8080');
    expect(html).toContain('出价须高于当前价');
    // Text is escaped.
    expect(html).toContain('HTTP 503 &lt;overloaded&gt;');
    expect(html).toContain('--bidders');
    // The streams lost and re-attached, with how long they took.
    expect(html).toContain('500 / 500（重新同步 resync 0；结束时未连上 still down 0）');
    expect(html).toMatch(/追上用时 lost → view current<\/t[hd]><td>p50 [\d.]+ · p99 3500 · max 4100 ms/);
  });
});
