/**
 * Database preparation shared by the server's entry point (main.ts), `npm run seed`, the load test and
 * benches: migrate, then (optionally) the demo seed, its live top-up and demo enrolments, under one
 * start-up lock. It lives in seed/ because it calls the demo seed: production modules never import seed/;
 * only entry points and tools do. Migration alone is db/migrate.ts.
 */
import type { LotTimelineSettings } from '#domain/rules/lotTimeline';
import type { SecretOverrides } from '../config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { migrateToLatest, withStartupLock } from '../db/migrate.ts';
import { ensureLiveDemo, type LiveDemoReport } from './bidding.ts';
import { ensureDemoEnrolments } from './enrolment.ts';
import { ensureDemoContracts } from './contracts.ts';
import { localSigningProvider } from '../services/contracts/provider.ts';
import { ensureDemoMoney } from './money.ts';
import type { SigningProvider } from '../services/esign/types.ts';
import { seedDemoData, type SeedReport } from './seed.ts';
import { ensureDemoSeal } from './seals.ts';
import { ensureStaffWork } from './staff-work.ts';
import { ensureDemoUserFiles } from './user-files.ts';

export interface PrepareResult {
  migrations: string[];
  seeded: SeedReport | null;
  /** Demo activities created by the live top-up (null without seeding). */
  liveDemo: LiveDemoReport | null;
}

export async function prepareDatabase(
  handle: DatabaseHandle,
  /** dataDir: where the demo seed writes its files (content downloads and images); none → rows only. */
  /** lotTimeline: the periods the server runs (config.lotTimeline); the demo's lots obey them (published rules when absent). */
  options: { seed: boolean; now: number; dataDir?: string | undefined; secrets?: SecretOverrides | undefined; signingProvider?: SigningProvider | null; lotTimeline?: LotTimelineSettings | undefined },
): Promise<PrepareResult> {
  return withStartupLock(handle, async (db) => {
    const results = await migrateToLatest(db, handle.schema);
    const seeded = options.seed ? await seedDemoData(db, { now: options.now, dataDir: options.dataDir, secrets: options.secrets, lotTimeline: options.lotTimeline }) : null;
    // Demo auctions end; every start tops them up so something is always live (bidding.ts).
    const liveDemo = options.seed ? await ensureLiveDemo(db, options.now, options.lotTimeline) : null;
    if (options.seed) await ensureDemoEnrolments(db, options.now);
    if (options.seed) await ensureDemoMoney(db, options.now, options.secrets);
    // bidder01's files, answered appeal and matched demand.
    if (options.seed) await ensureDemoUserFiles(db, options.now, options.dataDir);
    // demo_org's approved electronic seal.
    if (options.seed) await ensureDemoSeal(db, options.now);
    // contracts of paid deals; bidder01's signed-and-sealed one and one awaiting his signature.
    if (options.seed) await ensureDemoContracts(db, options.now, options.signingProvider !== undefined ? options.signingProvider : localSigningProvider(db, () => options.now));
    // Last: work waiting in every staff queue (it picks listings the seeds above left free).
    if (options.seed) await ensureStaffWork(db, options.now, { dataDir: options.dataDir, secrets: options.secrets });
    return { migrations: results.map((r) => r.migrationName), seeded, liveDemo };
  });
}
