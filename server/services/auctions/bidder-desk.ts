/**
 * The bidder's desk (domain/rules/desk.ts): one user's lots — the rooms he is qualified in (auctions not
 * ended, or ended within DESK_ENDED_KEEP_MS), his enrolments and his favourites — each with the one lot
 * state, his bid code and bid count in the lot's current activity, and its public leader. Five indexed
 * queries whatever the number of lots; only the user's own rows are read.
 */
import type { Kysely } from 'kysely';
import { DESK_ENDED_KEEP_MS } from '#domain/rules/desk';
import { DESK_MAX_LOTS, type MyEnrolment, type MyLot } from '#domain/contract/desk';
import { ENROLMENT_STATUS_TEXT } from '#domain/rules/enrolment';
import { type DepositStatus, type EnrolmentStatus } from '#domain/contract/enrolment';
import { DESK_SIGNAL_MESSAGES, type DeskSignal } from '#domain/contract/desk';
import { isSealedLot } from '#domain/rules/liveValues';
import { OPEN_ACTIVITY_STATUSES, type ActivityStatus } from '#domain/contract/activity';
import type { Database } from '../../db/schema.ts';
import { withLots } from './lot-states.ts';
import { latestMessages, unreadCount } from '../user-centre/messages.ts';
import { toListedAsset } from '../projects/search.ts';

export async function myLots(db: Kysely<Database>, userId: number, now: number): Promise<MyLot[]> {
  const [rooms, enrolments, favourites] = await Promise.all([
    db
      .selectFrom('bid_qualification as q')
      .innerJoin('bid_activity as a', 'a.id', 'q.activity_id')
      .select(['a.project_id', 'q.activity_id', 'q.bid_code'])
      .where('q.user_id', '=', userId)
      .where((eb) => eb.or([eb('a.status', 'in', OPEN_ACTIVITY_STATUSES), eb('a.end_at', '>', now - DESK_ENDED_KEEP_MS)]))
      .execute(),
    db
      .selectFrom('enrolment as e')
      .leftJoin('deposit as d', 'd.enrolment_id', 'e.id')
      .select(['e.id', 'e.project_id', 'e.status', 'd.id as deposit_id', 'd.status as deposit_status'])
      .where('e.user_id', '=', userId)
      .execute(),
    db.selectFrom('collect_asset').select('project_id').where('user_id', '=', userId).execute(),
  ]);
  const projectIds = [...new Set([...rooms.map((r) => r.project_id), ...enrolments.map((e) => e.project_id), ...favourites.map((f) => f.project_id)])];
  if (projectIds.length === 0) return [];
  const projects = await db.selectFrom('project').selectAll().where('id', 'in', projectIds).execute();
  const listings = await withLots(db, now, projects.map(toListedAsset));

  const activityIds = [...new Set(listings.flatMap((l) => (l.lot.activityId === null ? [] : [l.lot.activityId])))];
  const [leaders, myBids] = activityIds.length
    ? await Promise.all([
        db.selectFrom('bid_activity').select(['id', 'mode', 'status', 'leader_bid_code']).where('id', 'in', activityIds).execute(),
        db
          .selectFrom('bid')
          .select(['activity_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('user_id', '=', userId)
          .where('activity_id', 'in', activityIds)
          .groupBy('activity_id')
          .execute(),
      ])
    : [[], []];
  // The public leader: none while sealed (as the hall and the room show it).
  const leaderOf = new Map(leaders.map((a) => [a.id, isSealedLot({ mode: a.mode, status: a.status as ActivityStatus }) ? null : a.leader_bid_code]));
  const bidsIn = new Map(myBids.map((b) => [b.activity_id, Number(b.n)]));
  const codeIn = new Map(rooms.map((r) => [r.activity_id, r.bid_code]));
  const enrolmentOf = new Map(
    enrolments.map((e): [number, MyEnrolment] => [
      e.project_id,
      {
        id: e.id,
        status: e.status as EnrolmentStatus,
        statusText: ENROLMENT_STATUS_TEXT[e.status as EnrolmentStatus] ?? e.status,
        depositId: e.deposit_id,
        depositStatus: (e.deposit_status as DepositStatus | null) ?? null,
      },
    ]),
  );
  const favourite = new Set(favourites.map((f) => f.project_id));

  const lots = listings.map((listing): MyLot => {
    const activityId = listing.lot.activityId;
    return {
      listing,
      bidCode: activityId === null ? null : (codeIn.get(activityId) ?? null),
      myBidCount: activityId === null ? 0 : (bidsIn.get(activityId) ?? 0),
      leaderBidCode: activityId === null ? null : (leaderOf.get(activityId) ?? null),
      enrolment: enrolmentOf.get(listing.id) ?? null,
      favourite: favourite.has(listing.id),
    };
  });
  return lots.sort(deskOrder).slice(0, DESK_MAX_LOTS);
}

/** Bidding first (ending soonest first), then upcoming (starting soonest first), then the rest (newest id first). */
function deskOrder(a: MyLot, b: MyLot): number {
  const open = (l: MyLot) => l.listing.lot.activityStatus === 'live' || l.listing.lot.activityStatus === 'suspended';
  const rank = (l: MyLot) => (open(l) ? 0 : l.listing.lot.activityStatus === 'scheduled' ? 1 : 2);
  const key = (l: MyLot) =>
    open(l) ? (l.listing.lot.biddingEndTime ?? '') : l.listing.lot.activityStatus === 'scheduled' ? (l.listing.lot.biddingStartTime ?? '') : '';
  return rank(a) - rank(b) || key(a).localeCompare(key(b)) || b.listing.id - a.listing.id;
}

/**
 * What the live worker polls for the user (DESK_PATHS.signal): the unread count and the newest messages,
 * his open rooms with their public leaders (the worker asks again at once when a push event shows him
 * outbid), and a key of his enrolments' and deposits' last changes. A handful of indexed reads.
 */
export async function deskSignal(db: Kysely<Database>, userId: number): Promise<DeskSignal> {
  const [unread, latest, rooms, enrolled, deposited] = await Promise.all([
    unreadCount(db, userId),
    latestMessages(db, userId, DESK_SIGNAL_MESSAGES),
    db
      .selectFrom('bid_qualification as q')
      .innerJoin('bid_activity as a', 'a.id', 'q.activity_id')
      .innerJoin('project as p', 'p.id', 'a.project_id')
      .select(['a.id', 'a.mode', 'a.status', 'a.leader_bid_code', 'q.bid_code', 'p.assets_name'])
      .where('q.user_id', '=', userId)
      .where('a.status', 'in', OPEN_ACTIVITY_STATUSES)
      .orderBy('a.id')
      .execute(),
    db.selectFrom('enrolment').select((eb) => [eb.fn.max('updated_at').as('at'), eb.fn.countAll<number | string>().as('n')]).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('deposit').select((eb) => [eb.fn.max('updated_at').as('at'), eb.fn.countAll<number | string>().as('n')]).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return {
    unread,
    latest,
    rooms: rooms.map((r) => ({
      activityId: r.id,
      assetsName: r.assets_name,
      bidCode: r.bid_code,
      leaderBidCode: isSealedLot({ mode: r.mode, status: r.status as ActivityStatus }) ? null : r.leader_bid_code,
    })),
    stateKey: `${Number(enrolled?.n ?? 0)}.${Number(enrolled?.at ?? 0)}.${Number(deposited?.n ?? 0)}.${Number(deposited?.at ?? 0)}`,
  };
}
