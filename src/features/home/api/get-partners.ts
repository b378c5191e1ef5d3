import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import type { Partner } from '#domain/contract/content';

/** POST /dscq-content/partners/page (spec: positionType, size 100). */
export const getPartners = (positionType: number) =>
  http.post<Page<Partner>>('/dscq-content/partners/page', { positionType, size: 100, current: 1 });

export const partnersQueryOptions = (positionType: number) =>
  queryOptions({ queryKey: ['home', 'partners', positionType], queryFn: () => getPartners(positionType), staleTime: 10 * 60_000 });

export const usePartners = (positionType: number) => useQuery(partnersQueryOptions(positionType));
