/**
 * One activity as the public sees it (the row every live answer and push event is made of), built from
 * its activity and project columns: the mode decides what a sealed or dutch row shows. Pure: the row cache
 * builds rows from what it read and from what the engine committed, the engine the state its answer carries.
 */
import type { Selectable } from 'kysely';
import type { ModeState } from '#domain/contract/bidModes';
import type { BiddingEntry, BiddingMode } from '#domain/contract/hall';
import type { ActivityOutcome, ActivityStatus, BidRecord, FloorFields } from '#domain/contract/activity';
import { liveValues } from '#domain/rules/liveValues';
import { fenToYuan } from '#domain/rules/money';
import { viewTime } from '../bidding-modes/common.ts';
import { modeRules } from '../bidding-modes/index.ts';
import { settingsOrEmpty } from '../bidding-modes/settings.ts';
import type { BidActivityTable } from '../db/tables/bidding.ts';

/** The activity columns a live row is made of (read by the cache, handed over by the engine). */
export const LIVE_ACTIVITY_COLUMNS = [
  'id', 'project_id', 'mode', 'status', 'outcome', 'start_at', 'end_at', 'original_end_at',
  'start_price_fen', 'increment_fen', 'current_price_fen', 'max_price_fen', 'bid_count',
  'extension_count', 'leader_bid_code', 'org_name', 'lock_version', 'settings', 'settled_at', 'cap_fen',
  'suspended_at', 'suspend_reason', 'remaining_ms', 'terminate_reason',
] as const satisfies readonly (keyof BidActivityTable)[];

export type LiveActivityColumns = Pick<Selectable<BidActivityTable>, (typeof LIVE_ACTIVITY_COLUMNS)[number]>;

/** The project's display fields a live row shows. */
export interface LiveProjectColumns {
  assets_name: string;
  project_type: number;
  price_type: number;
  price_unit: string;
}

export type LiveSource = LiveActivityColumns & LiveProjectColumns;

/**
 * An activity's committed state as the engine holds it after its transaction: its activity columns and
 * the bids it accepted (seq order). The process that committed builds its rows from this, without reading.
 */
export interface CommittedActivity {
  activity: LiveActivityColumns;
  bids: readonly BidRecord[];
}

export interface LiveRow {
  entry: Omit<BiddingEntry, 'leftTime'>;
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  lockVersion: number;
  originalEndTime: number;
  incrementFen: number;
  extensionCount: number;
  leaderBidCode: string | null;
  /** liveValues() of the public view (sealed: '---'; see domain/rules/liveValues.ts). */
  premiumRate: string;
  /** What the public may see (sealed onceOff hides amounts; dutch shows the price at the time). */
  showBids: boolean;
  modeState: ModeState | undefined;
  /** The floor's marks (suspended: the reason and the frozen time left; terminated: the reason), as the wire carries them. */
  floor: FloorFields;
  /** Recomputes the time-dependent display (dutch); null when the row's display never changes with time. */
  present: ((now: number) => Presented) | null;
  /** The columns it was built from (a committed change replaces the activity's, keeps the project's). */
  source: LiveSource;
}

/** The time-dependent part of a row's display. */
interface Presented {
  biddingPrice: number;
  maxPrice: number;
  premiumRate: string;
  modeState: ModeState | undefined;
  tagPart: string;
}

/** The row as shown at `now`: dutch rows move with time, the others are as loaded. */
export function at(row: LiveRow, now: number): LiveRow {
  if (!row.present) return row;
  const p = row.present(now);
  return { ...row, entry: { ...row.entry, biddingPrice: p.biddingPrice, maxPrice: p.maxPrice }, premiumRate: p.premiumRate, modeState: p.modeState };
}

/** The part of a row's tag that moves with time (a dutch price), '' for the others. */
export function tagPartOf(row: LiveRow, now: number): string {
  return row.present ? row.present(now).tagPart : '';
}

/** The activity columns of `activity` (a whole table row has more). */
export function liveActivityColumns(activity: LiveActivityColumns): LiveActivityColumns {
  const picked = {} as Record<string, unknown>;
  for (const column of LIVE_ACTIVITY_COLUMNS) picked[column] = activity[column];
  return picked as unknown as LiveActivityColumns;
}

/**
 * The floor's fields of an activity (FloorFields): each only while it applies — a suspension's reason and
 * frozen time left while suspended, a termination's reason once terminated.
 */
export function floorFields(r: Pick<LiveActivityColumns, 'status' | 'outcome' | 'suspend_reason' | 'remaining_ms' | 'terminate_reason'>): FloorFields {
  if (r.status === 'suspended') return { suspendReason: r.suspend_reason ?? '', remainingMs: Math.max(0, r.remaining_ms ?? 0) };
  if (r.outcome === 'terminated') return { terminateReason: r.terminate_reason ?? '' };
  return {};
}

/** One activity as the public sees it at `now` (the mode decides what a sealed or dutch row shows). */
export function toLiveRow(r: LiveSource, now: number): LiveRow {
  const startPrice = fenToYuan(r.start_price_fen);
  const status = r.status as ActivityStatus;
  const rules = modeRules(r.mode);
  const settings = settingsOrEmpty(r.mode, r.settings);
  const floor = floorFields(r);
  // While suspended the view stands at the moment the clock stopped (a dutch price does not fall).
  const viewAt = (t: number) => rules?.view(r, settings, viewTime(r, t));
  const view = viewAt(now);
  const priceFen = view?.priceFen ?? r.current_price_fen;
  const maxPrice = fenToYuan(view?.maxFen ?? r.max_price_fen);
  // The worker computes its rows with the same function from the same public fields (mode, status,
  // the public max price, the bid count), so both read the same premium rate.
  const rateOf = (publicMax: number) => liveValues({ mode: r.mode, status, startPrice, maxPrice: publicMax, biddingCount: r.bid_count }).premiumRate;
  return {
    entry: {
      activityId: r.id,
      lockVersion: r.lock_version,
      assetsId: r.project_id,
      assetsName: r.assets_name,
      projectType: r.project_type,
      orgName: r.org_name,
      startTime: r.start_at,
      endTime: r.end_at,
      startPrice,
      biddingPrice: fenToYuan(priceFen),
      maxPrice,
      biddingCount: r.bid_count,
      leaderBidCode: view ? view.leaderBidCode : r.leader_bid_code,
      priceType: r.price_type,
      priceUnitName: r.price_type === 2 ? r.price_unit : '',
      mode: r.mode as BiddingMode,
      ...floor,
    },
    status,
    outcome: (r.outcome as ActivityOutcome | null) ?? null,
    lockVersion: r.lock_version,
    originalEndTime: r.original_end_at,
    incrementFen: r.increment_fen,
    extensionCount: r.extension_count,
    leaderBidCode: view ? view.leaderBidCode : r.leader_bid_code,
    premiumRate: rateOf(maxPrice),
    showBids: view?.showBids ?? true,
    modeState: view?.modeState,
    floor,
    present:
      view && view.tagPart !== '' && status !== 'suspended'
        ? (t) => {
            const v = viewAt(t)!;
            return {
              biddingPrice: fenToYuan(v.priceFen),
              maxPrice: fenToYuan(v.maxFen),
              premiumRate: rateOf(fenToYuan(v.maxFen)),
              modeState: v.modeState,
              tagPart: v.tagPart,
            };
          }
        : null,
    source: r,
  };
}
