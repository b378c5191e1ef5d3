/** Content display rules: the key-project strip layout, outer links, file sizes (the wire side is domain/contract/content.ts). */
/** Notice types (ours; the spec does not show them): 1 挂牌公告, 2 成交公告, 3 结果公示. */
export const NOTICE_TYPES = { listing: 1, transaction: 2, result: 3 } as const;

export const NOTICE_TYPE_NAMES: Readonly<Record<number, string>> = Object.freeze({
  1: '挂牌公告',
  2: '成交公告',
  3: '结果公示',
});

/** The key-recommendation strip (spec section 9): 285 px per item, plus 120 px when wide (more than 4). */
export function keyProjectStripLayout(
  count: number,
  itemWidth = 285,
  wideExtra = 120,
  wideThreshold = 4,
): { wide: boolean; width: number } {
  const n = Math.max(0, Math.floor(count));
  const wide = n > wideThreshold;
  return { wide, width: n * itemWidth + (wide ? wideExtra : 0) };
}

/** Where a content link goes: internal routes become hash links, absolute URLs open in a new tab. */
export function contentLinkProps(url: string): { href: string; target?: '_blank'; rel?: string } {
  const u = url.trim();
  if (/^https?:\/\//i.test(u)) return { href: u, target: '_blank', rel: 'noopener noreferrer' };
  if (u === '') return { href: '#/index' };
  return { href: `#${u.startsWith('/') ? u : `/${u}`}` };
}

/** Human file size: 1536 → '1.5 KB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '--';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
