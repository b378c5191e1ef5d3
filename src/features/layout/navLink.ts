import type { NavigationEntry } from '#domain/contract/portal';

export interface NavLinkProps {
  href: string;
  target?: '_blank';
  rel?: string;
}

/**
 * Spec section 2: entries flagged inStation open as internal routes (hash URLs), others as external
 * links; openPage = 1 opens a new tab.
 */
export function navLinkProps(entry: Pick<NavigationEntry, 'navigationUrl' | 'inStation' | 'openPage'>): NavLinkProps {
  const url = entry.navigationUrl.trim();
  const href = entry.inStation === 1 ? `#${url.startsWith('/') ? url : `/${url}`}` : url;
  return entry.openPage === 1 ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
}
