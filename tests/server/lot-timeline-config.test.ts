/**
 * The installation's lot timeline: PORTAL_DISCLOSURE_MINIMUMS and PORTAL_DEPOSIT_MARGIN_WORKING_DAYS read by
 * loadConfig with a Chinese message naming the bad variable; the defaults are the published rules, and the
 * periods reach the staff API's checks (a lot whose disclosure is shorter than the default is refused by
 * default and published where the installation shortened it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOT_TIMELINE_SETTINGS, lotProblems } from '#domain/rules/lotTimeline';
import { loadConfig } from '../../server/config.ts';
import { createTestApp } from './helpers.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-timeline-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ PORTAL_DATA_DIR: dataDir, NODE_ENV: 'test', ...env });

describe('lot timeline configuration', () => {
  it('defaults to the published rules', () => {
    expect(load({}).lotTimeline).toEqual(DEFAULT_LOT_TIMELINE_SETTINGS);
  });

  it('overrides a class’s minimum in its own unit and the deposit margin', () => {
    const { lotTimeline } = load({ PORTAL_DISCLOSURE_MINIMUMS: 'other:0, judicialRealEstate:45', PORTAL_DEPOSIT_MARGIN_WORKING_DAYS: '0' });
    expect(lotTimeline.disclosure.other).toEqual({ minimum: 0, unit: 'workingDays', until: 'enrolmentEnd' });
    expect(lotTimeline.disclosure.judicialRealEstate).toEqual({ minimum: 45, unit: 'days', until: 'auctionStart' });
    expect(lotTimeline.disclosure.stateEquity).toEqual(DEFAULT_LOT_TIMELINE_SETTINGS.disclosure.stateEquity);
    expect(lotTimeline.depositMarginWorkingDays).toBe(0);
  });

  it('refuses an unknown class, a bad item and a negative margin', () => {
    expect(() => load({ PORTAL_DISCLOSURE_MINIMUMS: 'land:5' })).toThrow(/PORTAL_DISCLOSURE_MINIMUMS: “land:5” 须为 资产类别:天数/);
    expect(() => load({ PORTAL_DISCLOSURE_MINIMUMS: 'other=5' })).toThrow(/PORTAL_DISCLOSURE_MINIMUMS/);
    expect(() => load({ PORTAL_DEPOSIT_MARGIN_WORKING_DAYS: '-1' })).toThrow(/PORTAL_DEPOSIT_MARGIN_WORKING_DAYS: 至少 0 个工作日/);
  });

  it('reaches the staff API’s checks', async () => {
    const { lotTimeline } = load({ PORTAL_DISCLOSURE_MINIMUMS: 'other:0', PORTAL_DEPOSIT_MARGIN_WORKING_DAYS: '0' });
    const test = await createTestApp({ seed: false, lotTimeline });
    try {
      expect(test.app.staff.lotTimeline).toEqual(lotTimeline);
      // A lot listed for one hour: too short by default, allowed here.
      const now = Date.UTC(2026, 10, 23, 2);
      const lot = { assetClass: 'other' as const, announcementStartAt: now, enrolmentEndAt: now + 3_600_000, depositEndAt: null };
      expect(lotProblems(lot, now)).toHaveLength(1);
      expect(lotProblems(lot, now, test.app.staff.lotTimeline)).toEqual([]);
    } finally {
      await test.close();
    }
  });
});
