import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import type { Ad } from '#domain/contract/content';

/** POST /dscq-content/ad-ads/list: the ads of one position (spec: code, size 100, current 1). */
export const getAds = (code: string) => http.post<Page<Ad>>('/dscq-content/ad-ads/list', { code, size: 100, current: 1 });

export const adsQueryOptions = (code: string) =>
  queryOptions({ queryKey: ['home', 'ads', code], queryFn: () => getAds(code), staleTime: 5 * 60_000 });

export const useAds = (code: string) => useQuery(adsQueryOptions(code));
