import { useState } from 'react';
import { Tag } from 'antd';
import { QueryState } from '@/components/QueryState';
import { NOTICE_TYPE_NAMES } from '#domain/rules/content';
import type { NewsItem } from '#domain/contract/portal';
import { useNewsPage } from '@/api/resources/get-news-page';
import { useNoticePage } from '@/api/resources/get-notice-page';
import { CONTENT_PAGE_SIZE } from '../constants';
import { Pager } from './Pager';

export function articleLink(item: Pick<NewsItem, 'id' | 'isOuterLink' | 'outerLinkUrl'>, detailRoute: string) {
  return item.isOuterLink === 1 && item.outerLinkUrl
    ? { href: item.outerLinkUrl, target: '_blank' as const, rel: 'noopener noreferrer' }
    : { href: `#${detailRoute}?newsId=${item.id}` };
}

/** A plate's articles (a parent plate lists its children's too), newest first, 12 a page. */
export function ArticleList({ plateId, detailRoute }: { plateId: number; detailRoute: string }) {
  const [current, setCurrent] = useState(1);
  const news = useNewsPage({ plateId, size: CONTENT_PAGE_SIZE, current });
  return (
    <QueryState query={news} isEmpty={(page) => page.total === 0} emptyHint="本栏目暂未发布内容" rows={8}>
      {(page) => (
        <>
          <ul className="article-list">
            {page.records.map((item) => (
              <li key={item.id} className="article-list__item">
                <div className="article-list__main">
                  <a {...articleLink(item, detailRoute)} className="article-list__title" title={item.title}>
                    {item.title}
                  </a>
                  {item.summarys && <p className="article-list__summary">{item.summarys}</p>}
                </div>
                <time className="article-list__date tabular">{item.publishDate.slice(0, 10)}</time>
              </li>
            ))}
          </ul>
          <Pager total={page.total} size={CONTENT_PAGE_SIZE} current={current} onChange={setCurrent} />
        </>
      )}
    </QueryState>
  );
}

/** The notices of one type (a notice plate), newest first, 12 a page. */
export function NoticeList({ noticeType }: { noticeType: number }) {
  const [current, setCurrent] = useState(1);
  const notices = useNoticePage({ noticeType, size: CONTENT_PAGE_SIZE, current });
  return (
    <QueryState query={notices} isEmpty={(page) => page.total === 0} emptyHint="暂无公告" rows={8}>
      {(page) => (
        <>
          <ul className="article-list">
            {page.records.map((n) => (
              <li key={n.id} className="article-list__item">
                <div className="article-list__main">
                  <a href={`#/noticeDetail?newsId=${n.id}&id=${n.noticeType}`} className="article-list__title" title={n.noticeTitle}>
                    <Tag color="red">{NOTICE_TYPE_NAMES[n.noticeType] ?? '公告'}</Tag>
                    {n.noticeTitle}
                  </a>
                </div>
                <time className="article-list__date tabular">{n.publishDate.slice(0, 10)}</time>
              </li>
            ))}
          </ul>
          <Pager total={page.total} size={CONTENT_PAGE_SIZE} current={current} onChange={setCurrent} />
        </>
      )}
    </QueryState>
  );
}
