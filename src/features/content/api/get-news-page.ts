import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NewsItem, Page } from '@/domain/contracts';

export interface NewsPageQuery {
  plateId: number;
  size: number;
  current: number;
}

/** POST /dscq-content/news-content/page. */
export const getNewsPage = (q: NewsPageQuery) => http.post<Page<NewsItem>>('/dscq-content/news-content/page', { ...q });

export const newsPageQueryOptions = (q: NewsPageQuery) =>
  queryOptions({ queryKey: ['content', 'news', q], queryFn: () => getNewsPage(q), staleTime: 60_000, placeholderData: keepPreviousData });

export const useNewsPage = (q: NewsPageQuery) => useQuery(newsPageQueryOptions(q));
