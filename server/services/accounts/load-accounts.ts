/**
 * Load-test accounts (POST /api/dscq-ops/loadtest/accounts, on installations that allow it:
 * PORTAL_LOADTEST_ACCOUNTS=1): verified persons made in bulk for `npm run loadtest`, qualified in the given
 * activities, each with a one-time login code (5 min; the login_code grant turns it into a token, as after a
 * registration). They bypass the real-name review on purpose — which is why the installation must opt in —
 * and their login names (`lt<tag>_<n>`) and names (压测用户) say what they are. Their password is random and
 * never told: they sign in only by their login code.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OPEN_ACTIVITY_STATUSES } from '#domain/contract/activity';
import { AUTH_STATUS } from '#domain/contract/auth';
import { BID_CODE_MAX, BID_CODE_MIN, drawUnusedBidCode } from '#domain/rules/bidCode';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { createLoginCode } from './login.ts';
import { hashPassword } from './passwords.ts';

export interface LoadAccountsInput {
  /** Tags the run: lower-case letters and digits, 1–8 (the login names carry it). */
  tag: string;
  /** The accounts are numbered from `from` (a run asks in batches). */
  from: number;
  count: number;
  /** Qualified in each of these (open) activities; none: accounts that only watch. */
  activityIds: readonly number[];
}

export interface LoadAccount {
  loginName: string;
  /** One-time login code (grant_type login_code), valid 5 minutes. */
  loginCode: string;
  /** activityId → bid code. */
  bidCodes: Record<number, string>;
}

export const loadLoginName = (tag: string, n: number) => `lt${tag}_${n}`;

/** The app_user row of load-test person `n` (压测用户n, verified, no phone): here and in the load seed (server/loadtest/seed.ts). */
export function loadUserRow(loginName: string, n: number, passwordHash: string, now: number) {
  return {
    login_name: loginName,
    login_key: loginName.toLowerCase(),
    user_type: 1,
    name: `压测用户${n}`,
    phone: null,
    email: '',
    head_img: '',
    password_hash: passwordHash,
    auth_status: AUTH_STATUS.verifiedPerson,
    is_allowed: 1,
    agreement_version_read: '',
    created_at: now,
    updated_at: now,
  };
}

export async function provisionLoadAccounts(db: Kysely<Database>, input: LoadAccountsInput, now: number): Promise<LoadAccount[]> {
  const ids = [...new Set(input.activityIds)];
  if (ids.length > 0) {
    const open = await db.selectFrom('bid_activity').select(['id', 'status']).where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !open.some((a) => a.id === id));
    if (missing.length > 0) throw new BusinessError(404, `竞价活动 ${missing.join('、')} 不存在`);
    const closed = open.filter((a) => !(OPEN_ACTIVITY_STATUSES as readonly string[]).includes(a.status));
    if (closed.length > 0) throw new BusinessError(409, `竞价活动 ${closed.map((a) => a.id).join('、')} 已结束`);
  }
  // One argon2 hash per call (it is the slow part): a random password nobody is told.
  const hash = await hashPassword(randomBytes(18).toString('base64url'));
  return db.transaction().execute(async (trx) => {
    const names = Array.from({ length: input.count }, (_, i) => loadLoginName(input.tag, input.from + i));
    const taken = await trx.selectFrom('app_user').select('login_name').where('login_key', 'in', names.map((n) => n.toLowerCase())).executeTakeFirst();
    if (taken) throw new BusinessError(409, `登录名 ${taken.login_name} 已存在，请换一个标记（tag）或起始编号`);
    // Bid codes are unique per activity: start from the codes it already has.
    const usedCodes = new Map<number, Set<string>>(ids.map((id) => [id, new Set<string>()]));
    if (ids.length > 0) {
      for (const q of await trx.selectFrom('bid_qualification').select(['activity_id', 'bid_code']).where('activity_id', 'in', ids).execute()) usedCodes.get(q.activity_id)!.add(q.bid_code);
    }
    const accounts: LoadAccount[] = [];
    for (const [i, loginName] of names.entries()) {
      const { id: userId } = await trx.insertInto('app_user').values(loadUserRow(loginName, input.from + i, hash, now)).returning('id').executeTakeFirstOrThrow();
      const bidCodes: Record<number, string> = {};
      const rows = ids.map((activityId) => {
        const code = drawUnusedBidCode(() => randomInt(BID_CODE_MIN, BID_CODE_MAX + 1), usedCodes.get(activityId)!);
        bidCodes[activityId] = code;
        return { activity_id: activityId, user_id: userId, bid_code: code, pre_emptive_rank: null, created_at: now };
      });
      if (rows.length > 0) await trx.insertInto('bid_qualification').values(rows).execute();
      const loginCode = randomBytes(24).toString('base64url');
      await createLoginCode({ db: trx, now: () => now }, userId, loginCode);
      accounts.push({ loginName, loginCode, bidCodes });
    }
    return accounts;
  });
}
