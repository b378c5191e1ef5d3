/**
 * The ordered migration list (in code, so bundling or tsx never depends on a directory scan).
 * Names sort in execution order; never rename or edit a shipped migration: add a new one.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_content.ts';

export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_accounts': m0002,
  '0003_content': m0003,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
