/**
 * Conversions between storage units and the wire contract (src/domain/contracts.ts):
 * fen ⇄ yuan, epoch ms → China-time text. Pure, and independent of the machine's time zone.
 */

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8, no daylight saving). */
export function formatChinaTime(epochMs: number): string {
  return new Date(epochMs + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Integer fen → yuan number (two decimals at most). */
export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** Yuan → integer fen, rounding half away from zero on the third decimal. */
export function yuanToFen(yuan: number): number {
  if (!Number.isFinite(yuan)) throw new RangeError('yuanToFen: not a finite number');
  return Math.sign(yuan) * Math.round(Math.abs(yuan) * 100);
}

export function toFlag(value: number | boolean | null | undefined): 0 | 1 {
  return value ? 1 : 0;
}
