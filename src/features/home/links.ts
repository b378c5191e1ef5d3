/**
 * Fixed link rules of the home page (spec section 2): news items flagged isOuterLink open outerLinkUrl in
 * a new tab; others open the news centre's detail page. Notices open /noticeDetail with their type.
 */
import type { NewsItem, Notice } from '#domain/contract/portal';

export interface LinkProps {
  href: string;
  target?: '_blank';
  rel?: string;
}

export function newsLinkProps(item: Pick<NewsItem, 'id' | 'isOuterLink' | 'outerLinkUrl'>): LinkProps {
  return item.isOuterLink === 1 && item.outerLinkUrl
    ? { href: item.outerLinkUrl, target: '_blank', rel: 'noopener noreferrer' }
    : { href: `#/newsDetailxwzx?newsId=${item.id}` };
}

export function noticeLinkProps(notice: Pick<Notice, 'id' | 'noticeType'>): LinkProps {
  return { href: `#/noticeDetail?newsId=${notice.id}&id=${notice.noticeType}` };
}

/**
 * The category grid's external entries (spec: state-enterprise procurement, natural resources,
 * technology/IP). Each deployment may point them elsewhere at build time.
 */
export const EXTERNAL_ENTRIES = [
  { label: '国企采购', hint: '国有企业阳光采购', url: import.meta.env.VITE_PROCUREMENT_URL ?? 'https://www.hebpr.cn/' },
  { label: '自然资源', hint: '矿业权与土地交易', url: import.meta.env.VITE_NATURAL_RESOURCES_URL ?? 'https://zrzy.hebei.gov.cn/' },
  { label: '技术产权', hint: '科技成果与知识产权', url: import.meta.env.VITE_TECH_IP_URL ?? 'https://www.ctex.cn/' },
] as const;
