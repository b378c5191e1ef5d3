import { QueryState } from '@/components/QueryState';
import { HOME_TOP_NEWS_COUNT } from '#domain/rules/constants';
import type { NewsItem } from '#domain/contract/portal';
import { useNewsPage } from '@/api/resources/get-news-page';
import { useModules } from '../api/get-modules';
import { newsLinkProps } from '../links';

/**
 * Top news (spec section 2): the first 4 items; the first shows its title only (as the headline), the
 * others show date, title and summary. isOuterLink items open outerLinkUrl.
 */
export function TopNewsList({ items }: { items: NewsItem[] }) {
  const [first, ...rest] = items.slice(0, HOME_TOP_NEWS_COUNT);
  if (!first) return null;
  return (
    <div className="home-top-news__list">
      <h3 className="home-top-news__headline">
        <a {...newsLinkProps(first)} title={first.title}>
          {first.title}
        </a>
      </h3>
      <ul className="home-top-news__items">
        {rest.map((item) => (
          <li key={item.id} data-testid="top-news-item">
            <time className="home-top-news__date tabular">{item.publishDate.slice(0, 10)}</time>
            <a {...newsLinkProps(item)} className="home-top-news__title" title={item.title}>
              {item.title}
            </a>
            <p className="home-top-news__summary">{item.summarys}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TopNewsOfPlate({ plateId }: { plateId: number | null }) {
  const news = useNewsPage({ plateId: plateId ?? undefined, size: HOME_TOP_NEWS_COUNT, current: 1 });
  return (
    <QueryState query={news} isEmpty={(page) => page.records.length === 0} rows={6}>
      {(page) => <TopNewsList items={page.records} />}
    </QueryState>
  );
}

export function TopNews() {
  const modules = useModules('home-top');
  const plate = modules.data?.[0];
  return (
    <section className="home-top-news" aria-labelledby="home-top-news-title">
      <div className="home-panel__head">
        <h2 id="home-top-news-title" className="home-panel__title">
          {plate?.name ?? '要闻'}
        </h2>
        <a className="home-panel__title-more" href={`#${plate?.moreButtonUrl || '/xwzx'}`}>
          更多 &gt;
        </a>
      </div>
      <QueryState query={modules} isEmpty={() => false} rows={6}>
        {() => <TopNewsOfPlate plateId={plate?.plateId ?? null} />}
      </QueryState>
    </section>
  );
}
