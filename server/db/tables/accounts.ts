/**
 * Accounts (migration 0002): users, sessions (refresh-token families), captchas, SMS codes, lockout
 * and throttling state, the append-only audit log, one-time login codes, real-name verifications,
 * uploaded files and the per-install secrets. Times are epoch ms; flags 0/1.
 */
import type { Generated } from 'kysely';

export interface AppUserTable {
  id: Generated<number>;
  /** As registered (case kept for display). */
  login_name: string;
  /** lower(login_name): logins are case-insensitive and unique that way. */
  login_key: string;
  /** 1 person, 2 organisation. */
  user_type: number;
  /** The verified real name (person) or organisation name; '' until verified. */
  name: string;
  /** Bound mobile number; unique when not null. */
  phone: string | null;
  email: string;
  /** URL of the avatar file ('' when none). */
  head_img: string;
  /** argon2id PHC string. */
  password_hash: string;
  /** AUTH_STATUS (domain/rules/auth.ts). */
  auth_status: number;
  /** 0: disabled account (every session ends; login refused). */
  is_allowed: number;
  /** Version of the registration agreement the user accepted ('' never). */
  agreement_version_read: string;
  created_at: number;
  updated_at: number;
}

/** A login session: one refresh-token family. Only the newest refresh token (current_jti) is valid. */
export interface AuthSessionTable {
  /** Random id, carried as `sid` in both tokens. */
  id: string;
  user_id: number;
  current_jti: string;
  /** How many times it was rotated. */
  generation: number;
  grant_type: string;
  ip: string;
  created_at: number;
  last_used_at: number;
  /** Absolute end of the family (the refresh tokens' exp cannot pass it). */
  expires_at: number;
  revoked_at: number | null;
  /** logout, password_change, forget_password, refresh_reuse, disabled … */
  revoked_reason: string | null;
}

export interface CaptchaTable {
  key: string;
  /** HMAC of the lower-cased answer. */
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  /** 1008, 2001, 2002. */
  purpose: number;
  code_hash: string;
  expires_at: number;
  attempts: number;
  /** Set when used, voided by 5 wrong tries, or replaced by a newer code. */
  used_at: number | null;
  sent_at: number;
  ip: string;
}

/** The 60 s rule, per phone, applied with one conditional upsert. */
export interface SmsThrottleTable {
  phone: string;
  last_sent_at: number;
}

/** Per login name (known or not, so the answers cannot tell them apart): 5 failures → locked 30 min. */
export interface LoginLockTable {
  login_key: string;
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
}

/** Per client IP: failures in the current window; past the limit the IP is refused for the window. */
export interface LoginThrottleTable {
  ip: string;
  window_start: number;
  failures: number;
}

/** Request limits (migration 0007, services/common/rate-limit.ts): hits of a rule's key in its current window. */
export interface RateLimitTable {
  /** 'captcha-ip', 'sms-phone' … */
  rule: string;
  /** A client address (IPv6 per /64) or a phone number. */
  key: string;
  window_start: number;
  hits: number;
}

/** Append-only (update and delete are refused by triggers). No secrets, no full ID numbers. */
export interface AuditLogTable {
  id: Generated<number>;
  /** UTC epoch ms. */
  at: number;
  user_id: number | null;
  /** The login name given (for failures of unknown names too). */
  login_name: string;
  ip: string;
  action: string;
  object: string;
  /** success, failure, denied. */
  result: string;
  /** A short reason code (bad_credentials, locked, …). */
  detail: string;
}

export interface LoginCodeTable {
  /** SHA-256 of the code. */
  code_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface VerificationTable {
  id: Generated<number>;
  user_id: number;
  /** 'person' | 'org'. */
  kind: string;
  /** 'pending' | 'approved' | 'rejected'. */
  state: string;
  /** Person: the name. Org: the organisation name is in org_name. */
  name: string;
  id_type: number | null;
  /** AES-256-GCM ciphertext (crypto.ts). */
  id_number_enc: string;
  /** HMAC blind index of the normalised number (find-account). */
  id_number_index: string;
  id_number_last4: string;
  org_name: string;
  credit_code_enc: string;
  credit_code_index: string;
  credit_code_last4: string;
  legal_person: string;
  legal_id_type: number | null;
  legal_id_number_enc: string;
  legal_id_number_last4: string;
  licence_file_id: string;
  /** Which VerificationProvider decided (or queued) it. */
  provider: string;
  reason: string;
  reviewer: string;
  submitted_at: number;
  reviewed_at: number | null;
}

export interface UploadedFileTable {
  /** Random id (fileId on the wire). */
  id: string;
  user_id: number;
  original_name: string;
  /** Generated name under ${dataDir}/uploads. */
  stored_name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: number;
}

export interface InstallSecretTable {
  name: string;
  value: string;
  created_at: number;
}

/** Third-party tickets already used (single use). */
export interface SsoTicketUsedTable {
  token_hash: string;
  used_at: number;
}

export interface AccountTables {
  app_user: AppUserTable;
  auth_session: AuthSessionTable;
  captcha: CaptchaTable;
  sms_code: SmsCodeTable;
  sms_throttle: SmsThrottleTable;
  rate_limit: RateLimitTable;
  login_lock: LoginLockTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  login_code: LoginCodeTable;
  verification: VerificationTable;
  uploaded_file: UploadedFileTable;
  install_secret: InstallSecretTable;
  sso_ticket_used: SsoTicketUsedTable;
}
