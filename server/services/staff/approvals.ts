/**
 * Four eyes (maker–checker): an action of FOUR_EYES_KINDS is prepared by one staff member and carried out
 * only when another member holding the same permission approves it; the preparer can never approve (nor
 * can anyone approve twice: the approval is claimed by one conditional update). Each kind's executor is
 * registered by the feature that owns the action (lots, auctions, money), so this file knows no business.
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { APPROVAL_STATE_LABELS, FOUR_EYES_KINDS, rolesAllow, type ApprovalState, type FourEyesKind, type StaffRole } from '#domain/rules/staff';
import type { Page } from '#domain/contract/envelope';
import type { ApprovalItem } from '#domain/contract/staff';
import type { Database } from '../../db/schema.ts';
import type { StaffApprovalTable } from '../../db/tables/staff.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';
import { assertConfirmed } from './sessions.ts';

export interface PreparedAction<P> {
  /** `project:12`, `deal:3`: one pending item per kind and subject. */
  subject: string;
  /** What will happen, in one line the checker reads. */
  summary: string;
  payload: P;
  /** The record as it is now (for the audit trail). */
  before?: unknown;
}

export interface ApprovalExecutor<P> {
  /** Checks the request (BusinessError when it cannot be done) and describes it; runs when prepared. */
  prepare(input: unknown, preparer: StaffActor): Promise<PreparedAction<P>>;
  /** Carries it out when approved; its answer is the record after (audit trail, the item's result). */
  execute(payload: P, approver: StaffActor, approval: { id: number; preparedBy: number }): Promise<unknown>;
}

export class ApprovalRegistry {
  readonly #executors = new Map<FourEyesKind, ApprovalExecutor<unknown>>();
  register<P>(kind: FourEyesKind, executor: ApprovalExecutor<P>): void {
    this.#executors.set(kind, executor as ApprovalExecutor<unknown>);
  }
  get(kind: FourEyesKind): ApprovalExecutor<unknown> {
    const executor = this.#executors.get(kind);
    if (!executor) throw new BusinessError(501, `暂不支持此复核操作：${FOUR_EYES_KINDS[kind].label}`);
    return executor;
  }
}

type ApprovalRow = Selectable<StaffApprovalTable>;

export interface Checker extends StaffActor {
  roles: StaffRole[];
  /** Until when his password confirmation covers money actions (the session's); absent or null: none. */
  confirmedUntil?: number | null;
}

const mayDecide = (kind: FourEyesKind, staff: Checker) => rolesAllow(staff.roles, FOUR_EYES_KINDS[kind].permission);

function checkKind(kind: string): FourEyesKind {
  if (!(kind in FOUR_EYES_KINDS)) throw new BusinessError(400, '复核类型不正确');
  return kind as FourEyesKind;
}

async function namesOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('staff').select(['id', 'login_name', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [Number(r.id), `${r.name}（${r.login_name}）`]));
}

function toItem(row: ApprovalRow, names: Map<number, string>, viewer: Checker): ApprovalItem {
  const kind = checkKind(row.kind);
  const state = row.state as ApprovalState;
  const preparedBy = Number(row.prepared_by);
  return {
    id: Number(row.id),
    kind,
    kindLabel: FOUR_EYES_KINDS[kind].label,
    subject: row.subject,
    summary: row.summary,
    payload: row.payload,
    state,
    preparedBy: names.get(preparedBy) ?? String(preparedBy),
    preparedAt: formatChinaTime(Number(row.prepared_at)),
    decidedBy: row.decided_by === null ? null : (names.get(Number(row.decided_by)) ?? String(row.decided_by)),
    decidedAt: row.decided_at === null ? null : formatChinaTime(Number(row.decided_at)),
    reason: row.reason,
    canApprove: state === 'pending' && preparedBy !== viewer.id && mayDecide(kind, viewer),
    canWithdraw: state === 'pending' && preparedBy === viewer.id,
  };
}

async function itemOf(db: Kysely<Database>, row: ApprovalRow, viewer: Checker): Promise<ApprovalItem> {
  const names = await namesOf(db, [Number(row.prepared_by), ...(row.decided_by === null ? [] : [Number(row.decided_by)])]);
  return toItem(row, names, viewer);
}

async function approvalById(db: Kysely<Database>, id: number): Promise<ApprovalRow> {
  const row = await db.selectFrom('staff_approval').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(404, '复核单不存在');
  return row;
}

export interface ApprovalContext {
  db: Kysely<Database>;
  now: () => number;
  registry: ApprovalRegistry;
}

export async function prepareApproval(c: ApprovalContext, kind: FourEyesKind, input: unknown, preparer: Checker): Promise<ApprovalItem> {
  if (!mayDecide(kind, preparer)) throw new BusinessError(403, '无操作权限');
  const prepared = await c.registry.get(kind).prepare(input, preparer);
  const pending = await c.db.selectFrom('staff_approval').select('id').where('kind', '=', kind).where('subject', '=', prepared.subject).where('state', '=', 'pending').executeTakeFirst();
  if (pending) throw new BusinessError(409, `该操作已提交复核（复核单 ${pending.id}），请等待复核或撤回后再提交`);
  const now = c.now();
  const row = await c.db
    .insertInto('staff_approval')
    .values({ kind, subject: prepared.subject, summary: prepared.summary.slice(0, 500), payload: JSON.stringify(prepared.payload), state: 'pending', prepared_by: preparer.id, prepared_at: now, decided_by: null, decided_at: null, reason: '', result: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordStaffAction(c.db, now, preparer, { action: `${kind}.prepare`, subject: prepared.subject, before: prepared.before, after: prepared.payload, approvalId: Number(row.id) });
  return itemOf(c.db, row, preparer);
}

/** Claims a pending item for one decision: false when it is no longer pending (decided meanwhile). */
async function claim(db: Kysely<Database>, id: number, state: ApprovalState, by: number, at: number, reason: string): Promise<boolean> {
  const result = await db.updateTable('staff_approval').set({ state, decided_by: by, decided_at: at, reason }).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function approveApproval(c: ApprovalContext, id: number, checker: Checker): Promise<ApprovalItem> {
  const row = await approvalById(c.db, id);
  const kind = checkKind(row.kind);
  if (!mayDecide(kind, checker)) throw new BusinessError(403, '无操作权限');
  if (FOUR_EYES_KINDS[kind].money) assertConfirmed({ confirmedUntil: checker.confirmedUntil ?? null }, c.now());
  if (Number(row.prepared_by) === checker.id) {
    await recordStaffAction(c.db, c.now(), checker, { action: `${kind}.approve.refused`, subject: row.subject, reason: 'same_person', approvalId: id });
    throw new BusinessError(403, '不能复核本人提交的操作，须由另一位工作人员复核');
  }
  if (row.state !== 'pending' || !(await claim(c.db, id, 'approved', checker.id, c.now(), ''))) throw new BusinessError(409, '该复核单已处理');
  let result: unknown;
  try {
    result = await c.registry.get(kind).execute(JSON.parse(row.payload) as unknown, checker, { id, preparedBy: Number(row.prepared_by) });
  } catch (error) {
    // Nothing was carried out: the item waits again, and the checker reads why.
    await c.db.updateTable('staff_approval').set({ state: 'pending', decided_by: null, decided_at: null }).where('id', '=', id).execute();
    throw error;
  }
  await c.db.updateTable('staff_approval').set({ result: JSON.stringify(result ?? null) }).where('id', '=', id).execute();
  await recordStaffAction(c.db, c.now(), checker, { action: `${kind}.approve`, subject: row.subject, before: JSON.parse(row.payload), after: result, approvalId: id });
  return itemOf(c.db, await approvalById(c.db, id), checker);
}

export async function rejectApproval(c: ApprovalContext, id: number, reason: string, checker: Checker): Promise<ApprovalItem> {
  const row = await approvalById(c.db, id);
  const kind = checkKind(row.kind);
  if (!mayDecide(kind, checker)) throw new BusinessError(403, '无操作权限');
  if (Number(row.prepared_by) === checker.id) throw new BusinessError(403, '不能复核本人提交的操作，可撤回');
  if (!reason.trim()) throw new BusinessError(400, '请填写退回原因');
  if (row.state !== 'pending' || !(await claim(c.db, id, 'rejected', checker.id, c.now(), reason.trim()))) throw new BusinessError(409, '该复核单已处理');
  await recordStaffAction(c.db, c.now(), checker, { action: `${kind}.reject`, subject: row.subject, reason: reason.trim(), approvalId: id });
  return itemOf(c.db, await approvalById(c.db, id), checker);
}

export async function withdrawApproval(c: ApprovalContext, id: number, preparer: Checker): Promise<ApprovalItem> {
  const row = await approvalById(c.db, id);
  if (Number(row.prepared_by) !== preparer.id) throw new BusinessError(403, '只能撤回本人提交的复核单');
  if (row.state !== 'pending' || !(await claim(c.db, id, 'withdrawn', preparer.id, c.now(), ''))) throw new BusinessError(409, '该复核单已处理');
  await recordStaffAction(c.db, c.now(), preparer, { action: `${row.kind}.withdraw`, subject: row.subject, approvalId: id });
  return itemOf(c.db, await approvalById(c.db, id), preparer);
}

export interface ApprovalFilter {
  state?: ApprovalState | undefined;
  kind?: FourEyesKind | undefined;
  subject?: string | undefined;
}

/** The items of the kinds the viewer may decide, plus those he prepared. */
export async function approvalPage(c: ApprovalContext, filter: ApprovalFilter, page: PageRequest, viewer: Checker): Promise<Page<ApprovalItem>> {
  const kinds = (Object.keys(FOUR_EYES_KINDS) as FourEyesKind[]).filter((k) => mayDecide(k, viewer));
  let query = c.db.selectFrom('staff_approval').where((eb) => eb.or([...(kinds.length ? [eb('kind', 'in', kinds)] : []), eb('prepared_by', '=', viewer.id)]));
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.subject) query = query.where('subject', '=', filter.subject);
  const result = await fetchPage(query, page, (q) => q.selectAll().orderBy('prepared_at', 'desc').orderBy('id', 'desc'), (row) => row as ApprovalRow);
  const names = await namesOf(c.db, result.records.flatMap((r) => [Number(r.prepared_by), ...(r.decided_by === null ? [] : [Number(r.decided_by)])]));
  return { ...result, records: result.records.map((r) => toItem(r, names, viewer)) };
}

export const APPROVAL_STATES = Object.keys(APPROVAL_STATE_LABELS) as ApprovalState[];
