/**
 * Field validation rules (spec section 5). Every validator has the same shape: it takes the raw value
 * (null/undefined count as empty) and returns a `ValidationResult` whose message is the Chinese text
 * the form shows. Values are not trimmed: a value that is only white space counts as empty, any other
 * white space makes the value invalid (the form should submit exactly what was checked).
 * Forms decide whether a field is required; an empty value always reports the "不能为空" message.
 */
/**
 * Field validation rules (spec section 5). Every validator has the same shape: it takes the raw value
 * (null/undefined count as empty) and returns a `ValidationResult` whose message is the Chinese text
 * the form shows. Values are not trimmed: a value that is only white space counts as empty, any other
 * white space makes the value invalid (the form should submit exactly what was checked).
 * Forms decide whether a field is required; an empty value always reports the "不能为空" message.
 */

import { invisibleCharactersProblem } from './userFiles';

export type ValidationResult = { ok: true } | { ok: false; message: string };

export const VALID: ValidationResult = Object.freeze({ ok: true as const });

export function invalid(message: string): ValidationResult {
  return { ok: false, message };
}

/** True for null, undefined, '' and white space only (the guard only narrows the false branch to string). */
export function isBlank(value: string | null | undefined): value is '' | null | undefined {
  return value === null || value === undefined || value.trim() === '';
}

/** Length in Unicode code points (a character outside the BMP counts once). */
export function codePointLength(value: string): number {
  return [...value].length;
}

export const MOBILE_MESSAGES = {
  empty: '手机号码不能为空',
  length: '手机号码长度不为11位',
  format: '手机号码格式不正确',
} as const;

/** Mobile number: 11 digits starting with 1 (spec). Checks empty, then length, then format. */
export function validateMobile(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return invalid(MOBILE_MESSAGES.empty);
  if (codePointLength(value) !== 11) return invalid(MOBILE_MESSAGES.length);
  if (!/^1\d{10}$/.test(value)) return invalid(MOBILE_MESSAGES.format);
  return VALID;
}

export const LANDLINE_MESSAGES = {
  empty: '电话号码不能为空',
  format: '电话号码格式不正确',
} as const;

/**
 * Landline: an optional area code of 3–4 digits followed by a dash, then 7–8 digits
 * ('0311-86012345', '010-1234567', '86012345'). The dash belongs to the area code: '031186012345' is refused.
 */
export function validateLandline(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return invalid(LANDLINE_MESSAGES.empty);
  if (!/^(?:\d{3,4}-)?\d{7,8}$/.test(value)) return invalid(LANDLINE_MESSAGES.format);
  return VALID;
}

export const PERSON_NAME_MESSAGES = {
  empty: '姓名不能为空',
  format: '姓名须为2-4个汉字',
} as const;

/** Person name: 2–4 Chinese characters (CJK Unified Ideographs, any extension); nothing else, no '·'. */
export function validatePersonName(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return invalid(PERSON_NAME_MESSAGES.empty);
  if (!/^\p{Unified_Ideograph}{2,4}$/u.test(value)) return invalid(PERSON_NAME_MESSAGES.format);
  return VALID;
}

export const FILE_NAME_MESSAGES = {
  empty: '文件名不能为空',
  special: '文件名不能包含特殊字符',
} as const;

/** Characters a file name must not contain, besides control and format characters (userFiles.ts). */
export const FILE_NAME_FORBIDDEN_CHARACTERS = '\\/:*?"<>|';

/**
 * File name: no control or format character (the shared rule of domain/rules/userFiles.ts, which the
 * server applies to every upload), and no special characters (spec).
 */
export function validateFileName(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return invalid(FILE_NAME_MESSAGES.empty);
  const invisible = invisibleCharactersProblem(value);
  if (invisible) return invalid(invisible);
  if ([...value].some((character) => FILE_NAME_FORBIDDEN_CHARACTERS.includes(character))) return invalid(FILE_NAME_MESSAGES.special);
  return VALID;
}

export const URL_MESSAGES = {
  empty: '网址不能为空',
  format: '网址格式不正确',
} as const;

const DOMAIN_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';

const HOST = `(?:localhost|(?:${DOMAIN_LABEL}\\.)+[a-z]{2,63}|xn--[a-z0-9-]+|(?:\\d{1,3}\\.){3}\\d{1,3})`;

const URL_PATTERN = new RegExp(`^https?://(?:[^\\s/?#@]+@)?${HOST}(?::\\d{1,5})?(?:[/?#]\\S*)?$`, 'i');

/**
 * URL: http or https, a host (domain name, localhost or IPv4), optional port, path, query and
 * fragment, no white space. ('https://www.hebcq.com/index?a=1', 'http://127.0.0.1:8080/'.)
 */
export function validateUrl(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return invalid(URL_MESSAGES.empty);
  if (!URL_PATTERN.test(value)) return invalid(URL_MESSAGES.format);
  const ipv4 = /^https?:\/\/(?:[^\s/?#@]+@)?((?:\d{1,3}\.){3}\d{1,3})(?:[:/?#]|$)/i.exec(value);
  if (ipv4?.[1] && ipv4[1].split('.').some((octet) => Number(octet) > 255)) {
    return invalid(URL_MESSAGES.format);
  }
  return VALID;
}

export const EMAIL_MESSAGES = {
  empty: '电子邮箱不能为空',
  format: '电子邮箱格式不正确',
} as const;

const EMAIL_PATTERN = new RegExp(
  `^[a-z0-9!#$%&'*+/=?^_\`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_\`{|}~-]+)*@(?:${DOMAIN_LABEL}\\.)+[a-z]{2,63}$`,
  'i',
);

/** E-mail: local part of the usual ASCII characters (no leading, trailing or double dot), '@', a domain with a TLD. */
export function validateEmail(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return invalid(EMAIL_MESSAGES.empty);
  if (value.length > 254 || !EMAIL_PATTERN.test(value)) return invalid(EMAIL_MESSAGES.format);
  return VALID;
}
