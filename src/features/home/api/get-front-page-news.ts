import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NewsItem } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';

/** POST /dscq-content/news-content/front-page: the picture news of the home carousel. */
export const getFrontPageNews = (size: number) =>
  http.post<Page<NewsItem>>('/dscq-content/news-content/front-page', { size, current: 1 });

export const frontPageNewsQueryOptions = (size: number) =>
  queryOptions({ queryKey: ['home', 'front-page-news', size], queryFn: () => getFrontPageNews(size), staleTime: 60_000 });

export const useFrontPageNews = (size: number) => useQuery(frontPageNewsQueryOptions(size));
