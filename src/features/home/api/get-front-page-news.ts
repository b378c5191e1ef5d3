import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NewsItem } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import { CONTENT_PATHS } from '#domain/contract/content';
import { NEWS_CAROUSEL_MAX_SLIDES } from '#domain/rules/constants';
import { arrivedHanded, handoffKeys, takeHanded } from '@/start/handoff';

/** POST /dscq-content/news-content/front-page: the picture news of the home carousel. */
export const getFrontPageNews = (size: number) => http.post<Page<NewsItem>>(CONTENT_PATHS.frontPageNews, { size, current: 1 });

export const frontPageNewsQueryOptions = (size: number) => {
  // The carousel's page, which the start step asks for on the home page (src/start): its answer, drawn at once
  // if it has come, else awaited; one request, not two.
  const handed = size === NEWS_CAROUSEL_MAX_SLIDES;
  return queryOptions({
    queryKey: ['home', 'front-page-news', size],
    initialData: () => (handed ? (arrivedHanded(handoffKeys.homeNews) as Page<NewsItem> | undefined) : undefined),
    queryFn: async () => ((handed ? await takeHanded(handoffKeys.homeNews) : null) as Page<NewsItem> | null) ?? getFrontPageNews(size),
    staleTime: 60_000,
  });
};

export const useFrontPageNews = (size: number) => useQuery(frontPageNewsQueryOptions(size));
