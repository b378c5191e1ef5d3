import { QueryState } from '@/components/QueryState';
import { SOURCE_TYPES, type PageModule } from '#domain/contract/content';
import { useNewsPage } from '@/api/resources/get-news-page';
import { useNoticePage } from '@/api/resources/get-notice-page';
import { newsLinkProps, noticeLinkProps } from '../links';

interface Row {
  key: number;
  title: string;
  date: string;
  link: { href: string; target?: '_blank'; rel?: string };
}

function Rows({ rows, columns, dateLength }: { rows: Row[]; columns: 1 | 2; dateLength: 5 | 10 }) {
  return (
    <ul className={`text-list${columns === 2 ? ' text-list--two-columns' : ''}`}>
      {rows.map((row) => (
        <li key={row.key}>
          <a {...row.link} title={row.title}>
            {row.title}
          </a>
          <time className="tabular">{dateLength === 5 ? row.date.slice(5, 10) : row.date.slice(0, 10)}</time>
        </li>
      ))}
    </ul>
  );
}

function NewsRows({ plateId, size, columns, dateLength }: { plateId: number | null; size: number; columns: 1 | 2; dateLength: 5 | 10 }) {
  const news = useNewsPage({ plateId: plateId ?? undefined, size, current: 1 });
  return (
    <QueryState query={news} isEmpty={(page) => page.records.length === 0}>
      {(page) => (
        <Rows
          columns={columns}
          dateLength={dateLength}
          rows={page.records.map((item) => ({ key: item.id, title: item.title, date: item.publishDate, link: newsLinkProps(item) }))}
        />
      )}
    </QueryState>
  );
}

function NoticeRows({ noticeType, size, columns, dateLength }: { noticeType: number; size: number; columns: 1 | 2; dateLength: 5 | 10 }) {
  const notices = useNoticePage({ noticeType, size, current: 1 });
  return (
    <QueryState query={notices} isEmpty={(page) => page.records.length === 0}>
      {(page) => (
        <Rows
          columns={columns}
          dateLength={dateLength}
          rows={page.records.map((n) => ({ key: n.id, title: n.noticeTitle, date: n.publishDate, link: noticeLinkProps(n) }))}
        />
      )}
    </QueryState>
  );
}

/**
 * The list of one page module: sourceType 1 lists the news of its plate, sourceType 2 the notices of its
 * type (spec section 2: "tabs switching between news list and notice list by sourceType").
 */
export function ModuleList({
  module,
  size,
  columns = 1,
  dateLength = 10,
}: {
  module: PageModule;
  size: number;
  columns?: 1 | 2;
  dateLength?: 5 | 10;
}) {
  if (module.sourceType === SOURCE_TYPES.notice && module.noticeType !== null) {
    return <NoticeRows noticeType={module.noticeType} size={size} columns={columns} dateLength={dateLength} />;
  }
  return <NewsRows plateId={module.plateId} size={size} columns={columns} dateLength={dateLength} />;
}

/** The More link of a module (only when it has one). */
export function ModuleMore({ module }: { module: PageModule | undefined }) {
  if (!module || module.hasMoreButton !== 1 || !module.moreButtonUrl) return null;
  return (
    <a className="home-panel__title-more" href={`#${module.moreButtonUrl}`} aria-label={`${module.name} 更多`}>
      更多 &gt;
    </a>
  );
}
