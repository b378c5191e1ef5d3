/** Account rules shared by browser and server: SMS code and password limits, login lockout, authentication states, the accounts' messages (the wire side is domain/contract/auth.ts). */
import { AUTH_STATUS } from '../contract/auth';

/** SMS code rules (guide item 5). */
export const SMS_CODE_LENGTH = 6;

export const SMS_RESEND_SECONDS = 60;

export const SMS_CODE_LIFETIME_SECONDS = 600;

export const SMS_CODE_MAX_ATTEMPTS = 5;

/** Token and login rules (guide items 2, 4, 6). */
export const ACCESS_TOKEN_SECONDS = 3600;

export const CAPTCHA_LIFETIME_SECONDS = 300;

export const LOGIN_MAX_FAILURES = 5;

export const LOGIN_LOCK_MINUTES = 30;

/** Password rules (guide item 7): 8–64 characters, at least 2 of the strength classes, not a common password. */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MAX_LENGTH = 64;

export const PASSWORD_MIN_CLASSES = 2;

/** Login name: 4–20 letters, digits or '_', starting with a letter. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;

export function isAuthenticatedStatus(authStatus: number): boolean {
  return authStatus === 0 || authStatus === 1 || authStatus === 2;
}

/** The verification state of `authStatus` in words, with its tag colour (the account pages and the console). */
export function authStatusLabel(authStatus: number | null | undefined): { text: string; color: string } {
  if (typeof authStatus === 'number' && isAuthenticatedStatus(authStatus)) return { text: '已认证', color: 'success' };
  if (authStatus === AUTH_STATUS.underReview) return { text: '审核中', color: 'processing' };
  if (authStatus === AUTH_STATUS.rejected) return { text: '认证未通过', color: 'error' };
  return { text: '未认证', color: 'default' };
}

/** The login-related Chinese messages both sides use. */
export const AUTH_MESSAGES = {
  badCredentials: '用户名或密码错误',
  locked: '密码错误次数过多，账号已锁定，请30分钟后再试',
  badCaptcha: '图片验证码错误或已过期',
  badSmsCode: '短信验证码错误或已过期',
  smsTooFrequent: '短信发送过于频繁，请60秒后再试',
  invalidRefresh: '登录已过期，请重新登录',
  disabled: '账号已停用，请联系客服人员',
  /** (ours) One IP failing on many accounts: its login attempts are refused for a while. */
  tooManyAttempts: '登录尝试过于频繁，请稍后再试',
  /** (ours) Missing or wrong `Authorization: Basic` on the token call (HTTP 401, error invalid_client). */
  badClient: '客户端认证失败',
  /** (ours) A third-party ticket that fails its signature check or was already used. */
  badTicket: '统一身份认证票据无效或已使用',
  /** (ours) A one-time login code that is unknown, used or expired. */
  badLoginCode: '登录码无效或已过期',
  /** The 401 envelope's msg on protected calls. */
  notLoggedIn: '用户未登录',
} as const;
