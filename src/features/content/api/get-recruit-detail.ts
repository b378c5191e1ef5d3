import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { RecruitDetail } from '#domain/contract/content';

/** GET /blade-desk/recruit/detail. */
export const getRecruitDetail = (id: number) => http.get<RecruitDetail>('/blade-desk/recruit/detail', { id });

export const recruitDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['content', 'recruit', id], queryFn: () => getRecruitDetail(id), staleTime: 5 * 60_000 });

export const useRecruitDetail = (id: number) => useQuery(recruitDetailQueryOptions(id));
