import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import type { Recruit } from '#domain/contract/content';

/** GET /blade-desk/recruit/list. */
export const getRecruits = () => http.get<Page<Recruit>>('/blade-desk/recruit/list', { size: 20, current: 1 });

export const recruitsQueryOptions = () => queryOptions({ queryKey: ['content', 'recruits'], queryFn: getRecruits, staleTime: 5 * 60_000 });

export const useRecruits = () => useQuery(recruitsQueryOptions());
