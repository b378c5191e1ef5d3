/**
 * Real-name verification of persons and organisations. Formats are checked by the route with the
 * domain/ validators; a VerificationProvider decides, and the default one queues a manual review
 * that `npm run ops -- verification approve|reject` settles. ID numbers and credit codes are stored
 * AES-256-GCM encrypted with an HMAC blind index (for account recovery) and their last 4 characters;
 * answers show them masked (guide item 14).
 */
import { AUTH_STATUS, type VerificationState, type VerificationStatus } from '#domain/contract/auth';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { normalizeCreditCode } from '#domain/rules/creditCode';
import { normalizeIdCard } from '#domain/rules/idCard';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { VerificationTable } from '../../db/tables/accounts.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { appendAudit } from './audit.ts';
import type { Accounts, OrgVerificationInput, PersonVerificationInput, VerificationProvider } from './context.ts';
import { decryptField, encryptField, hmacHex, maskLast4, maskName } from './crypto.ts';
import type { InstallSecrets } from './secrets.ts';

export type VerificationRow = Selectable<VerificationTable>;

/** Formats were checked by the route; this provider only queues the request for a person to review. */
export const manualReviewProvider: VerificationProvider = {
  name: 'manual',
  verifyPerson: async () => ({ decision: 'pending' }),
  verifyOrg: async () => ({ decision: 'pending' }),
};

/** ID numbers: type 0 normalised (trailing x → X); others upper-cased and trimmed. */
export function normalizeIdNumber(idType: number, idNumber: string): string {
  return idType === 0 ? normalizeIdCard(idNumber.trim()) : idNumber.trim().toUpperCase();
}

export function idIndex(secrets: Pick<InstallSecrets, 'hmacKey'>, idType: number, idNumber: string): string {
  return hmacHex(secrets.hmacKey, `id|${idType}|${normalizeIdNumber(idType, idNumber)}`);
}

export function creditIndex(secrets: Pick<InstallSecrets, 'hmacKey'>, creditCode: string): string {
  return hmacHex(secrets.hmacKey, `credit|${normalizeCreditCode(creditCode.trim())}`);
}

const last4 = (v: string) => v.slice(-4);

const STATE_TO_AUTH: Record<string, (kind: string) => number> = {
  pending: () => AUTH_STATUS.underReview,
  approved: (kind) => (kind === 'org' ? AUTH_STATUS.verifiedOrg : AUTH_STATUS.verifiedPerson),
  rejected: () => AUTH_STATUS.rejected,
};

/** Every kind-specific column, empty: a person row has no org fields and the other way round. */
const EMPTY_FIELDS = {
  name: '',
  id_type: null,
  id_number_enc: '',
  id_number_index: '',
  id_number_last4: '',
  org_name: '',
  credit_code_enc: '',
  credit_code_index: '',
  credit_code_last4: '',
  legal_person: '',
  legal_id_type: null,
  legal_id_number_enc: '',
  legal_id_number_last4: '',
  licence_file_id: '',
} satisfies Partial<VerificationRow>;

export function personRow(secrets: Pick<InstallSecrets, 'fieldKey' | 'hmacKey'>, input: Omit<PersonVerificationInput, 'userId'>) {
  const id = normalizeIdNumber(input.idType, input.idNumber);
  return {
    ...EMPTY_FIELDS,
    kind: 'person',
    name: input.name,
    id_type: input.idType,
    id_number_enc: encryptField(secrets.fieldKey, id),
    id_number_index: idIndex(secrets, input.idType, id),
    id_number_last4: last4(id),
  };
}

export function orgRow(secrets: Pick<InstallSecrets, 'fieldKey' | 'hmacKey'>, input: Omit<OrgVerificationInput, 'userId'>) {
  const code = normalizeCreditCode(input.creditCode.trim());
  const legalId = normalizeIdNumber(input.legalIdType, input.legalIdNumber);
  return {
    ...EMPTY_FIELDS,
    kind: 'org',
    org_name: input.orgName,
    credit_code_enc: encryptField(secrets.fieldKey, code),
    credit_code_index: creditIndex(secrets, code),
    credit_code_last4: last4(code),
    legal_person: input.legalPerson,
    legal_id_type: input.legalIdType,
    legal_id_number_enc: encryptField(secrets.fieldKey, legalId),
    legal_id_number_last4: last4(legalId),
    licence_file_id: input.licenceFileId,
  };
}

async function latest(db: Kysely<Database>, userId: number): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('verification')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Refuses a new request while one is pending or after approval. */
async function assertCanSubmit(a: Accounts, userId: number): Promise<void> {
  const current = await latest(a.db, userId);
  if (current?.state === 'pending') throw new BusinessError(400, '实名认证正在审核中，请耐心等待');
  if (current?.state === 'approved') throw new BusinessError(400, '已完成实名认证，无需重复提交');
}

async function record(
  a: Accounts,
  userId: number,
  kind: 'person' | 'org',
  values: ReturnType<typeof personRow> | ReturnType<typeof orgRow>,
  decision: Awaited<ReturnType<VerificationProvider['verifyPerson']>>,
  verifiedName: string,
  ip: string,
): Promise<VerificationStatus> {
  const now = a.now();
  const state: VerificationState = decision.decision === 'approved' ? 'approved' : decision.decision === 'rejected' ? 'rejected' : 'pending';
  await a.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('verification')
      .values({
        user_id: userId,
        state,
        provider: a.verification.name,
        reason: decision.decision === 'rejected' ? decision.reason : '',
        reviewer: state === 'pending' ? '' : a.verification.name,
        submitted_at: now,
        reviewed_at: state === 'pending' ? null : now,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('app_user')
      .set({
        auth_status: STATE_TO_AUTH[state]!(kind),
        ...(state === 'approved' ? { name: verifiedName } : {}),
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await appendAudit(trx, now, { userId, ip, action: 'verification.submit', object: `verification:${inserted.id}`, result: 'success', detail: `${kind}:${state}` });
  });
  return verificationStatus(a, userId);
}

export async function submitPerson(a: Accounts, input: PersonVerificationInput, ip: string): Promise<VerificationStatus> {
  await assertCanSubmit(a, input.userId);
  const decision = await a.verification.verifyPerson(input);
  return record(a, input.userId, 'person', personRow(a.secrets, input), decision, input.name, ip);
}

export async function submitOrg(a: Accounts, input: OrgVerificationInput, ip: string): Promise<VerificationStatus> {
  await assertCanSubmit(a, input.userId);
  const decision = await a.verification.verifyOrg(input);
  return record(a, input.userId, 'org', orgRow(a.secrets, input), decision, input.orgName, ip);
}

const ID_LENGTH_FOR_MASK = (last: string, fullLength: number) => maskLast4(fullLength, last);

/** The masked wire form of a verification row (full numbers are decrypted only for their length). */
export function toStatus(secrets: Pick<InstallSecrets, 'fieldKey'>, row: VerificationRow | undefined, userType: number): VerificationStatus {
  if (!row) {
    return {
      state: 'none', userType: userType === 2 ? 2 : 1, reason: '', name: '', idType: null, idNumber: '', orgName: '', creditCode: '',
      submittedAt: '', reviewedAt: '', legalPerson: '', legalIdType: null, legalIdNumber: '', licenceFileId: '',
    };
  }
  const len = (enc: string) => (enc ? [...decryptField(secrets.fieldKey, enc)].length : 0);
  return {
    state: row.state as VerificationState,
    userType: row.kind === 'org' ? 2 : 1,
    reason: row.reason,
    name: maskName(row.name),
    idType: row.id_type,
    idNumber: ID_LENGTH_FOR_MASK(row.id_number_last4, len(row.id_number_enc)),
    orgName: row.org_name,
    creditCode: ID_LENGTH_FOR_MASK(row.credit_code_last4, len(row.credit_code_enc)),
    submittedAt: formatChinaTime(row.submitted_at),
    reviewedAt: row.reviewed_at === null ? '' : formatChinaTime(row.reviewed_at),
    legalPerson: maskName(row.legal_person),
    legalIdType: row.legal_id_type,
    legalIdNumber: ID_LENGTH_FOR_MASK(row.legal_id_number_last4, len(row.legal_id_number_enc)),
    licenceFileId: row.licence_file_id,
  };
}

export async function verificationStatus(a: Pick<Accounts, 'db' | 'secrets'>, userId: number): Promise<VerificationStatus> {
  const user = await a.db.selectFrom('app_user').select('user_type').where('id', '=', userId).executeTakeFirstOrThrow();
  return toStatus(a.secrets, await latest(a.db, userId), user.user_type);
}

// ---- Operator side (server/ops/cli.ts) ----

export interface PendingVerification {
  id: number;
  loginName: string;
  kind: string;
  state: string;
  /** Masked, as everywhere else. */
  summary: string;
  submittedAt: string;
}

export async function listVerifications(
  a: Pick<Accounts, 'db' | 'secrets'>,
  states: string[] = ['pending'],
): Promise<PendingVerification[]> {
  const rows = await a.db
    .selectFrom('verification')
    .innerJoin('app_user', 'app_user.id', 'verification.user_id')
    .selectAll('verification')
    .select('app_user.login_name')
    .where('verification.state', 'in', states)
    .orderBy('verification.submitted_at')
    .orderBy('verification.id')
    .execute();
  return rows.map((row) => {
    const s = toStatus(a.secrets, row, row.kind === 'org' ? 2 : 1);
    const summary =
      row.kind === 'org'
        ? `${s.orgName} 信用代码 ${s.creditCode} 法定代表人 ${s.legalPerson} 证件 ${s.legalIdNumber}${row.licence_file_id ? ` 营业执照文件 ${row.licence_file_id}` : ''}`
        : `${s.name} 证件类型 ${s.idType} 证件号码 ${s.idNumber}`;
    return { id: row.id, loginName: row.login_name, kind: row.kind, state: row.state, summary, submittedAt: s.submittedAt };
  });
}

/** Settles a pending verification: sets the user's authStatus (and verified name), or the reason. */
export async function reviewVerification(
  a: Pick<Accounts, 'db' | 'now'>,
  id: number,
  outcome: { approve: true } | { approve: false; reason: string },
  reviewer: string,
): Promise<{ loginName: string; authStatus: number }> {
  const now = a.now();
  return a.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('verification').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new BusinessError(404, `认证申请 ${id} 不存在`);
    if (row.state !== 'pending') throw new BusinessError(400, `认证申请 ${id} 已处理（${row.state}）`);
    const state = outcome.approve ? 'approved' : 'rejected';
    const changed = await trx
      .updateTable('verification')
      .set({ state, reason: outcome.approve ? '' : outcome.reason, reviewer, reviewed_at: now })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new BusinessError(409, `认证申请 ${id} 已被他人处理`);
    const authStatus = STATE_TO_AUTH[state]!(row.kind);
    await trx
      .updateTable('app_user')
      .set({
        auth_status: authStatus,
        ...(outcome.approve ? { name: row.kind === 'org' ? row.org_name : row.name } : {}),
        updated_at: now,
      })
      .where('id', '=', row.user_id)
      .execute();
    const user = await trx.selectFrom('app_user').select('login_name').where('id', '=', row.user_id).executeTakeFirstOrThrow();
    // The user reads the outcome in 我的消息 at once (the header's unread count), not only after a reload.
    const what = row.kind === 'org' ? '机构实名认证' : '个人实名认证';
    await sendMessage(
      trx,
      outcome.approve
        ? { userId: row.user_id, kind: 'system', title: `${what}已通过`, content: `您提交的${what}已审核通过，现在可以报名参与竞价等交易。`, link: '/membership', at: now }
        : { userId: row.user_id, kind: 'system', title: `${what}未通过`, content: `您提交的${what}未通过审核，原因：${outcome.reason}。请修改后重新认证。`, link: '/membershipReason', at: now },
    );
    await appendAudit(trx, now, {
      userId: row.user_id,
      loginName: user.login_name,
      ip: 'ops',
      action: outcome.approve ? 'verification.approve' : 'verification.reject',
      object: `verification:${id}`,
      result: 'success',
      detail: `reviewer:${reviewer}`,
    });
    return { loginName: user.login_name, authStatus };
  });
}
