/** antd form rules on the domain validators, with their exact Chinese messages (spec section 5). */
import type { FormRule } from 'antd';
import {
  formatChinaTime,
  ID_CARD_MESSAGES,
  RESIDENT_ID_CARD_TYPE,
  validateCreditCode,
  validateIdCard,
  validatePersonName,
  type ValidationResult,
} from '#domain';

export function domainRule(validate: (value: string) => ValidationResult): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const result = validate(typeof value === 'string' ? value : '');
      return result.ok ? Promise.resolve() : Promise.reject(new Error(result.message));
    },
  };
}

/** Today's date in China ('YYYY-MM-DD'), as the server checks it. */
function today(): string {
  return formatChinaTime(Date.now(), 'YYYY-MM-DD');
}

/** Other documents (passports, permits…): 4–30 letters, digits, brackets or '-' (the server's rule). */
export const OTHER_ID_PATTERN = /^[A-Za-z0-9()（）-]{4,30}$/;

/** An ID number of the given document type: validateIdCard for the resident ID card (type 0). */
export function validateIdNumber(value: string, idType: number | undefined): ValidationResult {
  if (idType === undefined || idType === RESIDENT_ID_CARD_TYPE) return validateIdCard(value, { today: today() });
  if (!value || !value.trim()) return { ok: false, message: ID_CARD_MESSAGES.empty };
  return OTHER_ID_PATTERN.test(value) ? { ok: true } : { ok: false, message: ID_CARD_MESSAGES.format };
}

/** The ID number field's rule, reading the type from the field `typeField`. */
export function idNumberRules(typeField: string): FormRule[] {
  return [
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) => {
        const result = validateIdNumber(typeof value === 'string' ? value : '', getFieldValue(typeField) as number | undefined);
        return result.ok ? Promise.resolve() : Promise.reject(new Error(result.message));
      },
    }),
  ];
}

export const personNameRules: FormRule[] = [domainRule(validatePersonName)];
export const creditCodeRules: FormRule[] = [domainRule(validateCreditCode)];

export const ORG_NAME_MESSAGES = { empty: '请输入机构名称', length: '机构名称长度为2-100个字符' } as const;
export const orgNameRules: FormRule[] = [
  { required: true, whitespace: true, message: ORG_NAME_MESSAGES.empty },
  { min: 2, max: 100, message: ORG_NAME_MESSAGES.length },
];

/** The legal representative: 2–4 Chinese characters, with the messages naming the field (as the server does). */
export const legalPersonRules: FormRule[] = [
  domainRule((value) => {
    const result = validatePersonName(value);
    return result.ok ? result : { ok: false, message: result.message.replace('姓名', '法定代表人姓名') };
  }),
];
