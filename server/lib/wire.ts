/**
 * Conversions between storage values and the wire contract (src/domain/contracts.ts) that only the server
 * needs. Money (fen ⇄ yuan) is in src/domain/money.ts and China time in src/domain/chinaTime.ts.
 */

export function toFlag(value: number | boolean | null | undefined): 0 | 1 {
  return value ? 1 : 0;
}
