/**
 * Demo accounts, all with password `Demo@2026`: demo_person (verified person 张建国), demo_org (verified
 * organisation 河北冀通物流有限公司), demo_new (registered, not verified). Idempotent: existing users are
 * skipped, and the password is hashed once per run and only when a user is missing (argon2 is slow).
 * ID number and credit code are valid (check characters computed) and stored encrypted like any other.
 */
import type { Kysely } from 'kysely';
import { AUTH_STATUS } from '#domain/contract/auth';
import { creditCodeCheckChar } from '#domain/rules/creditCode';
import { idCardCheckChar } from '#domain/rules/idCard';
import type { SecretOverrides } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { loginKey } from '../services/accounts/lockout.ts';
import { hashPassword } from '../services/accounts/passwords.ts';
import { AGREEMENT } from '../services/accounts/reference.ts';
import { loadSecrets } from '../services/accounts/secrets.ts';
import { orgRow, personRow } from '../services/accounts/verification.ts';

export const DEMO_PASSWORD = 'Demo@2026';

const DAY = 86_400_000;

/** 石家庄市长安区, born 1980-03-15. */
const PERSON_ID_17 = '13010219800315231';
export const DEMO_PERSON_ID = PERSON_ID_17 + idCardCheckChar(PERSON_ID_17);
/** Market-regulation authority, enterprise, 石家庄 region code. */
const CREDIT_17 = '91130100MA0CXJT2K';
export const DEMO_ORG_CREDIT_CODE = CREDIT_17 + creditCodeCheckChar(CREDIT_17);
const LEGAL_ID_17 = '13010519750622401';
export const DEMO_LEGAL_ID = LEGAL_ID_17 + idCardCheckChar(LEGAL_ID_17);

interface DemoUser {
  loginName: string;
  userType: 1 | 2;
  name: string;
  phone: string;
  email: string;
  authStatus: number;
  daysAgo: number;
  /** First 17 characters of a (fictional) resident ID: verified persons get a verification row. */
  id17?: string;
}

const USERS: readonly DemoUser[] = [
  { loginName: 'demo_person', userType: 1, name: '张建国', phone: '13800000001', email: 'demo_person@example.com', authStatus: AUTH_STATUS.verifiedPerson, daysAgo: 120 },
  { loginName: 'demo_org', userType: 2, name: '河北冀通物流有限公司', phone: '13800000002', email: 'demo_org@example.com', authStatus: AUTH_STATUS.verifiedOrg, daysAgo: 90 },
  { loginName: 'demo_new', userType: 1, name: '', phone: '13800000003', email: '', authStatus: AUTH_STATUS.unverified, daysAgo: 3 },
  // Demo bidders: verified and qualified in the live demo activities (server/seed/bidding.ts).
  ...(
    [
      ['bidder01', '王立军', '13010419820507', '1236'],
      ['bidder02', '李秀英', '13060219790911', '2448'],
      ['bidder03', '赵海峰', '13020319850214', '3151'],
      ['bidder04', '刘红梅', '13090219881003', '4262'],
      ['bidder05', '陈志刚', '13110219760728', '5373'],
    ] as const
  ).map(
    ([loginName, name, birth, seq], i): DemoUser => ({
      loginName,
      userType: 1,
      name,
      phone: `1380000101${i}`,
      email: `${loginName}@example.com`,
      authStatus: AUTH_STATUS.verifiedPerson,
      daysAgo: 60 - i,
      id17: `${birth}${seq.slice(0, 3)}`,
    }),
  ),
];

/** Login names of the demo bidders. */
export const DEMO_BIDDERS = ['bidder01', 'bidder02', 'bidder03', 'bidder04', 'bidder05'] as const;

/** Rows inserted (0 on a re-run). */
export async function seedAccounts(db: Kysely<Database>, options: { now: number; secrets?: SecretOverrides | undefined }): Promise<number> {
  const existing = new Set(
    (await db.selectFrom('app_user').select('login_key').where('login_key', 'in', USERS.map((u) => loginKey(u.loginName))).execute()).map(
      (r) => r.login_key,
    ),
  );
  const missing = USERS.filter((u) => !existing.has(loginKey(u.loginName)));
  if (missing.length === 0) return 0;

  const secrets = await loadSecrets(db, options.secrets ?? {}, options.now);
  const hash = await hashPassword(DEMO_PASSWORD);
  let count = 0;
  for (const user of missing) {
    const createdAt = options.now - user.daysAgo * DAY;
    const inserted = await db
      .insertInto('app_user')
      .values({
        login_name: user.loginName,
        login_key: loginKey(user.loginName),
        user_type: user.userType,
        name: user.name,
        phone: user.phone,
        email: user.email,
        head_img: '',
        password_hash: hash,
        auth_status: user.authStatus,
        is_allowed: 1,
        agreement_version_read: AGREEMENT.version,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    count += 1;
    const review = { state: 'approved', provider: 'manual', reason: '', reviewer: 'seed', submitted_at: createdAt + DAY, reviewed_at: createdAt + 2 * DAY };
    const personId = user.loginName === 'demo_person' ? DEMO_PERSON_ID : user.id17 ? user.id17 + idCardCheckChar(user.id17) : null;
    if (personId) {
      await db
        .insertInto('verification')
        .values({ user_id: inserted.id, ...review, ...personRow(secrets, { name: user.name, idType: 0, idNumber: personId }) })
        .execute();
    } else if (user.loginName === 'demo_org') {
      await db
        .insertInto('verification')
        .values({
          user_id: inserted.id,
          ...review,
          ...orgRow(secrets, {
            orgName: user.name,
            creditCode: DEMO_ORG_CREDIT_CODE,
            legalPerson: '李志强',
            legalIdType: 0,
            legalIdNumber: DEMO_LEGAL_ID,
            licenceFileId: '',
          }),
        })
        .execute();
    }
  }
  return count;
}
