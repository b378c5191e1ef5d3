/**
 * antd form rules built on the domain validators (spec section 5): the messages are the domain's exact
 * Chinese texts, and forms validate as the user types (antd's default trigger is onChange).
 */
import type { FormRule } from 'antd';
import {
  formatChinaTime,
  normalizeIdCard,
  passwordStrength,
  validateCreditCode,
  validateIdCard,
  validateMobile,
  validatePersonName,
  type ValidationResult,
} from '#domain';
import { LOGIN_NAME_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_CLASSES, PASSWORD_MIN_LENGTH, SMS_CODE_LENGTH } from '#domain/rules/auth';

/** A rule from a domain validator (which also reports the empty value with its own message). */
export function domainRule(validate: (value: string) => ValidationResult): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const result = validate(typeof value === 'string' ? value : '');
      return result.ok ? Promise.resolve() : Promise.reject(new Error(result.message));
    },
  };
}

/** Today's date in China ('YYYY-MM-DD'), as the server checks it. */
const today = () => formatChinaTime(Date.now(), 'YYYY-MM-DD');

export const mobileRules: FormRule[] = [domainRule(validateMobile)];
export const personNameRules: FormRule[] = [domainRule(validatePersonName)];
export const idCardRules: FormRule[] = [domainRule((value) => validateIdCard(value, { today: today() }))];
export const creditCodeRules: FormRule[] = [domainRule(validateCreditCode)];
export { normalizeIdCard };

/**
 * Security guide item 7 and the server's rules: 8–64 characters and at least two of the strength
 * classes (digits, lowercase, uppercase, symbols); the server also refuses the most common passwords.
 * The messages are the server's, so the browser and the server say the same thing.
 */
export const PASSWORD_MESSAGES = {
  empty: '请输入密码',
  length: `密码长度须为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位`,
  classes: '密码须包含数字、小写字母、大写字母、符号中的至少两类',
  confirmEmpty: '请再次输入密码',
  mismatch: '两次输入的密码不一致',
  sameAsOld: '新密码不能与原密码相同',
} as const;

/** The first rule a new password breaks (null: acceptable as far as the browser can tell). */
export function newPasswordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.length;
  if (passwordStrength(password) < PASSWORD_MIN_CLASSES) return PASSWORD_MESSAGES.classes;
  return null;
}

export const newPasswordRules: FormRule[] = [
  { required: true, message: PASSWORD_MESSAGES.empty },
  {
    validator: (_rule, value: unknown) => {
      const problem = typeof value === 'string' && value !== '' ? newPasswordProblem(value) : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/** The confirmation field: equal to the field `of`. */
export function confirmPasswordRules(of: string): FormRule[] {
  return [
    { required: true, message: PASSWORD_MESSAGES.confirmEmpty },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || value === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_MESSAGES.mismatch)),
    }),
  ];
}

/** Login names (the contract's LOGIN_NAME_PATTERN): 4–20 letters, digits or '_', starting with a letter. */
export const LOGIN_NAME_MESSAGES = {
  empty: '请输入登录名',
  format: '登录名须为4-20位字母、数字或下划线，且以字母开头',
} as const;

export const loginNameRules: FormRule[] = [
  { required: true, message: LOGIN_NAME_MESSAGES.empty },
  { pattern: LOGIN_NAME_PATTERN, message: LOGIN_NAME_MESSAGES.format },
];

export const CAPTCHA_MESSAGES = { empty: '请输入图片验证码' } as const;
export const captchaRules: FormRule[] = [{ required: true, whitespace: true, message: CAPTCHA_MESSAGES.empty }];

export const SMS_CODE_MESSAGES = { empty: '请输入短信验证码', format: `短信验证码须为${SMS_CODE_LENGTH}位数字` } as const;
export const smsCodeRules: FormRule[] = [
  { required: true, message: SMS_CODE_MESSAGES.empty },
  { pattern: new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), message: SMS_CODE_MESSAGES.format },
];

/** A password the user proves they know (current password): only required. */
export const currentPasswordRules: FormRule[] = [{ required: true, message: '请输入登录密码' }];
