/**
 * Money rules (spec section 5 "Money input" / "Money display", section 9).
 *
 * Amounts on the wire are yuan; the database keeps integer fen. Every conversion here is exact: values
 * are read as decimal text and computed with BigInt (see ./decimal), never with float arithmetic.
 */
import { decimalToText, fromScaledInteger, parseDecimal, roundDecimal, toScaledInteger, trimFraction } from './decimal';

/** Money input: at most this many integer digits (spec). */
export const MONEY_INPUT_MAX_INTEGER_DIGITS = 12;

/** Money input: longer decimal parts are truncated to this many digits (spec). */
export const MONEY_INPUT_MAX_DECIMALS = 6;

/** Amounts of this many yuan or more are displayed in 万元 (spec). */
export const WAN_YUAN_THRESHOLD = 10_000;

/** 万元 amounts show up to this many decimals (spec); 6 decimals of 万元 is exactly one fen. */
export const WAN_YUAN_MAX_DECIMALS = 6;

/** formatAmount's default number of decimals (spec). */
export const AMOUNT_DEFAULT_DECIMALS = 3;

/** formatAmount clamps its decimals to this range (spec). */
export const AMOUNT_MIN_DECIMALS = 0;

export const AMOUNT_MAX_DECIMALS = 20;

const FEN_PER_YUAN = 100n;

/** One 万元 is 10^6 fen (10000 yuan × 100). */
const WAN_YUAN_SCALE = 6;

const MONEY_INPUT = new RegExp(`^(\\d{1,${MONEY_INPUT_MAX_INTEGER_DIGITS}})(?:\\.(\\d*))?$`);

/**
 * Sanitises what a user typed into a money field (spec: up to 12 integer digits, optionally a decimal
 * part; decimals longer than 6 are truncated to 6; anything else becomes '').
 *
 * Decisions: surrounding white space is trimmed; the text is otherwise kept as typed (leading zeros
 * and a trailing '.' stay, so '12.' survives while the user is still typing); a sign, a leading '.',
 * separators, exponents and letters all give ''. Numbers are read through `String(value)`.
 *
 * '12.1234567' → '12.123456', '1234567890123' → '', '-1' → '', 'abc' → ''.
 */
export function sanitizeMoneyInput(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const text = String(raw).trim();
  const match = MONEY_INPUT.exec(text);
  if (!match) return '';
  const int = match[1] ?? '';
  const frac = match[2];
  if (frac === undefined) return int;
  return `${int}.${frac.slice(0, MONEY_INPUT_MAX_DECIMALS)}`;
}

/** Yuan (number or decimal text) → fen as a BigInt, half away from zero; null when not a number. */
export function toFenBigInt(yuan: number | string | null | undefined): bigint | null {
  const parts = parseDecimal(yuan);
  return parts === null ? null : toScaledInteger(parts, 2);
}

/**
 * Yuan → integer fen, rounded half away from zero to the fen (1.005 → 101, -1.005 → -101, '0.125' → 13).
 * Throws a RangeError for input that is not a finite decimal or whose fen is beyond Number.MAX_SAFE_INTEGER.
 */
export function yuanToFen(yuan: number | string): number {
  const fen = toFenBigInt(yuan);
  if (fen === null) throw new RangeError(`不是有效的金额: ${String(yuan)}`);
  const result = Number(fen);
  if (!Number.isSafeInteger(result)) throw new RangeError(`金额超出范围: ${String(yuan)}`);
  return result;
}

/**
 * Integer fen → yuan as a number (12345 → 123.45). The result is the double nearest to the exact
 * decimal value, i.e. the same number the literal `123.45` gives. Throws a RangeError for non-integers.
 */
export function fenToYuan(fen: number): number {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`分必须是整数: ${String(fen)}`);
  return fen / 100;
}

/** Integer fen → exact yuan text with 2 decimals and no separators (12345 → '123.45', -5 → '-0.05'). */
export function fenToYuanText(fen: number | bigint): string {
  const scaled = typeof fen === 'bigint' ? fen : BigInt(fen);
  return decimalToText(fromScaledInteger(scaled, 2), { grouped: false });
}

/** Clamps a decimals argument to the spec's 0–20 (non-integers truncated, NaN → default 3). */
export function clampDecimals(decimals: number): number {
  if (Number.isNaN(decimals)) return AMOUNT_DEFAULT_DECIMALS;
  return Math.min(AMOUNT_MAX_DECIMALS, Math.max(AMOUNT_MIN_DECIMALS, Math.trunc(decimals)));
}

/**
 * General number formatter (spec: decimals clamp to 0–20, default 3, thousands separators).
 * Always shows exactly `decimals` fraction digits, rounding half away from zero on the decimal value
 * (formatAmount(1234.5) → '1,234.500', formatAmount(1.005, 2) → '1.01'). Returns '' when the value
 * is not a finite number or decimal text.
 */
export function formatAmount(
  value: number | string | null | undefined,
  decimals: number = AMOUNT_DEFAULT_DECIMALS,
): string {
  const parts = parseDecimal(value);
  if (parts === null) return '';
  return decimalToText(roundDecimal(parts, clampDecimals(decimals)));
}

/**
 * Like formatAmount but shows at most `maxDecimals` decimals and trims trailing zeros
 * (12.5 → '12.5', 1234 → '1,234', 0.1234567 → '0.123457'). Used for unit prices (priceType 2).
 */
export function formatTrimmedAmount(
  value: number | string | null | undefined,
  maxDecimals: number = WAN_YUAN_MAX_DECIMALS,
): string {
  const parts = parseDecimal(value);
  if (parts === null) return '';
  return decimalToText(trimFraction(roundDecimal(parts, clampDecimals(maxDecimals))));
}

export type MoneyUnit = '万元' | '元';

/** How an amount in yuan is displayed (spec section 5 "Money display"). */
export interface MoneyDisplay {
  /** The number without its unit: '12,345.678912' (万元) or '9,999.99' (元). */
  text: string;
  unit: MoneyUnit;
  /** text + unit, ready to render: '12,345.678912万元', '9,999.99元'. */
  label: string;
  /**
   * Tooltip in yuan. The spec gives it to amounts below 10000 yuan only ('9,999.99元');
   * null for amounts shown in 万元.
   */
  yuanTooltip: string | null;
}

/**
 * Money display rule. The amount is first rounded to the fen (half away from zero); then
 * - |amount| ≥ 10000 yuan: divided by 10000 exactly, shown in 万元 with up to 6 decimals, trailing
 *   zeros trimmed (10000 → '1万元', 12345000 → '1,234.5万元', 123456789.12 → '12,345.678912万元');
 * - below: shown in 元 with exactly 2 decimals (9999.99 → '9,999.99元', 500 → '500.00元') and a yuan
 *   tooltip with the same text.
 * Thousands separators in both. Returns null when the value is not a number (callers show '--').
 */
export function formatMoney(yuan: number | string | null | undefined): MoneyDisplay | null {
  const fen = toFenBigInt(yuan);
  if (fen === null) return null;
  const magnitude = fen < 0n ? -fen : fen;
  if (magnitude >= BigInt(WAN_YUAN_THRESHOLD) * FEN_PER_YUAN) {
    // 万元 = fen / 10^6: read the fen integer with 6 implied decimals, exact.
    const text = decimalToText(trimFraction(fromScaledInteger(fen, WAN_YUAN_SCALE)));
    return { text, unit: '万元', label: `${text}万元`, yuanTooltip: null };
  }
  const text = decimalToText(fromScaledInteger(fen, 2));
  return { text, unit: '元', label: `${text}元`, yuanTooltip: `${text}元` };
}

/** Decimals of 万元 in tables and lists: every price of a column has the same width. */
export const TABLE_WAN_DECIMALS = 2;

/**
 * The table rule: the spec's money display with a fixed number of
 * decimals, so a column reads '6.33万元', '1.44万元', '40,550.00万元' rather than '6.331063万元' beside
 * '1.442万元' and '40,550万元'; the full amount in yuan on hover for every amount ('63,310.63元').
 * - |amount| ≥ 10000 yuan: 万元 with exactly TABLE_WAN_DECIMALS decimals (rounded half away from zero);
 * - below: 元 with 2 decimals (the spec: small amounts in yuan).
 */
export function formatTableMoney(yuan: number | string | null | undefined): MoneyDisplay | null {
  const fen = toFenBigInt(yuan);
  if (fen === null) return null;
  const full = formatFenAsYuan(fen);
  const magnitude = fen < 0n ? -fen : fen;
  if (magnitude >= BigInt(WAN_YUAN_THRESHOLD) * FEN_PER_YUAN) {
    const text = decimalToText(roundDecimal(fromScaledInteger(fen, WAN_YUAN_SCALE), TABLE_WAN_DECIMALS));
    return { text, unit: '万元', label: `${text}万元`, yuanTooltip: full };
  }
  const text = decimalToText(fromScaledInteger(fen, 2));
  return { text, unit: '元', label: `${text}元`, yuanTooltip: full };
}

/**
 * What a table cell or a summary shows of an amount, by the table rule: the label ('42.24万元', '500.00元')
 * and the exact yuan for the hover ('422,415.00元'); '--' without a hover when the amount is missing.
 * Every list and summary of the portal (the hall, the user centre) goes through this one rule.
 */
export function tableMoneyCell(yuan: number | string | null | undefined): { text: string; tooltip: string | null } {
  const money = yuan === null || yuan === undefined ? null : formatTableMoney(yuan);
  return money ? { text: money.label, tooltip: money.yuanTooltip } : { text: '--', tooltip: null };
}

/** tableMoneyCell's label alone, for amounts inside a sentence or an option ('已到账 42.24万元'). */
export function tableMoneyText(yuan: number | string | null | undefined): string {
  return tableMoneyCell(yuan).text;
}

/** The unit a panel shows all its amounts in (the room: one unit per panel): 万元 when any reaches 10000 yuan. */
export function panelUnit(amounts: ReadonlyArray<number | null | undefined>): MoneyUnit {
  return amounts.some((a) => typeof a === 'number' && Number.isFinite(a) && Math.abs(a) >= WAN_YUAN_THRESHOLD) ? '万元' : '元';
}

/**
 * An amount in a panel's unit: 万元 with up to 6 decimals, trailing zeros trimmed (exact to the fen), or 元
 * with 2 decimals; the full yuan amount as its tooltip. null when not a number.
 */
export function formatInUnit(yuan: number | string | null | undefined, unit: MoneyUnit): MoneyDisplay | null {
  const fen = toFenBigInt(yuan);
  if (fen === null) return null;
  const full = formatFenAsYuan(fen);
  if (unit === '万元') {
    const text = decimalToText(trimFraction(fromScaledInteger(fen, WAN_YUAN_SCALE)));
    return { text, unit, label: `${text}万元`, yuanTooltip: full };
  }
  const text = decimalToText(fromScaledInteger(fen, 2));
  return { text, unit, label: `${text}元`, yuanTooltip: full };
}

/**
 * What follows the number in formatYuan / formatFenAsYuan: '元' (the default: '1,234.50元'), ' 元' with a
 * space (the bidders' messages and the withdrawal form: '1,234.50 元'), or '' for the bare number ('1,234.50').
 */
export type YuanSuffix = '元' | ' 元' | '';

export interface FormatYuanOptions {
  suffix?: YuanSuffix;
}

/**
 * Yuan text with separators and 2 decimals plus 元, whatever the size (123456789.12 → '123,456,789.12元');
 * '' when the value is not a number. The amount is rounded half away from zero to the fen.
 */
export function formatYuan(yuan: number | string | null | undefined, { suffix = '元' }: FormatYuanOptions = {}): string {
  const fen = toFenBigInt(yuan);
  if (fen === null) return '';
  return formatFenAsYuan(fen, { suffix });
}

/** formatYuan of an integer fen amount, exact: 123456 → '1,234.56元', with { suffix: '' } → '1,234.56'. */
export function formatFenAsYuan(fen: number | bigint, { suffix = '元' }: FormatYuanOptions = {}): string {
  const scaled = typeof fen === 'bigint' ? fen : BigInt(fen);
  return `${decimalToText(fromScaledInteger(scaled, 2))}${suffix}`;
}

const UPPER_DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];

const UPPER_SMALL_UNITS = ['', '拾', '佰', '仟'];

const UPPER_BIG_UNITS = ['', '万', '亿', '万亿'];

/**
 * An amount in integer fen as the 大写 of Chinese financial documents (成交确认书, invoices):
 * 1234567 → '壹万贰仟叁佰肆拾伍元陆角柒分', 100000 → '壹仟元整', 1005 → '壹拾元零伍分', 0 → '零元整'.
 */
export function fenToChineseUpper(fen: number | bigint): string {
  let n = typeof fen === 'bigint' ? fen : BigInt(fen);
  if (n < 0n) return `负${fenToChineseUpper(-n)}`;
  const jiao = Number((n / 10n) % 10n);
  const fenDigit = Number(n % 10n);
  n /= 100n;
  let yuan = '';
  if (n === 0n) yuan = '零';
  else {
    const groups: number[] = [];
    while (n > 0n) {
      groups.push(Number(n % 10000n));
      n /= 10000n;
    }
    let zeroPending = false;
    for (let g = groups.length - 1; g >= 0; g -= 1) {
      const group = groups[g]!;
      if (group === 0) {
        zeroPending = yuan !== '';
        continue;
      }
      if (zeroPending || (yuan !== '' && group < 1000)) yuan += '零';
      zeroPending = false;
      let text = '';
      let innerZero = false;
      for (let p = 3; p >= 0; p -= 1) {
        const digit = Math.floor(group / 10 ** p) % 10;
        if (digit === 0) {
          innerZero = text !== '';
          continue;
        }
        if (innerZero) text += '零';
        innerZero = false;
        text += UPPER_DIGITS[digit]! + UPPER_SMALL_UNITS[p]!;
      }
      yuan += text + UPPER_BIG_UNITS[g]!;
    }
  }
  const head = `${yuan}元`;
  if (jiao === 0 && fenDigit === 0) return `${head}整`;
  if (jiao === 0) return `${head}${head === '零元' ? '' : '零'}${UPPER_DIGITS[fenDigit]}分`.replace(/^零元/, '');
  return `${head === '零元' ? '' : head}${UPPER_DIGITS[jiao]}角${fenDigit ? `${UPPER_DIGITS[fenDigit]}分` : ''}`;
}
