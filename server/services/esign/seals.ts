/**
 * Electronic seals (电子印章, /contract/seal/apply): an organisation-verified user applies with a seal image
 * (PNG by magic bytes, at most SEAL_MAX_BYTES) and its name; an operator approves or rejects it
 * (`npm run ops -- seal …`). Each step sends the user a message in the same transaction. Signing asks
 * `approvedSealOf` for the organisation's current seal (the latest approved one).
 * Every record of one user answers 404 to another.
 */
import type { Kysely, Selectable } from 'kysely';
import { AUTH_STATUS } from '#domain/contract/auth';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { SEAL_MAX_BYTES, SEAL_NAME_MAX, SEAL_STATUS_TEXT } from '#domain/rules/esign';
import { type SealApplication, type SealEligibility, type SealStatus } from '#domain/contract/esign';
import type { Database } from '../../db/schema.ts';
import type { SealApplicationTable } from '../../db/tables/esign.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';

type Db = Kysely<Database>;

export const MSG_SEAL_PERSON = '电子印章仅供通过机构认证的机构用户申请；个人用户签署时手写或输入签名即可';
export const MSG_SEAL_ORG_UNVERIFIED = '您的机构尚未通过机构认证，请先完成机构认证后再申请电子印章';
export const MSG_SEAL_NOT_PNG = '印章图片须为 PNG 格式';
export const MSG_SEAL_TOO_LARGE = `印章图片不能超过 ${SEAL_MAX_BYTES / 1024}KB`;
export const MSG_SEAL_NAME = `印章名称须为 1 到 ${SEAL_NAME_MAX} 个字符`;
export const MSG_SEAL_PENDING = '您已有待审核的印章申请，请等待审核结果后再申请';
export const MSG_SEAL_NOT_FOUND = '印章申请不存在';
export const MSG_SEAL_NOT_PENDING = '该印章申请已审核，不能重复审核';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LINK = '/contract/seal/apply';

const toApplication = (r: Selectable<SealApplicationTable>): SealApplication => ({
  id: r.id,
  sealName: r.seal_name,
  status: r.status as SealStatus,
  statusText: SEAL_STATUS_TEXT[r.status as SealStatus],
  reason: r.reason,
  createTime: formatChinaTime(r.created_at),
  decideTime: r.decided_at === null ? '' : formatChinaTime(r.decided_at),
});

export async function sealEligibility(db: Db, userId: number): Promise<SealEligibility> {
  const user = await db.selectFrom('app_user').select(['user_type', 'auth_status', 'name']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.user_type !== 2) return { eligible: false, orgName: '', reason: MSG_SEAL_PERSON };
  if (user.auth_status !== AUTH_STATUS.verifiedOrg || user.name === '') return { eligible: false, orgName: '', reason: MSG_SEAL_ORG_UNVERIFIED };
  return { eligible: true, orgName: user.name, reason: '' };
}

export async function applySeal(db: Db, userId: number, p: { sealName: string; png: Buffer }, now: number): Promise<SealApplication> {
  const sealName = p.sealName.trim();
  if (sealName.length < 1 || sealName.length > SEAL_NAME_MAX) throw new BusinessError(400, MSG_SEAL_NAME);
  if (p.png.length > SEAL_MAX_BYTES) throw new BusinessError(400, MSG_SEAL_TOO_LARGE);
  if (p.png.length < PNG_MAGIC.length + 12 || !p.png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) throw new BusinessError(400, MSG_SEAL_NOT_PNG);
  return inTransaction(db, async (trx) => {
    // The user's row locked (PostgreSQL), so two parallel applications cannot both pass the pending check.
    await trx.updateTable('app_user').set({ updated_at: now }).where('id', '=', userId).execute();
    const eligibility = await sealEligibility(trx, userId);
    if (!eligibility.eligible) throw new BusinessError(403, eligibility.reason);
    const pending = await trx.selectFrom('seal_application').select('id').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst();
    if (pending) throw new BusinessError(409, MSG_SEAL_PENDING);
    const row = await trx
      .insertInto('seal_application')
      .values({ user_id: userId, seal_name: sealName, png_base64: p.png.toString('base64'), status: 'pending', decided_at: null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await sendMessage(trx, { userId, kind: 'system', title: '电子印章申请已提交', content: `您的电子印章「${sealName}」申请已提交，平台将尽快审核。`, link: LINK, at: now });
    return toApplication(row);
  });
}

export async function mySeals(db: Db, userId: number): Promise<SealApplication[]> {
  const rows = await db.selectFrom('seal_application').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toApplication);
}

/** The PNG of one of the user's applications. */
export async function mySealImage(db: Db, userId: number, id: number): Promise<Buffer> {
  const row = await db.selectFrom('seal_application').select('png_base64').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_SEAL_NOT_FOUND);
  return Buffer.from(row.png_base64, 'base64');
}

export interface ApprovedSeal {
  id: number;
  sealName: string;
  /** The verified organisation name: the signer's name on the certificate. */
  orgName: string;
  png: Uint8Array;
}

/** The organisation user's current seal (the latest approved application), or null: what signing uses. */
export async function approvedSealOf(db: Db, userId: number): Promise<ApprovedSeal | null> {
  const row = await db
    .selectFrom('seal_application')
    .innerJoin('app_user', 'app_user.id', 'seal_application.user_id')
    .select(['seal_application.id', 'seal_application.seal_name', 'seal_application.png_base64', 'app_user.name'])
    .where('seal_application.user_id', '=', userId)
    .where('seal_application.status', '=', 'approved')
    .orderBy('seal_application.decided_at', 'desc')
    .orderBy('seal_application.id', 'desc')
    .executeTakeFirst();
  return row ? { id: row.id, sealName: row.seal_name, orgName: row.name, png: new Uint8Array(Buffer.from(row.png_base64, 'base64')) } : null;
}

export interface SealApplicationRow extends SealApplication {
  loginName: string;
  orgName: string;
}

/** Operators: pending applications (all with `all`), oldest first. */
export async function listSealApplications(db: Db, all: boolean): Promise<SealApplicationRow[]> {
  let q = db.selectFrom('seal_application').innerJoin('app_user', 'app_user.id', 'seal_application.user_id').selectAll('seal_application').select(['app_user.login_name', 'app_user.name']);
  if (!all) q = q.where('seal_application.status', '=', 'pending');
  const rows = await q.orderBy('seal_application.created_at', 'asc').orderBy('seal_application.id', 'asc').execute();
  return rows.map((r) => ({ ...toApplication(r), loginName: r.login_name, orgName: r.name }));
}

/** Operators: approve or reject (with a reason) a pending application; the user gets a message. */
export async function decideSeal(db: Db, id: number, decision: 'approve' | 'reject', reason: string, handler: string, now: number): Promise<SealApplication> {
  if (decision === 'reject' && reason.trim() === '') throw new BusinessError(400, '驳回须说明原因');
  return inTransaction(db, async (trx) => {
    const status: SealStatus = decision === 'approve' ? 'approved' : 'rejected';
    const row = await trx
      .updateTable('seal_application')
      .set({ status, reason: decision === 'reject' ? reason.trim() : '', handler, decided_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom('seal_application').select('id').where('id', '=', id).executeTakeFirst();
      throw exists ? new BusinessError(409, MSG_SEAL_NOT_PENDING) : notFound(MSG_SEAL_NOT_FOUND);
    }
    await sendMessage(
      trx,
      decision === 'approve'
        ? { userId: row.user_id, kind: 'system', title: '电子印章申请已通过', content: `您的电子印章「${row.seal_name}」已审核通过，签署合同时可以使用。`, link: LINK, at: now }
        : { userId: row.user_id, kind: 'system', title: '电子印章申请已驳回', content: `您的电子印章「${row.seal_name}」申请已驳回，原因：${row.reason}。您可以修改后重新申请。`, link: LINK, at: now },
    );
    return toApplication(row);
  });
}
