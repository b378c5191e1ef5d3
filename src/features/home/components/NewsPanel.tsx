import { QueryState } from '@/components/QueryState';
import { HOME_NEWS_PER_TAB } from '@/domain/constants';
import type { NewsItem } from '@/domain/contracts';
import { useNews } from '../api/get-news';

function newsLink(item: NewsItem): { href: string; target?: '_blank'; rel?: string } {
  return item.isOuterLink === 1
    ? { href: item.outerLinkUrl, target: '_blank', rel: 'noopener noreferrer' }
    : { href: `#/newsDetailxwzx?newsId=${item.id}` };
}

/** Latest news of every plate. */
export function NewsPanel() {
  const news = useNews({ size: HOME_NEWS_PER_TAB });
  return (
    <section className="home-panel home-news" aria-labelledby="home-news-title">
      <div className="home-panel__head">
        <h2 id="home-news-title" className="home-panel__title">
          新闻动态
        </h2>
        <a className="home-panel__title-more" href="#/xwzx">
          更多 &gt;
        </a>
      </div>
      <QueryState query={news} isEmpty={(page) => page.records.length === 0}>
        {(page) => (
          <ul className="text-list text-list--two-columns">
            {page.records.map((item) => (
              <li key={item.id}>
                <a {...newsLink(item)} title={item.title}>
                  {item.title}
                </a>
                <time className="tabular">{item.publishDate.slice(0, 10)}</time>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
