import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Notice, Page } from '@/domain/contracts';

/** Notice types seeded by the server: 1 挂牌公告, 2 成交公告, 3 结果公示. */
export const NOTICE_TYPES = { listing: 1, transaction: 2, result: 3 } as const;

export const getNotices = (query: { noticeType: number; size: number }) =>
  http.post<Page<Notice>>('/dscq-project/notice/page', { ...query, current: 1 });

export const noticesQueryOptions = (query: { noticeType: number; size: number }) =>
  queryOptions({ queryKey: ['home', 'notices', query], queryFn: () => getNotices(query), staleTime: 60_000 });

export const useNotices = (query: { noticeType: number; size: number }) => useQuery(noticesQueryOptions(query));
