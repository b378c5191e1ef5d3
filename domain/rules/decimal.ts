/**
 * Exact decimal helpers on digit strings and BigInt, used by the money and bidding rules so that
 * no amount ever goes through binary floating-point arithmetic.
 *
 * A JavaScript number is read through its shortest round-trip text (`String(1.005) === '1.005'`), so
 * rounding happens on the decimal value a person typed or the server sent, not on the binary
 * approximation (`(1.005).toFixed(2) === '1.00'`, here it rounds to `1.01`).
 */

/** A finite decimal value split into sign, integer digits and fraction digits. */
/** A finite decimal value split into sign, integer digits and fraction digits. */
export interface DecimalParts {
  negative: boolean;
  /** Integer digits without leading zeros ('0' for zero). */
  int: string;
  /** Fraction digits, possibly empty, possibly with trailing zeros. */
  frac: string;
}

const DECIMAL_TEXT = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;

/** Largest exponent we expand; anything beyond is not a money amount. */
const MAX_EXPONENT = 400;

/**
 * Parses a finite number or a decimal text ('12', '-0.5', '.5', '1.', '1e21', '1.5e-7'; surrounding
 * white space ignored) into exact parts. Returns null for anything else (NaN, Infinity, '', 'abc', '1,000').
 */
export function parseDecimal(value: number | string | null | undefined): DecimalParts | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const negative = match[1] === '-';
  let int = match[2] ?? '';
  let frac = match[3] ?? match[4] ?? '';
  const exponent = match[5] === undefined ? 0 : Number(match[5]);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  if (exponent > 0) {
    const padded = frac.padEnd(exponent, '0');
    int += padded.slice(0, exponent);
    frac = padded.slice(exponent);
  } else if (exponent < 0) {
    const shift = -exponent;
    const padded = int.padStart(shift, '0');
    frac = padded.slice(padded.length - shift) + frac;
    int = padded.slice(0, padded.length - shift);
  }
  int = int.replace(/^0+/, '') || '0';
  return { negative, int, frac };
}

/** True when the parts are zero (whatever the sign). */
export function isZeroDecimal(parts: DecimalParts): boolean {
  return /^0*$/.test(parts.int) && /^0*$/.test(parts.frac);
}

/**
 * Rounds to `places` fraction digits, half away from zero. The result has exactly `places` fraction
 * digits, and a zero result is never negative.
 */
export function roundDecimal(parts: DecimalParts, places: number): DecimalParts {
  const scaled = toScaledInteger(parts, places);
  return fromScaledInteger(scaled, places);
}

/**
 * The value × 10^places as a BigInt, rounded half away from zero
 * (e.g. parts of '12.345', places 2 → 1235n; '-12.345' → -1235n).
 */
export function toScaledInteger(parts: DecimalParts, places: number): bigint {
  const kept = parts.frac.padEnd(places, '0').slice(0, places);
  const nextDigit = parts.frac.charAt(places);
  let magnitude = BigInt(parts.int + kept);
  if (nextDigit !== '' && nextDigit >= '5') magnitude += 1n;
  return parts.negative ? -magnitude : magnitude;
}

/** The inverse of `toScaledInteger` for an exact scaled integer (no rounding needed). */
export function fromScaledInteger(scaled: bigint, places: number): DecimalParts {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places).replace(/^0+/, '') || '0';
  const frac = places === 0 ? '' : digits.slice(digits.length - places);
  return { negative: negative, int, frac };
}

/** '1234567' → '1,234,567'. The input is a run of digits. */
export function groupThousands(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Renders parts as text: optional '-', grouped or plain integer, then '.frac' when frac is not empty. */
export function decimalToText(parts: DecimalParts, options: { grouped?: boolean } = {}): string {
  const int = options.grouped === false ? parts.int : groupThousands(parts.int);
  const sign = parts.negative && !isZeroDecimal(parts) ? '-' : '';
  return parts.frac === '' ? `${sign}${int}` : `${sign}${int}.${parts.frac}`;
}

/** Drops trailing zeros of the fraction ('1.500' → '1.5', '2.000' → '2'). */
export function trimFraction(parts: DecimalParts): DecimalParts {
  return { ...parts, frac: parts.frac.replace(/0+$/, '') };
}
