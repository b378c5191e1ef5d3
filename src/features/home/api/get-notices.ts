import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Notice, Page } from '@/domain/contracts';

/** POST /dscq-project/notice/page: notices of one type, newest first. */
export const getNotices = (query: { noticeType: number; size: number }) =>
  http.post<Page<Notice>>('/dscq-project/notice/page', { ...query, current: 1 });

export const noticesQueryOptions = (query: { noticeType: number; size: number }) =>
  queryOptions({ queryKey: ['home', 'notices', query], queryFn: () => getNotices(query), staleTime: 60_000 });

export const useNotices = (query: { noticeType: number; size: number }) => useQuery(noticesQueryOptions(query));
