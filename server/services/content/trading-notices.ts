/** Trading notices (dscq-project notice). */
import type { Kysely } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Notice } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import type { Database } from '../../db/schema.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';

/** Notice type codes (ours; the spec does not show them). */
export const NOTICE_TYPES = {
  /** 挂牌公告: a project is listed and open for enrolment. */
  listing: 1,
  /** 成交公告: a deal was concluded. */
  transaction: 2,
  /** 结果公示: the trading result is published for objections. */
  result: 3,
} as const;

export const NOTICE_TYPE_NAMES: Record<number, string> = { 1: '挂牌公告', 2: '成交公告', 3: '结果公示' };

export interface NoticeSearch extends PageRequest {
  noticeType?: number | undefined;
  isFrontPage?: number | undefined;
}

/** Newest first; only what the public may see: not taken down by staff, published at or before `now`. */
export async function listNotices(db: Kysely<Database>, s: NoticeSearch, now: number): Promise<Page<Notice>> {
  let query = db.selectFrom('notice').where('hidden', '=', 0).where('publish_at', '<=', now);
  if (s.noticeType !== undefined) query = query.where('notice_type', '=', s.noticeType);
  if (s.isFrontPage !== undefined) query = query.where('is_front_page', '=', s.isFrontPage);
  return fetchPage(
    query,
    s,
    (q) =>
      q
        .select(['id', 'title', 'notice_type', 'assets_id', 'publish_at'])
        .orderBy('publish_at', 'desc')
        .orderBy('id', 'desc'),
    (r) => ({
      id: r.id,
      noticeTitle: r.title,
      noticeType: r.notice_type,
      assetsId: r.assets_id,
      publishDate: formatChinaTime(r.publish_at),
    }),
  );
}
