/**
 * Parameter rules of the account calls, each with its Chinese message naming the field. Formats come
 * from the shared domain/ validators (mobile, ID card, person name, credit code), so the server
 * applies exactly the browser's rules.
 */
import { z } from 'zod';
import { LOGIN_NAME_PATTERN } from '#domain/rules/auth';
import { validateCreditCode } from '#domain/rules/creditCode';
import { validateIdCard } from '#domain/rules/idCard';
import { validateMobile, validatePersonName, type ValidationResult } from '#domain/rules/validation';

/** Query strings and JSON bodies: numbers are accepted where text is expected (a phone sent as a number). */
function asText(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

/**
 * Required text: absent, null, '' or blank → `${label}不能为空`; longer than max → a length message. Not trimmed.
 * (Each rule's label is also its parameter's description in the API reference, /api/docs.)
 */
export function requiredText(label: string, max: number) {
  return z.preprocess(
    asText,
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label}不能为空` : `${label}格式不正确`) })
      .refine((v) => v.trim() !== '', { error: `${label}不能为空` })
      .refine((v) => v.length <= max, { error: `${label}长度不能超过${max}个字符` }),
  ).meta({ description: label });
}

/** A field checked by a domain/ validator (which has its own empty message). */
export function validatedText(label: string, validate: (value: string | null | undefined) => ValidationResult) {
  return z.preprocess(asText, z.unknown()).transform((value, ctx) => {
    if (value !== undefined && value !== null && typeof value !== 'string') {
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
      return z.NEVER;
    }
    const result = validate(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return value as string;
  }).meta({ type: 'string', description: label });
}

export const mobileField = () => validatedText('手机号码', validateMobile);
export const personNameField = (label = '姓名') =>
  validatedText(label, (v) => {
    const r = validatePersonName(v);
    return r.ok || label === '姓名' ? r : { ok: false, message: r.message.replace('姓名', label) };
  });
export const creditCodeField = () => validatedText('统一社会信用代码', validateCreditCode);

export function integerIn(label: string, min: number, max: number, rule: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label}不能为空` : rule) })
      .int({ error: rule })
      .min(min, { error: rule })
      .max(max, { error: rule }),
  ).meta({ description: label });
}

export const userTypeField = () =>
  integerIn('用户类型', 1, 2, '用户类型须为 1（个人用户）或 2（机构用户）') as unknown as z.ZodType<1 | 2>;
export const idTypeField = (label = '证件类型') => integerIn(label, 0, 10, `${label}须为 0 到 10 之间的整数`);

export const loginNameField = () =>
  requiredText('登录名', 20).refine((v) => LOGIN_NAME_PATTERN.test(v), {
    error: '登录名须为4-20位字母、数字或下划线，且以字母开头',
  });

/** An RSA-OAEP ciphertext (base64); its content is checked after decryption. */
export const encryptedPassword = (label = '密码') => requiredText(label, 2048);

export const smsCodeField = () =>
  requiredText('短信验证码', 6).refine((v) => /^\d{6}$/.test(v), { error: '短信验证码须为6位数字' });

export const captchaFields = {
  uuid: requiredText('图片验证码标识', 64),
  captcha: requiredText('图片验证码', 8),
};

/** Other document numbers (types 1–10): 4–30 letters, digits, brackets or '-'. */
export function validateOtherIdNumber(value: string | null | undefined): ValidationResult {
  if (value === null || value === undefined || value.trim() === '') return { ok: false, message: '证件号码不能为空' };
  return /^[A-Za-z0-9()（）-]{4,30}$/.test(value) ? { ok: true } : { ok: false, message: '证件号码格式错误' };
}

/** The ID number rule for a document type: the resident ID card check (with region and checksum) for 0. */
export function idNumberProblem(idType: number, idNumber: string, today: string): string | null {
  const result = idType === 0 ? validateIdCard(idNumber, { today }) : validateOtherIdNumber(idNumber);
  return result.ok ? null : result.message;
}
