/**
 * 申诉: a user appeals against one of his own records — which records a kind may name is the
 * SUBJECTS table below (one query per open kind of APPEAL_KINDS) — with a reason and attachments from
 * his uploads. The operator moves it along APPEAL_TRANSITIONS (domain/rules/userFiles.ts): every step is
 * one conditional update (a step from the wrong state changes nothing and is refused), an event in the
 * history and a message to the user, all in one transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { formatFenAsYuan } from '#domain/rules/money';
import { DEAL_STATUS_TEXT } from '#domain/rules/settlement';
import { type DealStatus } from '#domain/contract/settlement';
import type { Page } from '#domain/contract/envelope';
import { APPEAL_KINDS, APPEAL_TRANSITIONS, type AppealAction, type AppealDetail, type AppealKind, type AppealStatus, type AppealSubject, type AppealSummary } from '#domain/contract/userFiles';
import { APPEAL_STATUS_TEXT, appealKindLabel, nextAppealStatus } from '#domain/rules/userFiles';
import type { Database } from '../../db/schema.ts';
import type { AppealTable } from '../../db/tables/user-files.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';

type Db = Kysely<Database>;

export const MSG_APPEAL_NOT_FOUND = '申诉不存在';
export const MSG_SUBJECT_NOT_FOUND = '申诉对象不存在或不属于您';
export const MSG_KIND_CLOSED = '该类申诉暂未开放';
export const MSG_APPEAL_DUPLICATE = '该记录已有处理中的申诉，请等待处理结果';
export const MSG_ATTACHMENT_NOT_FOUND = '附件不存在，请从“我的文件”中选择';
export const MSG_ILLEGAL_STEP = '当前状态不能执行该操作';

/** The user's records an appeal of each open kind may name: id and a title (newest first). */
const SUBJECTS: Partial<Record<AppealKind, (db: Db, userId: number, id?: number) => Promise<AppealSubject[]>>> = {
  enrolmentRejection: async (db, userId, id) => {
    let q = db
      .selectFrom('enrolment')
      .innerJoin('project', 'project.id', 'enrolment.project_id')
      .select(['enrolment.id', 'project.assets_name', 'enrolment.reject_reason', 'enrolment.enrol_code'])
      .where('enrolment.user_id', '=', userId)
      .where('enrolment.status', '=', 'rejected');
    if (id !== undefined) q = q.where('enrolment.id', '=', id);
    const rows = await q.orderBy('enrolment.updated_at', 'desc').orderBy('enrolment.id', 'desc').limit(100).execute();
    return rows.map((r) => ({ id: r.id, title: `${r.assets_name}（报名 ${r.enrol_code}）· 驳回原因：${r.reject_reason || '未说明'}` }));
  },
  result: async (db, userId, id) => {
    let q = db
      .selectFrom('bid_activity')
      .innerJoin('bid_qualification', 'bid_qualification.activity_id', 'bid_activity.id')
      .innerJoin('project', 'project.id', 'bid_activity.project_id')
      .select(['bid_activity.id', 'bid_activity.activity_code', 'bid_activity.outcome', 'bid_activity.leader_user_id', 'project.assets_name'])
      .where('bid_qualification.user_id', '=', userId)
      .where('bid_activity.status', '=', 'ended');
    if (id !== undefined) q = q.where('bid_activity.id', '=', id);
    const rows = await q.orderBy('bid_activity.end_at', 'desc').orderBy('bid_activity.id', 'desc').limit(100).execute();
    return rows.map((r) => ({
      id: r.id,
      title: `${r.assets_name}（竞价 ${r.activity_code}）· ${r.outcome === 'failed' ? '流拍' : r.leader_user_id === userId ? '竞得' : '未竞得'}`,
    }));
  },
  depositForfeit: async (db, userId, id) => {
    let q = db
      .selectFrom('deposit')
      .innerJoin('project', 'project.id', 'deposit.project_id')
      .select(['deposit.id', 'deposit.deposit_code', 'deposit.amount_fen', 'project.assets_name'])
      .where('deposit.user_id', '=', userId)
      .where('deposit.status', '=', 'forfeited');
    if (id !== undefined) q = q.where('deposit.id', '=', id);
    const rows = await q.orderBy('deposit.updated_at', 'desc').orderBy('deposit.id', 'desc').limit(100).execute();
    return rows.map((r) => ({ id: r.id, title: `${r.assets_name}（保证金 ${r.deposit_code}）· 没收 ${formatFenAsYuan(r.amount_fen, { suffix: ' 元' })}` }));
  },
  settlement: async (db, userId, id) => {
    let q = db
      .selectFrom('deal')
      .innerJoin('project', 'project.id', 'deal.project_id')
      .select(['deal.id', 'deal.deal_code', 'deal.status', 'project.assets_name'])
      .where('deal.user_id', '=', userId)
      .where('deal.status', '<>', 'awaitingConfirmation');
    if (id !== undefined) q = q.where('deal.id', '=', id);
    const rows = await q.orderBy('deal.updated_at', 'desc').orderBy('deal.id', 'desc').limit(100).execute();
    return rows.map((r) => ({ id: r.id, title: `${r.assets_name}（成交 ${r.deal_code}）· ${DEAL_STATUS_TEXT[r.status as DealStatus] ?? r.status}` }));
  },
};

export function appealKinds() {
  return APPEAL_KINDS.map((k) => ({ ...k, open: k.open && SUBJECTS[k.kind] !== undefined }));
}

export async function appealSubjects(db: Db, userId: number, kind: AppealKind): Promise<AppealSubject[]> {
  const query = SUBJECTS[kind];
  if (!query || !APPEAL_KINDS.find((k) => k.kind === kind)?.open) throw new BusinessError(400, MSG_KIND_CLOSED);
  return query(db, userId);
}

const summary = (r: Selectable<AppealTable>): AppealSummary => ({
  id: r.id,
  appealCode: r.appeal_code,
  kind: r.kind as AppealKind,
  kindText: appealKindLabel(r.kind),
  subjectTitle: r.subject_title,
  status: r.status as AppealStatus,
  statusText: APPEAL_STATUS_TEXT[r.status as AppealStatus] ?? r.status,
  submitTime: formatChinaTime(r.created_at),
  updateTime: formatChinaTime(r.updated_at),
});

async function detailOf(db: Db, row: Selectable<AppealTable>): Promise<AppealDetail> {
  const events = await db.selectFrom('appeal_event').selectAll().where('appeal_id', '=', row.id).orderBy('created_at').orderBy('id').execute();
  return {
    ...summary(row),
    subjectId: Number(row.subject_id),
    reason: row.reason,
    attachments: JSON.parse(row.attachments) as { fileId: string; name: string }[],
    answer: row.answer,
    history: events.map((e) => ({ status: e.status as AppealStatus, statusText: APPEAL_STATUS_TEXT[e.status as AppealStatus] ?? e.status, time: formatChinaTime(e.created_at), note: e.note })),
  };
}

function appealCode(now: number, id: number): string {
  return `SS${formatChinaTime(now, 'YYYY-MM-DD').replace(/\D/g, '')}${String(id).padStart(6, '0')}`;
}

export async function submitAppeal(
  db: Db,
  userId: number,
  p: { kind: AppealKind; subjectId: number; reason: string; fileIds: string[] },
  now: number,
  ip: string,
): Promise<AppealDetail> {
  const query = SUBJECTS[p.kind];
  if (!query || !APPEAL_KINDS.find((k) => k.kind === p.kind)?.open) throw new BusinessError(400, MSG_KIND_CLOSED);
  return inTransaction(db, async (trx) => {
    const [subject] = await query(trx, userId, p.subjectId);
    if (!subject) throw notFound(MSG_SUBJECT_NOT_FOUND);
    const open = await trx
      .selectFrom('appeal')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', p.kind)
      .where('subject_id', '=', p.subjectId)
      .where('status', 'in', ['submitted', 'accepted'])
      .executeTakeFirst();
    if (open) throw new BusinessError(409, MSG_APPEAL_DUPLICATE);
    // Attachments: the user's own uploads, in the order given, each once.
    const ids = [...new Set(p.fileIds)];
    const files = ids.length
      ? await trx.selectFrom('uploaded_file').leftJoin('library_file', 'library_file.file_id', 'uploaded_file.id').select(['uploaded_file.id', 'uploaded_file.original_name', 'library_file.name']).where('uploaded_file.user_id', '=', userId).where('uploaded_file.id', 'in', ids).execute()
      : [];
    if (files.length !== ids.length) throw notFound(MSG_ATTACHMENT_NOT_FOUND);
    const byId = new Map(files.map((f) => [f.id, f.name ?? f.original_name]));
    const attachments = ids.map((fileId) => ({ fileId, name: byId.get(fileId)! }));
    const inserted = await trx
      .insertInto('appeal')
      .values({
        appeal_code: `TMP-${now}-${userId}-${Math.random().toString(36).slice(2)}`,
        user_id: userId,
        kind: p.kind,
        subject_id: p.subjectId,
        subject_title: subject.title,
        reason: p.reason.trim(),
        attachments: JSON.stringify(attachments),
        status: 'submitted',
        answer: '',
        handler: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = appealCode(now, inserted.id);
    await trx.updateTable('appeal').set({ appeal_code: code }).where('id', '=', inserted.id).execute();
    await trx.insertInto('appeal_event').values({ appeal_id: inserted.id, status: 'submitted', note: '', actor: `user:${userId}`, created_at: now }).execute();
    await sendMessage(trx, {
      userId,
      kind: 'appeal',
      title: `申诉已提交：${appealKindLabel(p.kind)}`,
      content: `您的申诉（${code}）已提交，交易所将尽快受理。申诉对象：${subject.title}`,
      link: `/shensuRecord?id=${inserted.id}`,
      at: now,
    });
    await appendAudit(trx, now, { userId, ip, action: 'appeal.submit', object: `appeal:${inserted.id}`, result: 'success', detail: p.kind });
    return detailOf(trx, (await trx.selectFrom('appeal').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow()));
  });
}

export async function myAppeals(db: Db, userId: number, request: PageRequest): Promise<Page<AppealSummary>> {
  return fetchPage(
    db.selectFrom('appeal').where('user_id', '=', userId),
    request,
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    summary,
  );
}

export async function myAppeal(db: Db, userId: number, id: number): Promise<AppealDetail> {
  const row = await db.selectFrom('appeal').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_APPEAL_NOT_FOUND);
  return detailOf(db, row);
}

export async function listAppeals(db: Db, statuses: AppealStatus[] | null): Promise<(AppealSummary & { loginName: string })[]> {
  let q = db.selectFrom('appeal').innerJoin('app_user', 'app_user.id', 'appeal.user_id').selectAll('appeal').select('app_user.login_name');
  if (statuses) q = q.where('appeal.status', 'in', statuses);
  const rows = await q.orderBy('appeal.created_at').orderBy('appeal.id').limit(500).execute();
  return rows.map((r) => ({ ...summary(r), loginName: r.login_name }));
}

const STEP_MESSAGE: Record<AppealAction, (code: string, note: string) => { title: string; content: string }> = {
  accept: (code) => ({ title: '申诉已受理', content: `您的申诉（${code}）已受理，交易所将在核实后答复。` }),
  answer: (code, note) => ({ title: '申诉已答复', content: `您的申诉（${code}）已答复：${note}` }),
  reject: (code, note) => ({ title: '申诉不予受理', content: `您的申诉（${code}）不予受理，原因：${note}` }),
};

/**
 * One operator step. Refused (409, nothing written) when the appeal is not in a state the step may run
 * from; 404 when there is no such appeal. `note`: the answer (answer) or the reason (reject).
 */
export async function stepAppeal(db: Db, id: number, action: AppealAction, note: string, actor: { name: string; ip: string }, now: number): Promise<AppealDetail> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('appeal').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(MSG_APPEAL_NOT_FOUND);
    const to = nextAppealStatus(row.status, action);
    if (!to) throw new BusinessError(409, MSG_ILLEGAL_STEP);
    const answer = action === 'accept' ? row.answer : note.trim();
    const changed = await trx
      .updateTable('appeal')
      .set({ status: to, answer, handler: actor.name, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', [...APPEAL_TRANSITIONS[action].from])
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new BusinessError(409, MSG_ILLEGAL_STEP);
    await trx.insertInto('appeal_event').values({ appeal_id: id, status: to, note: note.trim(), actor: actor.name, created_at: now }).execute();
    const m = STEP_MESSAGE[action](row.appeal_code, note.trim());
    await sendMessage(trx, { userId: row.user_id, kind: 'appeal', title: m.title, content: m.content, link: `/shensuRecord?id=${id}`, at: now });
    await appendAudit(trx, now, { userId: null, ip: actor.ip, action: `appeal.${action}`, object: `appeal:${id}`, result: 'success', detail: actor.name });
    return detailOf(trx, (await trx.selectFrom('appeal').selectAll().where('id', '=', id).executeTakeFirstOrThrow()));
  });
}
