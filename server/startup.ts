/** Database preparation shared by the server and `npm run seed`: migrate, then seed, under one lock. */
import type { SecretOverrides } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { migrateToLatest, withStartupLock } from './db/migrate.ts';
import { ensureLiveDemo, type LiveDemoReport } from './seed/bidding.ts';
import { ensureDemoEnrolments } from './seed/enrolment.ts';
import { seedDemoData, type SeedReport } from './seed/seed.ts';

export interface PrepareResult {
  migrations: string[];
  seeded: SeedReport | null;
  /** Demo activities created by the live top-up (null without seeding). */
  liveDemo: LiveDemoReport | null;
}

export async function prepareDatabase(
  handle: DatabaseHandle,
  /** dataDir: where the demo seed writes its files (content downloads and images); none → rows only. */
  options: { seed: boolean; now: number; dataDir?: string | undefined; secrets?: SecretOverrides | undefined },
): Promise<PrepareResult> {
  return withStartupLock(handle, async (db) => {
    const results = await migrateToLatest(db, handle.schema);
    const seeded = options.seed ? await seedDemoData(db, { now: options.now, dataDir: options.dataDir, secrets: options.secrets }) : null;
    // Demo auctions end; every start tops them up so something is always live (seed/bidding.ts).
    const liveDemo = options.seed ? await ensureLiveDemo(db, options.now) : null;
    if (options.seed) await ensureDemoEnrolments(db, options.now);
    return { migrations: results.map((r) => r.migrationName), seeded, liveDemo };
  });
}
