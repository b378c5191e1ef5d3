/** The user centre's summary (/usercenterIndex): counts of my enrolments, deposits, rooms and messages. */
import type { Kysely } from 'kysely';
import type { UserCentreSummary } from '#domain/contract/enrolment';
import { fenToYuan } from '#domain/rules/money';
import type { Database } from '../../db/schema.ts';
import { myMessages } from './messages.ts';

export async function userCentreSummary(db: Kysely<Database>, userId: number): Promise<UserCentreSummary> {
  const enrolments = await db
    .selectFrom('enrolment')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  const count = (...statuses: string[]) => enrolments.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  const deposits = await db
    .selectFrom('deposit')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount_fen').as('fen')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  const live = await db
    .selectFrom('bid_qualification')
    .innerJoin('bid_activity', 'bid_activity.id', 'bid_qualification.activity_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bid_qualification.user_id', '=', userId)
    .where('bid_activity.status', 'in', ['live', 'suspended'])
    .executeTakeFirstOrThrow();
  const messages = await myMessages(db, userId, { current: 1, size: 5 });
  const confirmed = deposits.find((d) => d.status === 'confirmed');
  return {
    enrolments: {
      total: count(...enrolments.map((r) => r.status)),
      pendingReview: count('submitted', 'reviewing'),
      depositPending: count('depositPending'),
      qualified: count('qualified'),
    },
    deposits: {
      total: deposits.reduce((sum, d) => sum + Number(d.n), 0),
      confirmedAmount: fenToYuan(Number(confirmed?.fen ?? 0)),
      paying: deposits.filter((d) => d.status === 'paying' || d.status === 'proofSubmitted').reduce((sum, d) => sum + Number(d.n), 0),
    },
    liveRooms: Number(live.n),
    unreadMessages: messages.unread,
    recentMessages: messages.records,
  };
}
