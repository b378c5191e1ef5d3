/**
 * 大额出价需安全密钥确认 on the bid route: a bid above the bidder's threshold needs a one-time key
 * confirmation of that activity and amount (keys.ts bidConfirmationVerify).
 *
 * The bid's hot path stays as it was for bidders without a threshold: no query. Each process keeps the
 * thresholds that are on (few users set one) in memory — loaded once, changed at once by a save in this
 * process, and every second (`startRefresh`) re-read from the rows changed since its last look (indexed
 * on updated_at, a minute's slack for clocks), so a save in another process holds here within a second.
 * The bid route asks `needsKey` (a Map look-up) and only then reads the database.
 */
import type { Kysely } from 'kysely';
import { BID_KEY_REQUIRED_CODE, WEBAUTHN_MESSAGES } from '#domain/contract/webauthn';
import type { Envelope } from '#domain/contract/envelope';
import type { Database } from '../../db/schema.ts';
import { fail } from '../../lib/envelope.ts';

/** Rows changed this long before the newest one seen are read again (processes' clocks differ a little). */
const CLOCK_SLACK_MS = 60_000;

export class BidThresholds {
  private readonly byUser = new Map<number, number>();
  private newestSeen = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** Reads the thresholds changed since the last look (all of them the first time). */
  async refresh(): Promise<void> {
    const since = this.newestSeen === 0 ? -1 : this.newestSeen - CLOCK_SLACK_MS;
    const rows = await this.db.selectFrom('webauthn_bid_setting').select(['user_id', 'threshold_fen', 'updated_at']).where('updated_at', '>=', since).execute();
    for (const row of rows) {
      this.apply(row.user_id, row.threshold_fen);
      if (row.updated_at > this.newestSeen) this.newestSeen = row.updated_at;
    }
  }

  /** A save in this process: holds at once. */
  apply(userId: number, thresholdFen: number): void {
    if (thresholdFen > 0) this.byUser.set(userId, thresholdFen);
    else this.byUser.delete(userId);
  }

  /** The bidder's threshold in fen, or undefined (off). No query. */
  thresholdOf(userId: number): number | undefined {
    return this.byUser.get(userId);
  }

  /** Whether this bid needs a key confirmation. No query. */
  needsKey(userId: number, amountFen: number): boolean {
    const threshold = this.byUser.get(userId);
    return threshold !== undefined && amountFen > threshold;
  }

  /** Re-reads every `ms` until the returned stop is called. */
  startRefresh(ms: number, onError: (error: unknown) => void): () => void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.refresh()
        .catch(onError)
        .finally(() => {
          busy = false;
        });
    }, ms);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * Uses the bid's confirmation: this user's, for this activity and amount, unused and unexpired — or
   * already used by this very bid (its idempotency key: a network retry of an accepted bid is answered as
   * the first time). One conditional update. null: the bid may go on; otherwise the refusal to answer.
   */
  async useConfirmation(p: { userId: number; activityId: number; amountFen: number; idempotencyKey: string; confirmationId: string | undefined }): Promise<Envelope<null> | null> {
    if (!p.confirmationId) return fail(BID_KEY_REQUIRED_CODE, WEBAUTHN_MESSAGES.keyRequired);
    const now = this.now();
    const used = await this.db
      .updateTable('webauthn_bid_confirmation')
      .set({ used_at: now, used_key: p.idempotencyKey })
      .where('id', '=', p.confirmationId)
      .where('user_id', '=', p.userId)
      .where('activity_id', '=', p.activityId)
      .where('amount_fen', '=', p.amountFen)
      .where((eb) => eb.or([eb.and([eb('used_at', 'is', null), eb('expires_at', '>', now)]), eb('used_key', '=', p.idempotencyKey)]))
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? null : fail(BID_KEY_REQUIRED_CODE, WEBAUTHN_MESSAGES.confirmationInvalid);
  }
}

/** One per database handle (each process has one): the bid route and the setting's save share it. */
const guards = new WeakMap<Kysely<Database>, Promise<BidThresholds>>();

export function bidThresholds(db: Kysely<Database>, now: () => number): Promise<BidThresholds> {
  let guard = guards.get(db);
  if (!guard) {
    const made = new BidThresholds(db, now);
    guard = made.refresh().then(() => made);
    guards.set(db, guard);
    guard.catch(() => guards.delete(db));
  }
  return guard;
}
