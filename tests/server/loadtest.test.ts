/**
 * `npm run loadtest` end to end against its own server (a fresh embedded database, driven by URL): a tiny
 * spike — prepared through the operator API, bidders in the lots' last seconds, push watchers and hall
 * pollers in the load's own process, the public records checked, thresholds applied, the report written.
 * Asserts counts and the report's content, never latency values (this machine is shared).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLoadTest, type RunOutcome } from '../../server/loadtest/run.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'loadtest-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run loadtest (spike, own server)', () => {
  let outcome: RunOutcome;
  const lines: string[] = [];

  it('prepares over HTTP, runs the spike, checks the records and sets the exit code by the thresholds', async () => {
    outcome = await runLoadTest({
      scenario: 'spike',
      lots: 2,
      bidders: 6,
      watchers: 12,
      pollers: 2,
      pollIntervalMs: 1000,
      durationMs: 30_000,
      spikeWindowMs: 6000,
      bidIntervalMs: 1000,
      extensionSec: 5,
      budgetSteps: 30,
      leadMs: 5000,
      report: path.join(dir, 'spike.html'),
      // One that holds, one that cannot: the exit code is 1 and the breached line says so.
      thresholds: 'accepted>=1,sent<0',
      seed: 7,
      tag: 'vt',
      log: (line) => lines.push(line),
    });
    const { result, records } = outcome;
    const c = result.counts;
    expect(c.sent).toBeGreaterThan(0);
    expect(c.accepted).toBeGreaterThan(0);
    expect(c.sent).toBe(c.accepted + c.refused + c.bidErrors);
    expect(result.accepted).toHaveLength(c.accepted);
    expect(c.streams).toBe(12);
    expect(c.streamsFailed).toBe(0);
    expect(c.polls).toBeGreaterThan(0);
    // Every accepted bid's event reached the watchers following its lot (3 of 4 on one lot, 1 of 4 on both).
    expect(c.pushSamples).toBeGreaterThanOrEqual(c.accepted);
    // The public records: both lots ended, every accepted answer is in them, the chains hold.
    expect(records.lots).toBe(2);
    expect(records.violations).toEqual([]);
    expect(records.recorded).toBeGreaterThanOrEqual(c.accepted);
    expect(outcome.thresholds.map((t) => [t.metric, t.passed])).toEqual([
      ['accepted', true],
      ['sent', false],
    ]);
    expect(outcome.exitCode).toBe(1);
    expect(lines).toContain(`  未通过 FAIL  sent < 0：实际 ${c.sent}`);
    expect(lines.some((l) => l.startsWith('压测结果') || l.includes('压测结果 Summary'))).toBe(true);
    expect(result.timeline.length).toBeGreaterThan(3);
    expect(result.timeline.reduce((n, r) => n + r.sent, 0)).toBe(c.sent);
  }, 90_000);

  it('writes one self-contained HTML report with the run in it', () => {
    const html = readFileSync(path.join(dir, 'spike.html'), 'utf8');
    expect(outcome.reportFile).toBe(path.join(dir, 'spike.html'));
    expect(html).toContain('压测报告 Load test report · spike');
    expect(html.match(/<svg /g)).toHaveLength(5);
    expect(html).toContain('计划结束 planned end');
    expect(html).not.toMatch(/<script|<link|<img|(src|href)=/i);
    expect(html).toContain(`<b>${outcome.result.counts.accepted}</b><span>成交 accepted</span>`);
    expect(html).toContain('sent&lt;0');
    expect(html).toContain('全部成立');
  });
});
