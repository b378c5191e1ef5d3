/** News articles (dscq-content news-content). */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { NewsDetail, NewsItem } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import type { Database, NewsTable } from '../../db/schema.ts';
import { notFound } from '../../lib/envelope.ts';
import { toFlag } from '../../lib/wire.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';

export interface NewsSearch extends PageRequest {
  plateId?: number | undefined;
  /** Only the articles flagged for the home page (news-content/front-page). */
  frontPageOnly?: boolean | undefined;
}

const LIST_COLUMNS = [
  'id',
  'plate_id',
  'title',
  'summary',
  'img_src',
  'is_outer_link',
  'outer_link_url',
  'source',
  'publish_at',
  'created_at',
] as const;

/** What the public sees: published (at or before `now`: scheduled articles wait) and not taken down by staff. */
export function publicNews(db: Kysely<Database>, now: number) {
  return db.selectFrom('news').where('hidden', '=', 0).where('publish_at', '<=', now);
}

/**
 * Newest first. A plate id also covers its direct child plates, so a parent column
 * (新闻中心, 政策法规) lists what its sub-columns hold.
 */
export async function listNews(db: Kysely<Database>, s: NewsSearch, now: number): Promise<Page<NewsItem>> {
  let query = publicNews(db, now);
  if (s.plateId !== undefined) {
    const plateId = s.plateId;
    query = query.where((eb) =>
      eb.or([
        eb('plate_id', '=', plateId),
        eb('plate_id', 'in', eb.selectFrom('news_plate').select('id').where('parent_id', '=', plateId)),
      ]),
    );
  }
  if (s.frontPageOnly) query = query.where('is_front_page', '=', 1);
  return fetchPage(
    query,
    s,
    (q) => q.select(LIST_COLUMNS).orderBy('publish_at', 'desc').orderBy('id', 'desc'),
    toNewsItem,
  );
}

export async function getNewsDetail(db: Kysely<Database>, id: number, now: number): Promise<NewsDetail> {
  const row = await publicNews(db, now).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('新闻不存在');
  return { ...toNewsItem(row), content: row.content };
}

function toNewsItem(r: Pick<Selectable<NewsTable>, (typeof LIST_COLUMNS)[number]>): NewsItem {
  return {
    id: r.id,
    plateId: r.plate_id,
    title: r.title,
    summarys: r.summary,
    imgSrc: r.img_src,
    isOuterLink: toFlag(r.is_outer_link),
    outerLinkUrl: r.outer_link_url,
    source: r.source,
    publishDate: formatChinaTime(r.publish_at),
    createTime: formatChinaTime(r.created_at),
  };
}
