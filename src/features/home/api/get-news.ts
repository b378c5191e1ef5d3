import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NewsItem, Page } from '@/domain/contracts';

export interface NewsQuery {
  plateId?: number | null;
  size: number;
}

/** POST /dscq-content/news-content/page: the newest articles of a plate (a parent plate covers its children). */
export const getNewsPage = (query: NewsQuery) =>
  http.post<Page<NewsItem>>('/dscq-content/news-content/page', { plateId: query.plateId ?? undefined, size: query.size, current: 1 });

export const newsQueryOptions = (query: NewsQuery) =>
  queryOptions({ queryKey: ['home', 'news', query], queryFn: () => getNewsPage(query), staleTime: 60_000 });

export const useNews = (query: NewsQuery) => useQuery(newsQueryOptions(query));
