import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import type { NewsItem } from '#domain/contract/portal';
import type { Page, PageQuery } from '#domain/contract/envelope';

/** A plate (a parent plate covers its children; absent: every plate) and the page. */
export type NewsPageQuery = PageQuery & { plateId?: number };

/** POST /dscq-content/news-content/page: the newest articles of a plate. */
export const getNewsPage = (query: NewsPageQuery) => http.post<Page<NewsItem>>('/dscq-content/news-content/page', { ...query });

export const newsPageQueryOptions = (query: NewsPageQuery) =>
  queryOptions({ queryKey: ['newsPage', query], queryFn: () => getNewsPage(query), staleTime: 60_000, placeholderData: keepPreviousData });

export const useNewsPage = (query: NewsPageQuery) => useQuery(newsPageQueryOptions(query));
