/**
 * The installation's fee schedule and deal periods: PORTAL_FEE_SCHEDULE, PORTAL_FEE_MIN_YUAN,
 * PORTAL_CONFIRM_WORKING_DAYS, PORTAL_PAY_WORKING_DAYS read by loadConfig with a Chinese message naming the
 * bad variable; the defaults are the domain's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { buyerFeeFen, DEFAULT_SETTLEMENT_SETTINGS } from '#domain/rules/settlement';
import { createTestApp } from './helpers.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-settle-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ PORTAL_DATA_DIR: dataDir, NODE_ENV: 'test', ...env });

describe('settlement configuration', () => {
  it('defaults to the domain’s schedule and periods', () => {
    expect(load({}).settlement).toEqual(DEFAULT_SETTLEMENT_SETTINGS);
  });

  it('reads a schedule (上限元:千分率, the last *), a minimum and the periods', () => {
    const { settlement } = load({ PORTAL_FEE_SCHEDULE: '2000000:12, *:3', PORTAL_FEE_MIN_YUAN: '500', PORTAL_CONFIRM_WORKING_DAYS: '5', PORTAL_PAY_WORKING_DAYS: '10' });
    expect(settlement).toEqual({
      confirmWorkingDays: 5,
      payWorkingDays: 10,
      feeSchedule: { bands: [{ uptoFen: 200_000_000, ratePermille: 12 }, { uptoFen: null, ratePermille: 3 }], minFen: 50_000 },
    });
    // 300 万: 200 万 × 1.2 % + 100 万 × 0.3 % = 24,000 + 3,000 元; 1 万 × 1.2 % = 120 元 → the 500 元 minimum.
    expect(buyerFeeFen(300_000_000, settlement.feeSchedule)).toBe(2_700_000);
    expect(buyerFeeFen(1_000_000, settlement.feeSchedule)).toBe(50_000);
  });

  it.each([
    ['1000000:15,5000000:10', '最后一档须为 *（不设上限）'],
    ['*:2,1000000:15', '只有最后一档可为 *'],
    ['5000000:10,1000000:15,*:2', '“1000000:15” 的上限须大于上一档'],
    ['1000000:1.5,*:2', '“1000000:1.5” 不是 上限元:千分率'],
    ['1000000:1500,*:2', '的千分率不能超过 1000'],
    ['0:15,*:2', '的上限须为正整数元'],
  ])('refuses the schedule %s at start-up, in Chinese', (schedule, message) => {
    expect(() => load({ PORTAL_FEE_SCHEDULE: schedule })).toThrow(ConfigError);
    expect(() => load({ PORTAL_FEE_SCHEDULE: schedule })).toThrow(/配置错误（环境变量）:\n {2}PORTAL_FEE_SCHEDULE: /);
    expect(() => load({ PORTAL_FEE_SCHEDULE: schedule })).toThrow(message);
  });

  it('refuses bad periods and minimum', () => {
    expect(() => load({ PORTAL_CONFIRM_WORKING_DAYS: '0' })).toThrow(/PORTAL_CONFIRM_WORKING_DAYS: 至少 1 个工作日/);
    expect(() => load({ PORTAL_PAY_WORKING_DAYS: '2.5' })).toThrow(/PORTAL_PAY_WORKING_DAYS: 必须是整数个工作日/);
    expect(() => load({ PORTAL_FEE_MIN_YUAN: '-1' })).toThrow(/PORTAL_FEE_MIN_YUAN: 不能为负/);
  });

  it('reaches the bidding sweep that opens the deals', async () => {
    const { settlement } = load({ PORTAL_FEE_SCHEDULE: '*:7', PORTAL_CONFIRM_WORKING_DAYS: '4' });
    const test = await createTestApp({ seed: false, settlement });
    try {
      expect(test.app.engine.settlement).toEqual(settlement);
    } finally {
      await test.close();
    }
  });
});
