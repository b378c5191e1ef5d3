/**
 * The accounts wire contract (spec sections 3, 4, 7), shared by the browser and `server/`. Paths are
 * service paths: the client prefixes its API base, the server mounts them under `/api`. Where the spec
 * does not show a path or a field, the SpringBlade family's names are used, and ours are marked (ours).
 */
/** Fixed OAuth client of the portal (spec: "fixed client id and a hashed client secret"). */
export const OAUTH_CLIENT_ID = 'hbcq';

/** SHA-256 of the portal's public client secret; sent as `Authorization: Basic base64(id:hash)`. */
export const OAUTH_CLIENT_SECRET_HASH = '5f2b4c1e0c6f1a9d3e7b8a2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d0e';

export const AUTH_PATHS = {
  token: '/oauth/token',
  /** (ours) The server's public key for encrypting passwords in the browser. */
  publicKey: '/blade-auth/oauth/public-key',
  captcha: '/blade-auth/oauth/captcha',
  validateCaptcha: '/dscq-system/validate-code/captcha',
  register: '/dscq-user/user/register',
  forgetPassword: '/dscq-user/user/forget-password',
  /** (ours) Account recovery: find the login name of a person or an organisation. */
  findAccount: '/dscq-user/user/find-account',
  smsCode: '/dscq-user/sms/code',
  userDetail: '/dscq-user/user/detail',
  logout: '/logout',
  dictionary: '/dscq-system/dict/dictionary',
  regionList: '/dscq-system/region/list',
  industryList: '/dscq-system/industry/list',
  agreementNotice: '/dscq-system/register-agreement/notice',
  agreementIsNeedRead: '/dscq-user/user/is-need-read',
  agreementSubmit: '/dscq-user/protocol-agree/submit',
  /** (ours) Real-name verification and the account pages. */
  realNamePerson: '/dscq-user/real-name/person',
  realNameOrg: '/dscq-user/real-name/org',
  realNameStatus: '/dscq-user/real-name/status',
  updatePassword: '/dscq-user/user/update-password',
  changePhone: '/dscq-user/user/change-phone',
  cancelPhone: '/dscq-user/user/cancel-phone',
  updateAvatar: '/dscq-user/user/update-avatar',
  membership: '/dscq-user/user/membership',
  /** (ours) Multipart upload of one file (licence, avatar): answers an `UploadedFile`. */
  upload: '/dscq-resource/oss/upload',
  /** (ours) GET `${file}/${fileId}`: the owner downloads an uploaded file (bearer token; others get 404). */
  file: '/dscq-resource/oss/file',
  /** (ours) A user's chosen avatar: public, since avatars are shown to others; other uploads stay owner-only. */
  avatar: '/dscq-resource/oss/avatar',
} as const;

/** grant_type values of POST /oauth/token. */
export const GRANT_TYPES = {
  password: 'password',
  sms: 'verify_code',
  /** (ours) A one-time login code (issued after registration; also accepted by user detail). */
  code: 'login_code',
  /** (ours) A ticket of the province's unified identity platform (/hbtsSso). */
  thirdPartyTicket: 'third_ticket',
  refresh: 'refresh_token',
} as const;

/**
 * Token request parameters (sent as query parameters, as the real client does). Passwords are never
 * sent in clear: `password` is the base64 RSA-OAEP (SHA-256) ciphertext of the UTF-8 password under the
 * key from `publicKey`; a ciphertext that fails to decrypt answers like a wrong password.
 */
export type TokenRequest =
  | { grant_type: 'password'; scope: 'all'; username: string; password: string; uuid: string; captcha: string }
  | { grant_type: 'verify_code'; scope: 'all'; telPhone: string; code: string; uuid: string; captcha: string }
  | { grant_type: 'login_code'; scope: 'all'; code: string }
  | { grant_type: 'third_ticket'; scope: 'all'; userguid: string; loginid: string; dognum: string; token: string }
  | { grant_type: 'refresh_token'; scope: 'all'; refresh_token: string };

/** Token answer (Spring OAuth2 + Blade enhancer field names). Not wrapped in the envelope. */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  /** Seconds: 3600. */
  expires_in: number;
  scope: 'all';
  user_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  avatar: string;
  /** (ours, Blade enhancer names) 'user'; the default tenant '000000'; the client id; a licence note. */
  role_name?: string;
  tenant_id?: string;
  client_id?: string;
  license?: string;
}

/** Token failure body (HTTP 400 or 401; 403 for a blocked client). The client shows error_description. */
export interface TokenError {
  error: string;
  error_description: string;
}

export interface PublicKeyAnswer {
  algorithm: 'RSA-OAEP-256';
  /** SPKI, base64 (no PEM armour). */
  publicKey: string;
}

/**
 * Captcha (both paths) and public key answers come as the envelope (`data`) with the same fields also at
 * the top level (Blade's bare shape), so either reading works.
 */
export interface CaptchaAnswer {
  key: string;
  /** data:image/svg+xml;base64,… */
  image: string;
}

/** SMS message code types (spec section 7). */
export const SMS_PURPOSES = { login: 1008, register: 2001, forgetPassword: 2002, bindCard: 3001, unbindCard: 3002, withdraw: 3003 } as const;

/** POST smsCode: phone, messageCode, and the image captcha (uuid, captcha) that guards sending. */
export interface SmsCodeRequest {
  phone: string;
  messageCode: number;
  uuid: string;
  captcha: string;
}

/** (ours) smsCode answer data: seconds until another code may be sent to the phone, and the code's life. */
export interface SmsCodeAnswer {
  resendAfter: number;
  expiresIn: number;
}

/** 1 person, 2 organisation. */
export type UserType = 1 | 2;

/**
 * authStatus (spec: 0, 1, 2 are authenticated; others are not). (ours) 0 verified person,
 * 1 verified organisation, 2 verified through the unified identity platform, 3 not verified,
 * 4 under review, 5 rejected.
 */
export const AUTH_STATUS = {
  verifiedPerson: 0,
  verifiedOrg: 1,
  verifiedThirdParty: 2,
  unverified: 3,
  underReview: 4,
  rejected: 5,
} as const;

/** POST register (parameters): the agreement must be accepted. Answers `{ loginCode }`. */
export interface RegisterRequest {
  userType: UserType;
  loginName: string;
  /** Encrypted as for the token call. */
  password: string;
  phone: string;
  smsCode: string;
  /** 1: the user accepted the registration agreement and the supplementary agreement. */
  agreement: 1;
}

/** (ours) POST updatePassword: both encrypted as for the token call. Other sessions end. */
export interface UpdatePasswordRequest {
  oldPassword: string;
  newPassword: string;
}

/** (ours) POST changePhone: the new phone, an SMS code (1008) sent to it, and the password (encrypted). */
export interface ChangePhoneRequest {
  phone: string;
  smsCode: string;
  password: string;
}

/** (ours) POST cancelPhone: the password (encrypted) and an SMS code (1008) sent to the bound phone. */
export interface CancelPhoneRequest {
  password: string;
  smsCode: string;
}

/** (ours) POST updateAvatar: an uploaded PNG or JPEG of the user. Answers the new headImg URL. */
export interface UpdateAvatarRequest {
  fileId: string;
}

/**
 * (ours) GET isNeedRead answers `data: boolean` (true: the current agreement is unread → show the dialog);
 * POST agreementSubmit takes no parameters (optional `version`) and answers data null.
 * GET dictionary takes `code`: 'id_type' | 'user_type' | 'org_type' and answers DictEntry[].
 * GET regionList takes `pbh` ('13' → the province's cities; a city code → its counties; none → the
 * province itself) and answers Region[]. GET industryList answers Industry[] (GB/T 4754-2017).
 * GET userDetail: bearer token (or `access_token`), or `code` (a login code, not consumed).
 * GET membership answers Membership. POST upload: multipart field `file`; PNG, JPEG or PDF, ≤ 10 MB.
 */
export const DICT_CODES = ['id_type', 'user_type', 'org_type'] as const;

export interface RegisterAnswer {
  /** One-time code for the `login_code` grant, so registration logs the user in. */
  loginCode: string;
}

/** POST forget-password: phone, SMS code (purpose 2002), new password (encrypted). */
export interface ForgetPasswordRequest {
  phone: string;
  smsCode: string;
  newPassword: string;
}

/** POST find-account: a person by name + ID number, an organisation by credit code; plus phone + SMS (1008). */
export type FindAccountRequest =
  | { userType: 1; name: string; idNumber: string; phone: string; smsCode: string }
  | { userType: 2; creditCode: string; phone: string; smsCode: string };

export interface FindAccountAnswer {
  /** Masked login names, e.g. 'zh***jg'. */
  loginNames: string[];
}

/** GET userDetail: the spec's user info plus what the account pages show (masked). */
export interface UserDetail {
  baseUserId: string;
  loginName: string;
  name: string;
  authStatus: number;
  headImg: string;
  isAllowAccess: boolean;
  userType: UserType;
  /** Masked 3 + 4: '138****5678'; '' when no phone is bound. */
  phone: string;
  email: string;
  createTime: string;
}

export interface DictEntry {
  dictKey: string;
  dictValue: string;
  sort: number;
}

export interface Region {
  code: string;
  name: string;
  /** Parent code ('13' for the province's cities). */
  pbh: string;
  hasChildren: boolean;
}

export interface Industry {
  code: string;
  name: string;
  children: Industry[];
}

export interface AgreementNotice {
  title: string;
  /** Sanitised HTML. */
  content: string;
  version: string;
}

/** (ours) GET membership: the account and its verification, masked. */
export interface Membership extends UserDetail {
  verification: VerificationStatus;
}

export interface UploadedFile {
  fileId: string;
  name: string;
  size: number;
  contentType: string;
  /** URL the owner can download it from (authenticated): '/api/dscq-resource/oss/file/<fileId>' on this server. */
  url: string;
}

export interface PersonVerificationRequest {
  name: string;
  /** 0–10 (ID document types). */
  idType: number;
  idNumber: string;
}

export interface OrgVerificationRequest {
  orgName: string;
  creditCode: string;
  legalPerson: string;
  legalIdType: number;
  legalIdNumber: string;
  /** fileId of the uploaded business licence. */
  licenceFileId: string;
}

export type VerificationState = 'none' | 'pending' | 'approved' | 'rejected';

export interface VerificationStatus {
  state: VerificationState;
  userType: UserType;
  /** The reviewer's reason when rejected. */
  reason: string;
  /** Masked: a name its first character ('张**'), ID number its last 4 ('**************123X'). */
  name: string;
  idType: number | null;
  idNumber: string;
  orgName: string;
  creditCode: string;
  submittedAt: string;
  reviewedAt: string;
  /** (ours) Organisation verifications: the legal representative, masked like the person fields. */
  legalPerson: string;
  legalIdType: number | null;
  legalIdNumber: string;
  licenceFileId: string;
}
