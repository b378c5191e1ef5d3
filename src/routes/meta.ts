/** Route metadata (spec section 2): the title, from which the breadcrumbs and the document title come. */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Chinese title; '>' separates breadcrumb levels, e.g. '新闻中心>新闻详情'. */
    title?: string;
    /** Set on the `_auth` layout: every page below it needs a logged-in user. */
    requiresAuth?: boolean;
    /** Pages that show the simple header (logo and the page title, no navigation). */
    simpleHeader?: boolean;
    /** Pages with a fluid layout that a phone shows at its own width (the hall, the room; src/lib/viewport). */
    fluid?: boolean;
  }
}

export const SITE_NAME = '河北产权交易所';
export const HOME_CRUMB = '首页';

/** The breadcrumb levels of a title. */
export function breadcrumbsOf(title: string | undefined): string[] {
  return (title ?? '')
    .split('>')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function documentTitleOf(title: string | undefined): string {
  const crumbs = breadcrumbsOf(title);
  return crumbs.length ? `${crumbs[crumbs.length - 1]} - ${SITE_NAME}` : SITE_NAME;
}
