/**
 * Unified social credit code (统一社会信用代码, GB 32100-2015), used by organisation accounts.
 */
import { VALID, invalid, isBlank, codePointLength, type ValidationResult } from './validation';

/** The 31 characters of the code, in value order (no I, O, S, V, Z). */
export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** Weights of the first 17 characters. */
export const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

export const CREDIT_CODE_MESSAGES = {
  empty: '统一社会信用代码不能为空',
  length: '统一社会信用代码长度不为18位',
  format: '统一社会信用代码格式错误',
  checksum: '统一社会信用代码校验位错误',
} as const;

/** Structure: registration authority and organisation type (2 chars), 6-digit region code, 10 more chars. */
const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** Upper-cases the code (lowercase input is accepted). */
export function normalizeCreditCode(value: string): string {
  return value.toUpperCase();
}

/** The check character for the first 17 characters (already upper case and in the charset). */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    sum += CREDIT_CODE_CHARSET.indexOf(first17.charAt(i)) * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_CHARSET.charAt((31 - (sum % 31)) % 31);
}

/**
 * Check order: empty → 统一社会信用代码不能为空; not 18 characters → 统一社会信用代码长度不为18位;
 * characters outside the charset, or positions 3–8 not digits → 统一社会信用代码格式错误;
 * check character wrong → 统一社会信用代码校验位错误. Lowercase letters are accepted (store the upper-case form).
 */
export function validateCreditCode(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return invalid(CREDIT_CODE_MESSAGES.empty);
  if (codePointLength(value) !== 18) return invalid(CREDIT_CODE_MESSAGES.length);
  const normalized = normalizeCreditCode(value);
  if (!CREDIT_CODE_PATTERN.test(normalized)) return invalid(CREDIT_CODE_MESSAGES.format);
  if (creditCodeCheckChar(normalized.slice(0, 17)) !== normalized.charAt(17)) {
    return invalid(CREDIT_CODE_MESSAGES.checksum);
  }
  return VALID;
}
