/**
 * The price filter: users type 万元 (money input rule: ≤ 12 integer digits, ≤ 6 decimals), the search and
 * the URL carry yuan. Exact: 6 decimals of 万元 is one fen, computed on integers.
 */
import { decimalToText, fromScaledInteger, parseDecimal, toScaledInteger, trimFraction } from '#domain/rules/decimal';
import { fenToYuan, sanitizeMoneyInput } from '#domain/rules/money';

/** 万元 text → yuan; undefined when empty or not a money input. */
export function wanToYuan(wan: string | null | undefined): number | undefined {
  const clean = sanitizeMoneyInput(wan ?? '');
  const parts = parseDecimal(clean);
  if (clean === '' || parts === null) return undefined;
  const fen = Number(toScaledInteger(parts, 6));
  return Number.isSafeInteger(fen) ? fenToYuan(fen) : undefined;
}

/** Yuan → 万元 text for the input ('' when absent): 1234500 → '123.45'. */
export function yuanToWanText(yuan: number | undefined): string {
  if (yuan === undefined) return '';
  const parts = parseDecimal(yuan);
  if (parts === null) return '';
  // fen read with 6 implied decimals is 万元.
  return decimalToText(trimFraction(fromScaledInteger(toScaledInteger(parts, 2), 6)), { grouped: false });
}
