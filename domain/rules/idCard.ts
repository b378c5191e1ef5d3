/**
 * Resident ID card number (GB 11643-1999) and the ID document types (spec sections 3 and 5).
 */
import { VALID, invalid, isBlank, codePointLength, type ValidationResult } from './validation';

/** ID document types, coded 0–10 (spec section 3). */
export const ID_DOCUMENT_TYPES = [
  { code: 0, name: '居民身份证' },
  { code: 1, name: '临时身份证' },
  { code: 2, name: '户口簿' },
  { code: 3, name: '军官证' },
  { code: 4, name: '公务护照' },
  { code: 5, name: '因私护照' },
  /** Spec: "service passport"; the Chinese document is 公务普通护照. */
  { code: 6, name: '公务普通护照' },
  { code: 7, name: '外交护照' },
  { code: 8, name: '港澳居民来往内地通行证' },
  { code: 9, name: '台湾居民来往大陆通行证' },
  { code: 10, name: '其他' },
] as const;

export type IdDocumentTypeCode = (typeof ID_DOCUMENT_TYPES)[number]['code'];

/** The document type whose numbers validateIdCard checks. */
export const RESIDENT_ID_CARD_TYPE: IdDocumentTypeCode = 0;

/** Chinese name of a document type code, or '--' for an unknown code. */
export function idDocumentTypeName(code: number | string | null | undefined): string {
  const numeric = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  return ID_DOCUMENT_TYPES.find((type) => type.code === numeric)?.name ?? '--';
}

/** Region prefixes (first two digits) of the province table, with their names. */
export const ID_CARD_PROVINCES: Readonly<Record<string, string>> = Object.freeze({
  '11': '北京',
  '12': '天津',
  '13': '河北',
  '14': '山西',
  '15': '内蒙古',
  '21': '辽宁',
  '22': '吉林',
  '23': '黑龙江',
  '31': '上海',
  '32': '江苏',
  '33': '浙江',
  '34': '安徽',
  '35': '福建',
  '36': '江西',
  '37': '山东',
  '41': '河南',
  '42': '湖北',
  '43': '湖南',
  '44': '广东',
  '45': '广西',
  '46': '海南',
  '50': '重庆',
  '51': '四川',
  '52': '贵州',
  '53': '云南',
  '54': '西藏',
  '61': '陕西',
  '62': '甘肃',
  '63': '青海',
  '64': '宁夏',
  '65': '新疆',
  '71': '台湾',
  '81': '香港',
  '82': '澳门',
  '91': '国外',
});

/** ISO 7064 MOD 11-2 weights of the first 17 digits. */
export const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;

/** Check character by (weighted sum mod 11). */
export const ID_CARD_CHECK_CHARS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

export const ID_CARD_MESSAGES = {
  empty: '证件号码不能为空',
  length: '证件号码长度不为18位',
  format: '证件号码格式错误',
  region: '地址编码错误',
  checksum: '证件号码校验位错误',
} as const;

/** Earliest accepted birth year. */
export const ID_CARD_MIN_BIRTH_YEAR = 1900;

/** Upper-cases a trailing 'x' (and only that); the rest is kept as typed. */
export function normalizeIdCard(value: string): string {
  return value.replace(/x$/, 'X');
}

/** The check character for the first 17 digits (a string of 17 digits). */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17.charAt(i)) * (ID_CARD_WEIGHTS[i] ?? 0);
  return ID_CARD_CHECK_CHARS[sum % 11] ?? '';
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Birth date 'YYYY-MM-DD' of an 18-character number, or null when positions 7–14 are not a real date. */
export function idCardBirthDate(value: string): string | null {
  const match = /^\d{6}(\d{4})(\d{2})(\d{2})/.exec(value);
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < ID_CARD_MIN_BIRTH_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  return `${y}-${m}-${d}`;
}

export interface IdCardOptions {
  /** "Today" as 'YYYY-MM-DD' (China time); a birth date after it is a format error. Defaults to no upper bound. */
  today?: string;
}

/**
 * Resident ID card check (spec section 5), in this order:
 * empty → 证件号码不能为空; not 18 characters → 证件号码长度不为18位; not 17 digits plus a digit or
 * X/x, or the birth date (positions 7–14) not a real date from 1900 on (and not after `today` when
 * given) → 证件号码格式错误; region prefix not in the province table → 地址编码错误;
 * ISO 7064 MOD 11-2 check character wrong → 证件号码校验位错误.
 * A lowercase x is accepted; store `normalizeIdCard(value)`.
 */
export function validateIdCard(value: string | null | undefined, options: IdCardOptions = {}): ValidationResult {
  if (isBlank(value)) return invalid(ID_CARD_MESSAGES.empty);
  if (codePointLength(value) !== 18) return invalid(ID_CARD_MESSAGES.length);
  const normalized = normalizeIdCard(value);
  if (!/^\d{17}[\dX]$/.test(normalized)) return invalid(ID_CARD_MESSAGES.format);
  const birthDate = idCardBirthDate(normalized);
  if (birthDate === null || (options.today !== undefined && birthDate > options.today)) {
    return invalid(ID_CARD_MESSAGES.format);
  }
  if (!Object.hasOwn(ID_CARD_PROVINCES, normalized.slice(0, 2))) return invalid(ID_CARD_MESSAGES.region);
  if (idCardCheckChar(normalized.slice(0, 17)) !== normalized.charAt(17)) {
    return invalid(ID_CARD_MESSAGES.checksum);
  }
  return VALID;
}
