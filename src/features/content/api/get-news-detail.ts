import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NewsArticle } from '#domain/contract/content';

/** POST /dscq-content/news-content/detail: the article with its plate name and attachments. */
export const getNewsDetail = (id: number) => http.post<NewsArticle>('/dscq-content/news-content/detail', { id });

export const newsDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['content', 'news-detail', id], queryFn: () => getNewsDetail(id), staleTime: 60_000 });

export const useNewsDetail = (id: number) => useQuery(newsDetailQueryOptions(id));
