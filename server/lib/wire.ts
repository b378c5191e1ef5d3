/**
 * Conversions between storage values and the wire contract (domain/contract/portal.ts) that only the server
 * needs. Money (fen ⇄ yuan) is in domain/rules/money.ts and China time in domain/rules/chinaTime.ts.
 */

export function toFlag(value: number | boolean | null | undefined): 0 | 1 {
  return value ? 1 : 0;
}
