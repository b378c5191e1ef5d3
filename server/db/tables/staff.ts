/** Migration 0014: staff, their sessions, four-eyes approvals and the staff audit trail. Times in epoch ms. */
import type { Generated } from 'kysely';

export interface StaffTable {
  id: Generated<number>;
  login_name: string;
  name: string;
  password_hash: string;
  /** Comma-separated StaffRole list. */
  roles: string;
  disabled: Generated<number>;
  failed_logins: Generated<number>;
  locked_until: number | null;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: number;
  ip: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  confirmed_until: number | null;
  ended_at: number | null;
}

export interface StaffApprovalTable {
  id: Generated<number>;
  /** FourEyesKind. */
  kind: string;
  subject: string;
  summary: string;
  payload: string;
  /** ApprovalState. */
  state: string;
  prepared_by: number;
  prepared_at: number;
  decided_by: number | null;
  decided_at: number | null;
  reason: string;
  result: string | null;
}

export interface StaffAuditTable {
  id: Generated<number>;
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
}

export interface StaffTables {
  staff: StaffTable;
  staff_session: StaffSessionTable;
  staff_approval: StaffApprovalTable;
  staff_audit: StaffAuditTable;
  lot_draft: LotDraftTable;
  lot_draft_file: LotDraftFileTable;
}

/** Migration 0015: a lot prepared by staff, a draft until its publication is approved (then project_id). */
export interface LotDraftTable {
  id: Generated<number>;
  draft_code: string;
  /** JSON (services/staff/lots.ts LotFieldsStored). */
  data: string;
  project_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

/** A draft's file: 'attachment' or 'photo'; bytes in <dataDir>/project-files/<stored_name>. */
export interface LotDraftFileTable {
  id: Generated<number>;
  draft_id: number;
  kind: string;
  file_name: string;
  stored_name: string;
  mime: string;
  size: number;
  sort: Generated<number>;
  created_at: number;
}
