/** Database preparation shared by the server and `npm run seed`: migrate, then seed, under one lock. */
import type { DatabaseHandle } from './db/connection.ts';
import { migrateToLatest, withStartupLock } from './db/migrate.ts';
import { seedDemoData, type SeedReport } from './seed/seed.ts';

export interface PrepareResult {
  migrations: string[];
  seeded: SeedReport | null;
}

export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seed: boolean; now: number },
): Promise<PrepareResult> {
  return withStartupLock(handle, async (db) => {
    const results = await migrateToLatest(db, handle.schema);
    const seeded = options.seed ? await seedDemoData(db, { now: options.now }) : null;
    return { migrations: results.map((r) => r.migrationName), seeded };
  });
}
