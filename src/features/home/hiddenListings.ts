/**
 * Spec section 2: some project names are hidden from the equity and house-leasing lists of the home
 * page, by exact name match (the exchange's internal test and demonstration listings). Exact means exact:
 * a name that merely contains one of these stays visible.
 */
export const HIDDEN_LISTING_NAMES: ReadonlySet<string> = new Set([
  '测试项目',
  '测试项目（请勿报名）',
  '系统演示项目',
  '网络竞价系统演示项目（请勿报名）',
]);

export function withoutHiddenNames<T extends { assetsName: string }>(records: readonly T[], hidden: ReadonlySet<string> = HIDDEN_LISTING_NAMES): T[] {
  return records.filter((record) => !hidden.has(record.assetsName));
}
