/**
 * The background jobs of every process (services/common/leased-job.ts: a lease makes one run at a time
 * across processes), on timers unless `timers: false` (tests call runOnce), stopped when the app closes:
 * - `app.roadshowReminders` (services/roadshows/reminders.ts): the reminder before a followed roadshow starts;
 * - `app.listingDeadlines` (services/projects/enrolment-deadlines.ts): a listing past its enrolment deadline
 *   reads 报名已截止;
 * - `app.bidStamps` (bidding/stamps.ts): the RFC 3161 timestamp of every ended activity's bid-record head, by
 *   the installation's TSA or PORTAL_TSA_URL (outside the settlement's transaction).
 */
import fp from 'fastify-plugin';
import { createLeasedJob, type LeasedJob } from '../services/common/leased-job.ts';
import { closeDueEnrolments, LISTING_DEADLINES_INTERVAL_MS, LISTING_DEADLINES_JOB } from '../services/projects/enrolment-deadlines.ts';
import { createRoadshowReminderJob, type RoadshowReminderJob } from '../services/roadshows/reminders.ts';
import { createBidStampJob, type BidStampJob } from '../bidding/stamps.ts';
import { httpTimeStamper, localTimeStamper } from '../bidding/timestamp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    roadshowReminders: RoadshowReminderJob;
    listingDeadlines: LeasedJob<number>;
    bidStamps: BidStampJob;
  }
}

export interface JobsPluginOptions {
  timers?: boolean | undefined;
  /** The roadshow reminders' interval (by any process); the job's default (30 s) when absent. */
  intervalMs?: number | undefined;
  /** PORTAL_TSA_URL: a real TSA for the bid record's heads; the installation's own when absent. */
  tsaUrl?: string | undefined;
}

export default fp<JobsPluginOptions>(
  async (app, options) => {
    const timers = options.timers ?? true;
    const roadshows = createRoadshowReminderJob({
      db: app.db,
      now: app.now,
      timers,
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
      onError: (error) => app.log.error({ err: error }, 'roadshow reminders failed'),
    });
    const deadlines = createLeasedJob({
      db: app.db,
      now: app.now,
      name: LISTING_DEADLINES_JOB,
      intervalMs: LISTING_DEADLINES_INTERVAL_MS,
      timers,
      work: closeDueEnrolments,
      onError: (error) => app.log.error({ err: error }, 'listing deadlines failed'),
    });
    const stamps = createBidStampJob({
      db: app.db,
      now: app.now,
      stamper: options.tsaUrl ? httpTimeStamper(options.tsaUrl) : localTimeStamper(app.db, app.now),
      timers,
      onError: (error, activityId) => app.log.error({ err: error, activityId }, 'bid record timestamp failed'),
    });
    app.decorate('roadshowReminders', roadshows);
    app.decorate('listingDeadlines', deadlines);
    app.decorate('bidStamps', stamps);
    app.addHook('onClose', async () => {
      await roadshows.stop();
      await deadlines.stop();
      await stamps.stop();
    });
  },
  { name: 'jobs', dependencies: ['core'] },
);
