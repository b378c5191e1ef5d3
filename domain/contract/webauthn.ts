/**
 * (ours) Security keys and passkeys (WebAuthn, docs/accounts.md "Security keys"): the spec's hardware-key
 * login, as standard FIDO2 keys. Paths are service paths (the client prefixes its API base, the server
 * mounts them under /api). Each ceremony is two calls: `…/options` answers a server-stored, single-use
 * challenge (`challengeId`) and the options for `navigator.credentials.create/get`; `…/verify` sends the
 * challenge id and the authenticator's answer back. Amounts travel in yuan.
 */
export const WEBAUTHN_PATHS = {
  /** GET (login): the user's keys. */
  credentials: '/dscq-user/webauthn/credentials',
  /** POST (login) password: re-confirmation, then a registration challenge. */
  registrationOptions: '/dscq-user/webauthn/registration/options',
  /** POST (login) challengeId, name, response: the key is stored. */
  registrationVerify: '/dscq-user/webauthn/registration/verify',
  /** POST (login) id, password: a key removed. */
  removeCredential: '/dscq-user/webauthn/credentials/remove',
  /** GET (login): the bid-confirmation setting. */
  settings: '/dscq-user/webauthn/settings',
  /** POST (login) thresholdYuan (0: off), password: saves the setting. */
  saveSettings: '/dscq-user/webauthn/settings/save',
  /** POST (public) username (optional: empty for a passkey): a login challenge. */
  loginOptions: '/blade-auth/webauthn/login/options',
  /** POST (public) challengeId, response: the token pair of a login (the OAuth2 TokenResponse, in the envelope). */
  loginVerify: '/blade-auth/webauthn/login/verify',
  /** POST (login) activityId, amount: a challenge to confirm one bid. */
  bidConfirmationOptions: '/dscq-user/webauthn/bid-confirmation/options',
  /** POST (login) challengeId, response: a one-time confirmation id for (user, activity, amount). */
  bidConfirmationVerify: '/dscq-user/webauthn/bid-confirmation/verify',
} as const;

/**
 * The JSON of `PublicKeyCredentialCreationOptions` / `…RequestOptions` and of the authenticator's answer,
 * as @simplewebauthn's browser and server packages read and write them (base64url fields). domain/ takes
 * no library types; each side narrows these to the library's own.
 */
export type WebAuthnJson = { readonly [key: string]: unknown };

/** The answer of every `…/options` call. */
export interface WebAuthnOptionsAnswer {
  /** Names the server-stored challenge; single use, expires after WEBAUTHN_CHALLENGE_SECONDS. */
  challengeId: string;
  options: WebAuthnJson;
}

export interface WebAuthnVerifyRequest {
  challengeId: string;
  /** The authenticator's answer as JSON text (startRegistration / startAuthentication's result). */
  response: string;
}

export interface RegistrationVerifyRequest extends WebAuthnVerifyRequest {
  /** The key's name the bidder chose, 1–30 characters. */
  name: string;
}

/** One registered key, as 账户安全 lists it. */
export interface SecurityKey {
  id: number;
  name: string;
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  createTime: string;
  /** Last login or bid confirmation with it; null: never used. */
  lastUsedTime: string | null;
  /** A passkey synced between devices (multi-device) rather than a key bound to one device. */
  synced: boolean;
}

/** 大额出价需安全密钥确认. */
export interface BidConfirmationSettings {
  /** Bids above this many yuan need a key; 0: off. */
  thresholdYuan: number;
}

export interface BidConfirmationOptionsRequest {
  activityId: number;
  /** The bid's amount in yuan, as it will be sent. */
  amount: number;
}

export interface BidConfirmationAnswer {
  /** Sent with the bid as `confirmationId`; one use, for this activity and amount only. */
  confirmationId: string;
  /** Epoch ms (server time) after which it is refused. */
  expiresAt: number;
}

/** How long a challenge may wait for the authenticator (also the options' `timeout`). */
export const WEBAUTHN_CHALLENGE_SECONDS = 120;
/** How long a bid confirmation stays usable. */
export const BID_CONFIRMATION_SECONDS = 60;
/** A key's name. */
export const SECURITY_KEY_NAME_MAX = 30;
/** Keys per user. */
export const SECURITY_KEYS_MAX = 10;

/**
 * The bid route's answer code (in the envelope, HTTP status too) when the amount is above the bidder's
 * threshold and no valid confirmation came with it: the room confirms with the key and sends the same bid
 * again with `confirmationId`.
 */
export const BID_KEY_REQUIRED_CODE = 428;

export const WEBAUTHN_MESSAGES = {
  keyRequired: '该出价超过您设定的金额，需使用安全密钥确认',
  confirmationInvalid: '安全密钥确认已失效或与本次出价不符，请重新确认',
  challengeInvalid: '验证已过期或已使用，请重试',
  verifyFailed: '安全密钥验证失败，请重试',
  unknownKey: '该安全密钥未在本站登记，请使用账号密码登录后在“账户安全”中添加',
  duplicateKey: '该安全密钥已添加，无需重复添加',
  tooManyKeys: `最多可添加 ${SECURITY_KEYS_MAX} 个安全密钥`,
  keyNotFound: '安全密钥不存在',
  noKeyForThreshold: '请先添加安全密钥，再开启大额出价确认',
  lastKeyWithThreshold: '已开启大额出价需安全密钥确认，请先关闭该设置再删除最后一个安全密钥',
  badPassword: '登录密码不正确',
  ipThrottled: '登录尝试过于频繁，请稍后再试',
} as const;

/** The bid parameter carrying a confirmation (added to PlaceBidRequest by the room). */
export interface BidConfirmationField {
  confirmationId?: string;
}
