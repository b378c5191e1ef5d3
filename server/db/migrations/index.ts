/**
 * The ordered migration list (in code, so bundling or tsx never depends on a directory scan).
 * Names sort in execution order; never rename or edit a shipped migration: add a new one.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_content.ts';
import * as m0004 from './0004_bidding.ts';
import * as m0005 from './0005_projects.ts';
import * as m0006 from './0006_enrolment.ts';
import * as m0007 from './0007_rate_limit.ts';
import * as m0008 from './0008_bidding_modes.ts';
import * as m0009 from './0009_ledger_settlement.ts';
import * as m0010 from './0010_files_appeals_demands.ts';
import * as m0011 from './0011_contracts.ts';
import * as m0012 from './0012_esign.ts';
import * as m0013 from './0013_deal_transfer_proof.ts';

export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_accounts': m0002,
  '0003_content': m0003,
  '0004_bidding': m0004,
  '0005_projects': m0005,
  '0006_enrolment': m0006,
  '0007_rate_limit': m0007,
  '0008_bidding_modes': m0008,
  '0009_ledger_settlement': m0009,
  '0010_files_appeals_demands': m0010,
  '0011_contracts': m0011,
  '0012_esign': m0012,
  '0013_deal_transfer_proof': m0013,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
