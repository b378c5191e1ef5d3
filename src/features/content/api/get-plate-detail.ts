import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NewsPlateDetail } from '#domain/contract/content';

/** GET /dscq-content/news-platecfig/detail: a plate by id or by code, with parent and children. */
export const getPlateDetail = (by: { id?: number; plateCode?: string }) =>
  http.get<NewsPlateDetail>('/dscq-content/news-platecfig/detail', by);

export const plateDetailQueryOptions = (by: { id?: number; plateCode?: string }) =>
  queryOptions({ queryKey: ['content', 'plate', by], queryFn: () => getPlateDetail(by), staleTime: 10 * 60_000 });

export const usePlateDetail = (by: { id?: number; plateCode?: string }, enabled = true) =>
  useQuery({ ...plateDetailQueryOptions(by), enabled });
