/** Database preparation shared by the server and `npm run seed`: migrate, then seed, under one lock. */
import type { SecretOverrides } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { migrateToLatest, withStartupLock } from './db/migrate.ts';
import { seedDemoData, type SeedReport } from './seed/seed.ts';

export interface PrepareResult {
  migrations: string[];
  seeded: SeedReport | null;
}

export async function prepareDatabase(
  handle: DatabaseHandle,
  /** dataDir: where the demo seed writes its files (content downloads and images); none → rows only. */
  options: { seed: boolean; now: number; dataDir?: string | undefined; secrets?: SecretOverrides | undefined },
): Promise<PrepareResult> {
  return withStartupLock(handle, async (db) => {
    const results = await migrateToLatest(db, handle.schema);
    const seeded = options.seed ? await seedDemoData(db, { now: options.now, dataDir: options.dataDir, secrets: options.secrets }) : null;
    return { migrations: results.map((r) => r.migrationName), seeded };
  });
}
