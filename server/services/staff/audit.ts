/**
 * The staff audit trail: every staff action — who, when, what, on which record, before and after, the
 * reason, the four-eyes item it belongs to. Append-only (the database refuses update and delete).
 * Searchable in the console and exported as CSV or Excel (exceljs).
 */
import ExcelJS from 'exceljs';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import { STAFF_AUDIT_EXPORT_MAX, type StaffAuditEntry } from '#domain/contract/staff';
import type { Database } from '../../db/schema.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { containsPattern, likeAnyOf, startsWithPattern } from '../common/like.ts';

/**
 * Who acts: the staff member of the request (with his address); id 0 for one who is no member (the ops
 * command as its OS user, a login attempt under an unknown name); null for the installation itself (seed).
 */
export interface StaffActor {
  id: number;
  loginName: string;
  name: string;
  ip: string;
}

export interface StaffActionRecord {
  action: string;
  subject?: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
  approvalId?: number | null;
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

export async function recordStaffAction(db: Kysely<Database>, at: number, actor: StaffActor | null, record: StaffActionRecord): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      at,
      staff_id: actor && actor.id > 0 ? actor.id : null,
      staff_login: actor?.loginName ?? 'system',
      action: record.action,
      subject: (record.subject ?? '').slice(0, 200),
      before_json: json(record.before),
      after_json: json(record.after),
      reason: (record.reason ?? '').slice(0, 1000),
      ip: (actor?.ip ?? '').slice(0, 64),
      approval_id: record.approvalId ?? null,
    })
    .execute();
}

export interface AuditFilter {
  staff?: string | undefined;
  action?: string | undefined;
  subject?: string | undefined;
  /** Free text over action, subject, reason, before and after. */
  q?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Kysely<Database>, f: AuditFilter): SelectQueryBuilder<Database, 'staff_audit', object> {
  let query = db.selectFrom('staff_audit');
  if (f.staff) query = query.where('staff_login', '=', f.staff);
  if (f.action) query = query.where(likeAnyOf(['action'], startsWithPattern(f.action)));
  if (f.subject) query = query.where('subject', '=', f.subject);
  if (f.from !== undefined) query = query.where('at', '>=', f.from);
  if (f.to !== undefined) query = query.where('at', '<', f.to);
  if (f.q) {
    query = query.where(likeAnyOf(['action', 'subject', 'reason', 'before_json', 'after_json', 'staff_login'], containsPattern(f.q)));
  }
  return query;
}


type AuditRow = {
  id: number;
  at: number;
  staff_id: number | null;
  staff_login: string;
  action: string;
  subject: string;
  before_json: string | null;
  after_json: string | null;
  reason: string;
  ip: string;
  approval_id: number | null;
};

function toEntry(row: AuditRow): StaffAuditEntry {
  return {
    id: Number(row.id),
    time: formatChinaTime(Number(row.at)),
    staffId: row.staff_id === null ? null : Number(row.staff_id),
    staffLogin: row.staff_login,
    action: row.action,
    subject: row.subject,
    before: row.before_json,
    after: row.after_json,
    reason: row.reason,
    ip: row.ip,
    approvalId: row.approval_id === null ? null : Number(row.approval_id),
  };
}

export function auditPage(db: Kysely<Database>, filter: AuditFilter, page: PageRequest): Promise<Page<StaffAuditEntry>> {
  return fetchPage(filtered(db, filter), page, (q) => q.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'), (row) => toEntry(row as AuditRow));
}

const COLUMNS: Array<{ header: string; key: keyof StaffAuditEntry; width: number }> = [
  { header: '编号', key: 'id', width: 8 },
  { header: '时间', key: 'time', width: 20 },
  { header: '工作人员', key: 'staffLogin', width: 14 },
  { header: '操作', key: 'action', width: 26 },
  { header: '对象', key: 'subject', width: 18 },
  { header: '原因', key: 'reason', width: 30 },
  { header: '操作前', key: 'before', width: 40 },
  { header: '操作后', key: 'after', width: 40 },
  { header: '复核单', key: 'approvalId', width: 8 },
  { header: 'IP', key: 'ip', width: 16 },
];

/** The filtered trail as a file: an .xlsx workbook, or CSV with a BOM so Excel reads the Chinese right. */
export async function exportAudit(db: Kysely<Database>, filter: AuditFilter, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const rows = (await filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(STAFF_AUDIT_EXPORT_MAX).execute()).map((r) => toEntry(r as AuditRow));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('操作日志');
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  for (const entry of rows) sheet.addRow(entry);
  if (format === 'xlsx') return Buffer.from(await workbook.xlsx.writeBuffer());
  const csv = Buffer.from(await workbook.csv.writeBuffer());
  return Buffer.concat([Buffer.from('\uFEFF'), csv]);
}
