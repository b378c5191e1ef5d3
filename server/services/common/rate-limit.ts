/**
 * Request limits that hold across server processes: captcha creation per address, SMS per
 * address and per phone, registration and recovery attempts per address, look-ups of other users per
 * user and per address, public signature checks per address. Each rule counts hits per key in a fixed window that starts at the window's
 * first hit; the counter lives in the database (`rate_limit`),
 * bumped by ONE conditional upsert that returns the new count, so concurrent hits on several processes
 * never both take the last place. Over the limit: HTTP 429 in the envelope with a Chinese message and
 * `Retry-After`. A refused hit never moves the window, so a client that keeps trying is free again when
 * the window ends; once refused, a key is refused from memory until then (no database write per request).
 *
 * Why not @fastify/rate-limit (11.x) with a database store: its stores are per process (LocalStore) or
 * Redis, so the conditional upsert above would be ours anyway, and so would the messages and the
 * refusal memory. And it limits a route in a hook by a key from the request, while these rules are
 * counted where they apply: two rules on one route (SMS per address, then per phone), and the per-phone
 * rule only for a code actually sent (inside sendSmsCode, after its once-a-minute claim). What it would
 * add is a dependency around one call.
 */
import { isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { RateLimitName, RateLimits } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { TooManyRequestsError } from '../../lib/envelope.ts';

/** What the user reads when a rule refuses (HTTP 429). */
export const RATE_LIMIT_MESSAGES: Record<RateLimitName, string> = {
  'captcha-ip': '获取验证码过于频繁，请稍后再试',
  'sms-ip': '短信验证码请求过于频繁，请稍后再试',
  'sms-phone': '该手机号今日接收短信验证码次数已达上限，请明天再试',
  'register-ip': '注册尝试过于频繁，请稍后再试',
  'recover-ip': '找回操作过于频繁，请稍后再试',
  'lookup-user': '查找用户过于频繁，请稍后再试',
  'lookup-ip': '查找用户过于频繁，请稍后再试',
  'esign-verify-ip': '验证签署文件过于频繁，请稍后再试',
};

/**
 * The key of a client address: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's
 * prefix: counting single IPv6 addresses would let one client use 2^64 of them). IPv4-mapped IPv6
 * addresses count as their IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How often (at most) one process deletes counters whose window ran out. */
const PURGE_EVERY_MS = 60_000;
/** Keys this process remembers as refused (a flood from many addresses cannot grow it without bound). */
const MAX_REMEMBERED = 10_000;

export class RateLimiter {
  private lastPurge = Number.NEGATIVE_INFINITY;
  /**
   * Keys the database already refused, with the end of their window: until then this process refuses them
   * without a database write, so a flood past the limit costs no more than a map look-up. Safe across
   * processes: nothing ends a window early, and each process learns a refusal from the shared count.
   */
  private readonly refusedUntil = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    readonly limits: RateLimits,
  ) {}

  /** Counts one hit of `key` under `rule`; throws TooManyRequestsError (429) past the rule's limit. */
  async hit(rule: RateLimitName, key: string): Promise<void> {
    const { limit, windowMs } = this.limits[rule];
    const now = this.now();
    const remembered = `${rule}\n${key}`;
    const until = this.refusedUntil.get(remembered);
    if (until !== undefined) {
      if (until > now) throw new TooManyRequestsError(RATE_LIMIT_MESSAGES[rule], Math.max(1, Math.ceil((until - now) / 1000)));
      this.refusedUntil.delete(remembered);
    }
    const stale = now - windowMs;
    const row = await this.db
      .insertInto('rate_limit')
      .values({ rule, key, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.columns(['rule', 'key']).doUpdateSet((eb) => {
          // A window that has run out starts again with this hit.
          const restart = eb('rate_limit.window_start', '<=', stale);
          return {
            hits: eb.case().when(restart).then(1).else(eb('rate_limit.hits', '+', 1)).end(),
            window_start: eb.case().when(restart).then(now).else(eb.ref('rate_limit.window_start')).end(),
          };
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    await this.purgeNowAndThen(now);
    if (Number(row.hits) > limit) {
      const end = Number(row.window_start) + windowMs;
      if (this.refusedUntil.size >= MAX_REMEMBERED) this.refusedUntil.clear();
      this.refusedUntil.set(remembered, end);
      throw new TooManyRequestsError(RATE_LIMIT_MESSAGES[rule], Math.max(1, Math.ceil((end - now) / 1000)));
    }
  }

  /** Deletes counters whose window ran out (the next hit would restart them anyway), once a minute per process. */
  private async purgeNowAndThen(now: number): Promise<void> {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.db
      .deleteFrom('rate_limit')
      .where((eb) => eb.or(Object.entries(this.limits).map(([rule, l]) => eb.and([eb('rule', '=', rule), eb('window_start', '<=', now - l.windowMs)]))))
      .execute();
  }
}
