/**
 * Enrolment (报名) and qualification: the bidder's checks and submission, the operator's review, and the
 * step that turns an approved enrolment with a confirmed deposit into a bid_qualification row (the gate of
 * bidding) with a bid code. Every state change is a conditional update on the expected status (two operators,
 * the demo job on several processes, a retried call: one wins, the others change nothing) and is audited.
 */
import { randomInt } from 'node:crypto';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { isAuthenticatedStatus } from '#domain/rules/auth';
import { isSealedLot } from '#domain/rules/liveValues';
import { OPEN_ACTIVITY_STATUSES } from '#domain/contract/activity';
import { ENROLMENT_COMMITMENTS, type AcceptedTerms, type Attachment, type CommitmentKey, type DepositStatus, type EnrolmentCheck, type EnrolmentDetail, type EnrolmentForm, type EnrolmentProject, type EnrolmentStatus, type EnrolmentSubmit, type EnrolmentSummary, type QualifiedRoom } from '#domain/contract/enrolment';
import { ENROLMENT_STATUS_TEXT } from '#domain/rules/enrolment';
import { BID_CODE_MAX, BID_CODE_MIN } from '#domain/rules/bidCode';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { lotTitle } from '#domain/rules/desk';
import type { Page } from '#domain/contract/envelope';
import { fenToYuan, fenToYuanText } from '#domain/rules/money';
import type { Database } from '../../db/schema.ts';
import type { EnrolmentTable } from '../../db/tables/enrolment.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import type { Accounts } from '../accounts/context.ts';
import { maskMobile, maskName } from '../accounts/crypto.ts';
import { ownFile } from '../accounts/files.ts';
import { toStatus } from '../accounts/verification.ts';
import { newCode } from '../common/codes.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { acceptableTerms, currentTerms } from './terms.ts';

type Db = Kysely<Database>;
export type EnrolmentRow = Selectable<EnrolmentTable>;

export const MSG_ENROLMENT_NOT_FOUND = '报名记录不存在';
export const MSG_ALREADY_ENROLLED = '您已报名该项目，请勿重复报名';
const ENROLLING = '正在报名';

/** What a step is refused with when the enrolment is not in a status it starts from. */
export class StateError extends BusinessError {
  constructor(msg: string) {
    super(409, msg);
  }
}

const REFUSALS: Record<Exclude<EnrolmentCheck['reason'], null>, string> = {
  notLoggedIn: '请先登录后再报名',
  notVerified: '您尚未完成实名认证，完成实名认证后方可报名',
  notFound: '项目不存在',
  notOpen: '该项目尚未开始报名',
  closed: '该项目报名已截止',
  alreadyEnrolled: MSG_ALREADY_ENROLLED,
};

function refuse(reason: Exclude<EnrolmentCheck['reason'], null>, enrolEndAt: number | null, enrolmentId: number | null = null): EnrolmentCheck {
  return { canEnrol: false, reason, message: REFUSALS[reason], enrolmentId, enrolEndTime: enrolEndAt === null ? null : formatChinaTime(enrolEndAt) };
}

type ProjectRow = Pick<
  Selectable<Database['project']>,
  'id' | 'project_code' | 'assets_name' | 'state' | 'start_price_fen' | 'deposit_fen' | 'price_unit' | 'org_name' | 'announcement_start_at' | 'announcement_end_at' | 'parent_id'
>;

async function projectOf(db: Db, assetsId: number): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('project')
    .select(['id', 'project_code', 'assets_name', 'state', 'start_price_fen', 'deposit_fen', 'price_unit', 'org_name', 'announcement_start_at', 'announcement_end_at', 'parent_id'])
    .where('id', '=', assetsId)
    .executeTakeFirst();
}

/** Whether `userId` may enrol in `assetsId` now, and why not (the enrolment check; also guards submit). */
export async function checkEnrolment(db: Db, userId: number | null, assetsId: number, now: number): Promise<EnrolmentCheck> {
  const project = await projectOf(db, assetsId);
  // A package's child is enrolled in through its package.
  if (!project || project.parent_id !== null) return refuse(userId === null ? 'notLoggedIn' : 'notFound', null);
  const deadline = project.announcement_end_at;
  if (userId === null) return refuse('notLoggedIn', deadline);
  const user = await db.selectFrom('app_user').select('auth_status').where('id', '=', userId).executeTakeFirst();
  if (!user || !isAuthenticatedStatus(user.auth_status)) return refuse('notVerified', deadline);
  const existing = await db.selectFrom('enrolment').select('id').where('user_id', '=', userId).where('project_id', '=', assetsId).executeTakeFirst();
  if (existing) return refuse('alreadyEnrolled', deadline, existing.id);
  if (now >= project.announcement_end_at) return refuse('closed', deadline);
  if (!project.state.includes(ENROLLING) || now < project.announcement_start_at) return refuse('notOpen', deadline);
  return { canEnrol: true, reason: null, message: '可以报名', enrolmentId: null, enrolEndTime: formatChinaTime(deadline) };
}

async function toProject(db: Db, p: ProjectRow): Promise<EnrolmentProject> {
  const children = await db
    .selectFrom('project')
    .select(['id', 'assets_name', 'project_code'])
    .where('parent_id', '=', p.id)
    .orderBy('id')
    .execute();
  return {
    assetsId: p.id,
    projectCode: p.project_code,
    assetsName: p.assets_name,
    state: p.state,
    isPackage: children.length > 0,
    children: children.map((c) => ({ assetsId: c.id, assetsName: c.assets_name, projectCode: c.project_code })),
    startPrice: fenToYuan(p.start_price_fen),
    depositAmount: fenToYuan(p.deposit_fen),
    priceUnit: p.price_unit,
    orgName: p.org_name,
    enrolEndTime: formatChinaTime(p.announcement_end_at),
  };
}

/** The bidder's facts from the approved real-name record (masked as every answer). */
export async function bidderFacts(a: Pick<Accounts, 'db' | 'secrets'>, userId: number) {
  const user = await a.db.selectFrom('app_user').select(['user_type', 'name', 'phone', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  const row = await a.db
    .selectFrom('verification')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '=', 'approved')
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const status = toStatus(a.secrets, row, user.user_type);
  const isOrg = user.user_type === 2;
  // The full name is stored with the enrolment (the exchange needs it); answers mask persons' names.
  const fullName = isOrg ? row?.org_name || user.name : row?.name || user.name;
  return {
    bidderType: isOrg ? 2 : 1,
    fullName,
    idMasked: isOrg ? status.creditCode : status.idNumber,
    phone: user.phone ?? '',
    email: user.email,
  };
}

const shownName = (bidderType: number, name: string) => (bidderType === 2 ? name : maskName(name));

export async function enrolmentForm(a: Pick<Accounts, 'db' | 'secrets'>, userId: number, assetsId: number, now: number): Promise<EnrolmentForm> {
  const project = await projectOf(a.db, assetsId);
  if (!project || project.parent_id !== null) throw notFound('项目不存在');
  const facts = await bidderFacts(a, userId);
  return {
    project: await toProject(a.db, project),
    bidder: { bidderType: facts.bidderType, bidderName: shownName(facts.bidderType, facts.fullName), idMasked: facts.idMasked, phone: maskMobile(facts.phone), email: facts.email },
    check: await checkEnrolment(a.db, userId, assetsId, now),
    terms: await currentTerms(a.db, now).then(({ effectiveAt: _, ...served }) => served),
  };
}

const MOBILE = /^1[3-9]\d{9}$/;

export async function submitEnrolment(a: Accounts, userId: number, input: EnrolmentSubmit, ip: string): Promise<EnrolmentDetail> {
  const now = a.now();
  const check = await checkEnrolment(a.db, userId, input.assetsId, now);
  if (!check.canEnrol) {
    throw new BusinessError(check.reason === 'alreadyEnrolled' ? 409 : check.reason === 'notFound' ? 404 : 403, check.message);
  }
  if (!MOBILE.test(input.contactPhone)) throw new BusinessError(400, '联系电话须为11位手机号码');
  const missing = ENROLMENT_COMMITMENTS.filter((c) => !input.commitments.includes(c.key));
  if (missing.length > 0) throw new BusinessError(400, '请阅读并勾选全部承诺事项');
  // The server decides which 竞买须知 is in effect: an outdated version (or another text) is refused.
  const terms = await acceptableTerms(a.db, now, input);
  // Attachments must be the user's own uploads (another user's file id reads as missing).
  for (const file of input.attachments) {
    if (!(await ownFile(a, userId, file.fileId))) throw new BusinessError(400, `附件「${file.name}」不存在，请重新上传`);
  }
  const project = (await projectOf(a.db, input.assetsId))!;
  const children = await a.db.selectFrom('project').select('id').where('parent_id', '=', project.id).limit(1).execute();
  const facts = await bidderFacts(a, userId);
  const id = await a.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('enrolment')
      .values({
        enrol_code: newCode('BM', now),
        user_id: userId,
        project_id: project.id,
        kind: children.length > 0 ? 'package' : 'normal',
        status: 'submitted' satisfies EnrolmentStatus,
        bidder_type: facts.bidderType,
        bidder_name: facts.fullName,
        id_masked: facts.idMasked,
        contact_name: input.contactName,
        contact_phone: input.contactPhone,
        contact_email: input.contactEmail,
        address: input.address,
        attachments: JSON.stringify(input.attachments satisfies Attachment[]),
        commitments: JSON.stringify([...new Set(input.commitments)] satisfies CommitmentKey[]),
        deposit_fen: project.deposit_fen,
        reject_reason: '',
        reviewer: '',
        activity_id: null,
        bid_code: null,
        submitted_at: now,
        reviewed_at: null,
        qualified_at: null,
        updated_at: now,
        terms_version: terms.version,
        terms_sha256: terms.sha256,
        terms_accepted_at: now,
      })
      // Two submissions racing: the unique (user, project) lets one in; the other is "already enrolled".
      .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new BusinessError(409, MSG_ALREADY_ENROLLED);
    await appendAudit(trx, now, { userId, ip, action: 'enrolment.submit', object: `enrolment:${inserted.id}`, result: 'success', detail: `project:${project.id}` });
    return inserted.id;
  });
  return myEnrolment(a.db, userId, id);
}

// ---------------------------------------------------------------------------------------------------------
// Reading (always scoped to the user: another user's id is 404, guide item 8)

type SummaryRow = EnrolmentRow & {
  project_code: string;
  assets_name: string;
  deposit_id: number | null;
  deposit_status: string | null;
};

/** The accepted terms of an enrolment (its title from the stored version; null before versioned terms). */
export async function acceptedTermsOf(db: Db, r: Pick<EnrolmentRow, 'terms_version' | 'terms_sha256' | 'terms_accepted_at'>): Promise<AcceptedTerms | null> {
  if (r.terms_version === null || r.terms_sha256 === null || r.terms_accepted_at === null) return null;
  const doc = await db.selectFrom('terms_document').select('title').where('version', '=', r.terms_version).where('sha256', '=', r.terms_sha256).executeTakeFirst();
  return { title: doc?.title ?? '竞买须知', version: r.terms_version, sha256: r.terms_sha256, acceptedTime: formatChinaTime(Number(r.terms_accepted_at)) };
}

/** An enrolment with its project's code and name and its deposit (at most one): each enrolment one row. */
function withProjectAndDeposit<O>(q: SelectQueryBuilder<Database, 'enrolment', O>) {
  return q
    .innerJoin('project', 'project.id', 'enrolment.project_id')
    .leftJoin('deposit', 'deposit.enrolment_id', 'enrolment.id')
    .selectAll('enrolment')
    .select(['project.project_code', 'project.assets_name', 'deposit.id as deposit_id', 'deposit.status as deposit_status']);
}

function summaryQuery(db: Db) {
  return withProjectAndDeposit(db.selectFrom('enrolment'));
}

function toSummary(r: SummaryRow): EnrolmentSummary {
  const status = r.status as EnrolmentStatus;
  return {
    id: r.id,
    enrolCode: r.enrol_code,
    assetsId: r.project_id,
    projectCode: r.project_code,
    assetsName: r.assets_name,
    kind: r.kind === 'package' ? 'package' : 'normal',
    status,
    statusText: ENROLMENT_STATUS_TEXT[status],
    depositAmount: fenToYuan(r.deposit_fen),
    depositId: r.deposit_id,
    depositStatus: (r.deposit_status as DepositStatus | null) ?? null,
    bidCode: r.bid_code,
    activityId: r.activity_id,
    submitTime: formatChinaTime(r.submitted_at),
  };
}

function toDetail(r: SummaryRow, acceptedTerms: AcceptedTerms | null): EnrolmentDetail {
  return {
    ...toSummary(r),
    bidderName: shownName(r.bidder_type, r.bidder_name),
    bidderType: r.bidder_type,
    idMasked: r.id_masked,
    contactName: r.contact_name,
    contactPhone: maskMobile(r.contact_phone),
    contactEmail: r.contact_email,
    address: r.address,
    attachments: JSON.parse(r.attachments) as Attachment[],
    commitments: JSON.parse(r.commitments) as CommitmentKey[],
    rejectReason: r.reject_reason,
    reviewTime: r.reviewed_at === null ? null : formatChinaTime(r.reviewed_at),
    qualifyTime: r.qualified_at === null ? null : formatChinaTime(r.qualified_at),
    acceptedTerms,
  };
}

export async function myEnrolment(db: Db, userId: number, id: number): Promise<EnrolmentDetail> {
  const row = await summaryQuery(db).where('enrolment.id', '=', id).where('enrolment.user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_ENROLMENT_NOT_FOUND);
  return toDetail(row, await acceptedTermsOf(db, row));
}

export async function myEnrolments(
  db: Db,
  userId: number,
  q: PageRequest & { status?: EnrolmentStatus | undefined },
): Promise<Page<EnrolmentSummary>> {
  let base = db.selectFrom('enrolment').where('enrolment.user_id', '=', userId);
  if (q.status) base = base.where('enrolment.status', '=', q.status);
  return fetchPage(base, q, (b) => withProjectAndDeposit(b).orderBy('enrolment.submitted_at', 'desc').orderBy('enrolment.id', 'desc'), toSummary);
}

/** My bidding rooms: every activity I am qualified in (enrolled or seeded), newest first. */
export async function myRooms(db: Db, userId: number): Promise<QualifiedRoom[]> {
  const rows = await db
    .selectFrom('bid_qualification')
    .innerJoin('bid_activity', 'bid_activity.id', 'bid_qualification.activity_id')
    .innerJoin('project', 'project.id', 'bid_activity.project_id')
    .select([
      'bid_activity.id as activity_id',
      'bid_activity.project_id',
      'project.assets_name',
      'bid_qualification.bid_code',
      'bid_activity.mode',
      'bid_activity.status',
      'bid_activity.outcome',
      'bid_activity.start_at',
      'bid_activity.end_at',
      'bid_activity.current_price_fen',
      'bid_activity.leader_bid_code',
      (eb) =>
        eb
          .selectFrom('bid')
          .select((b) => b.fn.countAll<number | string>().as('n'))
          .whereRef('bid.activity_id', '=', 'bid_activity.id')
          .where('bid.user_id', '=', userId)
          .as('my_bid_count'),
    ])
    .where('bid_qualification.user_id', '=', userId)
    // Live first, then upcoming, then ended; within each the nearest end first.
    .orderBy((eb) => eb.case().when('bid_activity.status', 'in', ['live', 'suspended']).then(0).when('bid_activity.status', '=', 'scheduled').then(1).else(2).end())
    .orderBy('bid_activity.end_at', 'asc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    activityId: r.activity_id,
    assetsId: r.project_id,
    assetsName: r.assets_name,
    bidCode: r.bid_code,
    mode: r.mode,
    status: r.status as QualifiedRoom['status'],
    outcome: (r.outcome as QualifiedRoom['outcome']) ?? null,
    startTime: formatChinaTime(r.start_at),
    endTime: formatChinaTime(r.end_at),
    currentPrice: fenToYuan(r.current_price_fen),
    // The public leader only: none while sealed, as the hall and the room show it.
    leaderBidCode: isSealedLot({ mode: r.mode, status: r.status as QualifiedRoom['status'] }) ? null : r.leader_bid_code,
    myBidCount: Number(r.my_bid_count ?? 0),
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Operator steps

export interface Actor {
  /** 'ops:<os user>', 'demo-auto', 'api:<login name>'. */
  name: string;
  ip: string;
}

async function enrolmentRow(db: Db, id: number): Promise<EnrolmentRow> {
  const row = await db.selectFrom('enrolment').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_ENROLMENT_NOT_FOUND);
  return row;
}

async function projectName(db: Db, projectId: number): Promise<string> {
  const p = await db.selectFrom('project').select('assets_name').where('id', '=', projectId).executeTakeFirst();
  return p?.assets_name ?? '';
}

/** submitted → reviewing (an operator took it up). */
export async function startReview(db: Db, id: number, actor: Actor, now: number): Promise<EnrolmentRow> {
  const moved = await db
    .updateTable('enrolment')
    .set({ status: 'reviewing', reviewer: actor.name, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  const row = await enrolmentRow(db, id);
  if (Number(moved.numUpdatedRows) !== 1) throw new StateError(`报名 ${row.enrol_code} 当前状态为「${ENROLMENT_STATUS_TEXT[row.status as EnrolmentStatus]}」，不能开始审核`);
  await appendAudit(db, now, { userId: row.user_id, ip: actor.ip, action: 'enrolment.review', object: `enrolment:${id}`, result: 'success', detail: actor.name });
  return row;
}

/**
 * submitted | reviewing → depositPending, with a pending deposit row (a deposit of 0 is confirmed at once).
 * Returns false when it was not in a status to approve (already decided: a second approval changes nothing).
 */
export async function approveEnrolment(db: Db, id: number, actor: Actor, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('enrolment')
      .set({ status: 'depositPending', reviewer: actor.name, reviewed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['submitted', 'reviewing'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const row = await enrolmentRow(trx, id);
    const name = await projectName(trx, row.project_id);
    const free = row.deposit_fen === 0;
    await trx
      .insertInto('deposit')
      .values({
        deposit_code: newCode('BZJ', now),
        enrolment_id: id,
        user_id: row.user_id,
        project_id: row.project_id,
        amount_fen: row.deposit_fen,
        // No deposit asked: confirmed at once, and the enrolment goes on to qualification.
        status: (free ? 'confirmed' : 'pending') satisfies DepositStatus,
        method: '',
        confirmed_at: free ? now : null,
        settled_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await appendAudit(trx, now, { userId: row.user_id, ip: actor.ip, action: 'enrolment.approve', object: `enrolment:${id}`, result: 'success', detail: actor.name });
    await sendMessage(trx, {
      userId: row.user_id,
      kind: 'enrolment',
      title: lotTitle('报名审核通过', name),
      content:
        row.deposit_fen > 0
          ? `您报名的「${name}」已审核通过，请在报名截止前缴纳交易保证金 ${fenToYuanText(row.deposit_fen)} 元。`
          : `您报名的「${name}」已审核通过。`,
      link: `/enrollDetail?id=${id}`,
      at: now,
    });
    if (free) {
      await trx.updateTable('enrolment').set({ status: 'depositConfirmed', updated_at: now }).where('id', '=', id).execute();
      await qualifyEnrolment(trx, id, now);
    }
    return true;
  });
}

/** submitted | reviewing → rejected with a reason (shown to the user). */
export async function rejectEnrolment(db: Db, id: number, reason: string, actor: Actor, now: number): Promise<boolean> {
  const text = reason.trim();
  if (!text) throw new BusinessError(400, '驳回须说明原因');
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('enrolment')
      .set({ status: 'rejected', reject_reason: text.slice(0, 500), reviewer: actor.name, reviewed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['submitted', 'reviewing'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const row = await enrolmentRow(trx, id);
    await appendAudit(trx, now, { userId: row.user_id, ip: actor.ip, action: 'enrolment.reject', object: `enrolment:${id}`, result: 'success', detail: actor.name });
    await sendMessage(trx, {
      userId: row.user_id,
      kind: 'enrolment',
      title: lotTitle('报名审核未通过', await projectName(trx, row.project_id)),
      content: `您报名的「${await projectName(trx, row.project_id)}」审核未通过，原因：${text}`,
      link: `/enrollDetail?id=${id}`,
      at: now,
    });
    return true;
  });
}

/** The activity an enrolment in this project qualifies for: the newest one not ended. */
async function openActivity(db: Db, projectId: number) {
  return db
    .selectFrom('bid_activity')
    .select(['id', 'status'])
    .where('project_id', '=', projectId)
    .where('status', 'in', OPEN_ACTIVITY_STATUSES)
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A random six-digit bid code free in this activity (as the demo seed's). */
async function freeBidCode(db: Db, activityId: number): Promise<string> {
  for (;;) {
    const code = String(randomInt(BID_CODE_MIN, BID_CODE_MAX + 1));
    const taken = await db.selectFrom('bid_qualification').select('id').where('activity_id', '=', activityId).where('bid_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
}

/**
 * depositConfirmed → qualified: a bid_qualification row in the project's open activity, with a bid code.
 * Without an activity nothing happens (the operator's "activity create" qualifies later). Idempotent.
 */
export async function qualifyEnrolment(db: Db, enrolmentId: number, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await enrolmentRow(trx, enrolmentId);
    if (row.status !== 'depositConfirmed') return false;
    const activity = await openActivity(trx, row.project_id);
    if (!activity) return false;
    // Already qualified (a seeded or earlier row) keeps its code; a code taken by a concurrent qualification
    // meanwhile (DO NOTHING on either unique key) is drawn again.
    let q: { bid_code: string } | undefined;
    for (let attempt = 0; !q && attempt < 5; attempt++) {
      await trx
        .insertInto('bid_qualification')
        .values({ activity_id: activity.id, user_id: row.user_id, bid_code: await freeBidCode(trx, activity.id), pre_emptive_rank: null, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
      q = await trx.selectFrom('bid_qualification').select('bid_code').where('activity_id', '=', activity.id).where('user_id', '=', row.user_id).executeTakeFirst();
    }
    if (!q) throw new Error(`no free bid code in activity ${activity.id}`);
    const moved = await trx
      .updateTable('enrolment')
      .set({ status: 'qualified', activity_id: activity.id, bid_code: q.bid_code, qualified_at: now, updated_at: now })
      .where('id', '=', enrolmentId)
      .where('status', '=', 'depositConfirmed')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await appendAudit(trx, now, { userId: row.user_id, ip: '', action: 'enrolment.qualify', object: `enrolment:${enrolmentId}`, result: 'success', detail: `activity:${activity.id}` });
    await sendMessage(trx, {
      userId: row.user_id,
      kind: 'enrolment',
      title: lotTitle('已取得竞买资格', await projectName(trx, row.project_id)),
      content: `您已取得「${await projectName(trx, row.project_id)}」的竞买资格，竞买号 ${q.bid_code}。请按时进入竞价室参与竞价。`,
      link: `/quoteHall?activityId=${activity.id}`,
      at: now,
    });
    return true;
  });
}

/** Qualifies every waiting enrolment of an activity's project (called when an activity is created). */
export async function qualifyWaiting(db: Db, projectId: number, now: number): Promise<number> {
  const waiting = await db.selectFrom('enrolment').select('id').where('project_id', '=', projectId).where('status', '=', 'depositConfirmed').execute();
  let n = 0;
  for (const { id } of waiting) if (await qualifyEnrolment(db, id, now)) n += 1;
  return n;
}

export interface OpsEnrolment {
  id: number;
  enrolCode: string;
  status: EnrolmentStatus;
  loginName: string;
  bidderName: string;
  assetsId: number;
  assetsName: string;
  deposit: number;
  submitTime: string;
}

export async function listEnrolments(db: Db, statuses: EnrolmentStatus[] | null, limit = 200): Promise<OpsEnrolment[]> {
  let q = db
    .selectFrom('enrolment')
    .innerJoin('app_user', 'app_user.id', 'enrolment.user_id')
    .innerJoin('project', 'project.id', 'enrolment.project_id')
    .select(['enrolment.id', 'enrolment.enrol_code', 'enrolment.status', 'app_user.login_name', 'enrolment.bidder_name', 'enrolment.project_id', 'project.assets_name', 'enrolment.deposit_fen', 'enrolment.submitted_at']);
  if (statuses) q = q.where('enrolment.status', 'in', statuses);
  const rows = await q.orderBy('enrolment.submitted_at', 'asc').orderBy('enrolment.id', 'asc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    enrolCode: r.enrol_code,
    status: r.status as EnrolmentStatus,
    loginName: r.login_name,
    bidderName: r.bidder_name,
    assetsId: r.project_id,
    assetsName: r.assets_name,
    deposit: fenToYuan(r.deposit_fen),
    submitTime: formatChinaTime(r.submitted_at),
  }));
}
