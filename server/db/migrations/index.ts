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
import * as m0014 from './0014_staff.ts';
import * as m0015 from './0015_staff_lots.ts';
import * as m0016 from './0016_activity_floor.ts';
import * as m0017 from './0017_lot_timeline_check.ts';
import * as m0018 from './0018_accepted_terms.ts';
import * as m0019 from './0019_lot_photos.ts';
import * as m0020 from './0020_roadshows.ts';
import * as m0021 from './0021_bid_chain.ts';
import * as m0022 from './0022_proxy_bids.ts';
import * as m0023 from './0023_bid_record_stamp.ts';
import * as m0024 from './0024_webauthn.ts';
import * as m0025 from './0025_live_event_log.ts';

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
  '0014_staff': m0014,
  '0015_staff_lots': m0015,
  '0016_activity_floor': m0016,
  '0017_lot_timeline_check': m0017,
  '0018_accepted_terms': m0018,
  '0019_lot_photos': m0019,
  '0020_roadshows': m0020,
  '0021_bid_chain': m0021,
  '0022_proxy_bids': m0022,
  '0023_bid_record_stamp': m0023,
  '0024_webauthn': m0024,
  '0025_live_event_log': m0025,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
