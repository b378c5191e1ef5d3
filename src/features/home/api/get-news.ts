import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NewsItem, Page } from '@/domain/contracts';

export const getNewsPage = (query: { plateId?: number; size: number }) =>
  http.post<Page<NewsItem>>('/dscq-content/news-content/page', { ...query, current: 1 });

export const newsQueryOptions = (query: { plateId?: number; size: number }) =>
  queryOptions({ queryKey: ['home', 'news', query], queryFn: () => getNewsPage(query), staleTime: 60_000 });

export const useNews = (query: { plateId?: number; size: number }) => useQuery(newsQueryOptions(query));
