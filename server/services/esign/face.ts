/**
 * Face verification before a signing step (/contract/seal/qrcode), behind the FaceVerifier interface. A real
 * face-recognition service plugs in by implementing it; the default (QrLinkFaceVerifier) is a one-time
 * link shown as a QR code: the signer opens it on his phone while logged in as the same user and confirms.
 *
 * Flow: the signing page creates a challenge for (user, purpose, ref id) and shows the QR of
 * /contract/seal/qrcode?token=…; it polls the challenge's state; the phone reads what is being confirmed
 * and confirms (once, before it expires: PORTAL_FACE_TOKEN_MINUTES, 5 by default); the signing route then
 * calls consumeConfirmed(challengeId, userId) once — a confirmation signs one step only.
 * Only the token's SHA-256 is stored. Another user's challenge or token answers 404.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { FACE_PURPOSES, type FaceChallenge, type FaceChallengeInfo, type FaceChallengeState, type FacePurpose, type FaceStatus } from '#domain/contract/esign';
import type { Database } from '../../db/schema.ts';
import type { FaceChallengeTable } from '../../db/tables/esign.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';

export const DEFAULT_FACE_TOKEN_MS = 5 * 60_000;
export const MSG_FACE_NOT_FOUND = '确认链接无效：它不属于当前登录的账号，或已被撤销。请用发起签署的账号登录后重新扫码';
export const MSG_FACE_CHALLENGE_NOT_FOUND = '身份确认不存在';
export const MSG_FACE_EXPIRED = '确认链接已过期，请在电脑上重新生成二维码';
export const MSG_FACE_USED = '该确认链接已使用，无需重复确认';
export const MSG_FACE_NOT_CONFIRMED = '请先用手机扫码完成本人确认';

export interface FaceVerifier {
  create(userId: number, p: { purpose: FacePurpose; refId: string; summary?: string }, now: number): Promise<FaceChallenge>;
  status(userId: number, challengeId: number, now: number): Promise<FaceChallengeState>;
  /** What the phone shows before confirming (the same user only). */
  info(userId: number, token: string, now: number): Promise<FaceChallengeInfo>;
  confirm(userId: number, token: string, now: number): Promise<FaceChallengeInfo>;
  /**
   * Uses a confirmed challenge for one signing step: true once; throws (400, MSG_FACE_NOT_CONFIRMED) when it
   * is not confirmed, already used, expired, another user's, or (when given) for another purpose or ref id.
   * Pass the signing transaction as `db`.
   */
  consumeConfirmed(challengeId: number, userId: number, now: number, options?: ConsumeOptions): Promise<true>;
}

export interface ConsumeOptions {
  purpose?: FacePurpose;
  refId?: string;
  db?: Kysely<Database>;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export class QrLinkFaceVerifier implements FaceVerifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokenMs = DEFAULT_FACE_TOKEN_MS,
  ) {}

  private statusOf(r: Selectable<FaceChallengeTable>, now: number): FaceStatus {
    // A confirmed challenge may still be used for the same time again after its link expired.
    if (r.status === 'pending' && now >= r.expires_at) return 'expired';
    if (r.status === 'confirmed' && now >= r.expires_at + this.tokenMs) return 'expired';
    return r.status as FaceStatus;
  }

  private state(r: Selectable<FaceChallengeTable>, now: number): FaceChallengeState {
    return { id: r.id, status: this.statusOf(r, now), expiresAt: formatChinaTime(r.expires_at) };
  }

  private async byToken(userId: number, token: string) {
    const row = await this.db.selectFrom('face_challenge').selectAll().where('token_hash', '=', hash(token)).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw notFound(MSG_FACE_NOT_FOUND);
    return row;
  }

  private async infoOf(r: Selectable<FaceChallengeTable>, now: number): Promise<FaceChallengeInfo> {
    const user = await this.db.selectFrom('app_user').select(['name', 'login_name']).where('id', '=', r.user_id).executeTakeFirstOrThrow();
    return { status: this.statusOf(r, now), purpose: r.purpose as FacePurpose, summary: r.summary, userName: user.name || user.login_name, expiresAt: formatChinaTime(r.expires_at) };
  }

  /**
   * What the phone says is being confirmed, as the computer names it: a contract of the user's by its title
   * and number (实物资产交易合同（HT…）), anything else by its kind and reference.
   */
  private async summaryOf(userId: number, purpose: FacePurpose, refId: string): Promise<string> {
    const contractId = Number(refId);
    if (purpose === 'contract-sign' && Number.isSafeInteger(contractId) && contractId > 0) {
      const contract = await this.db
        .selectFrom('contract')
        .select(['title', 'contract_code'])
        .where('id', '=', contractId)
        .where((eb) => eb.exists(eb.selectFrom('contract_party').select('contract_party.id').whereRef('contract_party.contract_id', '=', 'contract.id').where('contract_party.user_id', '=', userId)))
        .executeTakeFirst();
      if (contract) return `${FACE_PURPOSES[purpose]}：${contract.title}（${contract.contract_code}）`;
    }
    return `${FACE_PURPOSES[purpose]}（编号 ${refId}）`;
  }

  async create(userId: number, p: { purpose: FacePurpose; refId: string; summary?: string }, now: number): Promise<FaceChallenge> {
    const token = randomBytes(24).toString('base64url');
    const summary = p.summary ?? (await this.summaryOf(userId, p.purpose, p.refId));
    const row = await this.db
      .insertInto('face_challenge')
      .values({ token_hash: hash(token), user_id: userId, purpose: p.purpose, ref_id: p.refId, summary, status: 'pending', expires_at: now + this.tokenMs, confirmed_at: null, consumed_at: null, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...this.state(row, now), token };
  }

  async status(userId: number, challengeId: number, now: number): Promise<FaceChallengeState> {
    const row = await this.db.selectFrom('face_challenge').selectAll().where('id', '=', challengeId).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw notFound(MSG_FACE_CHALLENGE_NOT_FOUND);
    return this.state(row, now);
  }

  async info(userId: number, token: string, now: number): Promise<FaceChallengeInfo> {
    return this.infoOf(await this.byToken(userId, token), now);
  }

  async confirm(userId: number, token: string, now: number): Promise<FaceChallengeInfo> {
    const row = await this.byToken(userId, token);
    const updated = await this.db
      .updateTable('face_challenge')
      .set({ status: 'confirmed', confirmed_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new BusinessError(409, this.statusOf(row, now) === 'expired' ? MSG_FACE_EXPIRED : MSG_FACE_USED);
    return this.infoOf(updated, now);
  }

  async consumeConfirmed(challengeId: number, userId: number, now: number, options: ConsumeOptions = {}): Promise<true> {
    let q = (options.db ?? this.db)
      .updateTable('face_challenge')
      .set({ status: 'consumed', consumed_at: now })
      .where('id', '=', challengeId)
      .where('user_id', '=', userId)
      .where('status', '=', 'confirmed')
      .where('expires_at', '>', now - this.tokenMs);
    if (options.purpose !== undefined) q = q.where('purpose', '=', options.purpose);
    if (options.refId !== undefined) q = q.where('ref_id', '=', options.refId);
    const used = await q.returning('id').executeTakeFirst();
    if (!used) throw new BusinessError(400, MSG_FACE_NOT_CONFIRMED);
    return true;
  }
}
