import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NoticeDetail } from '#domain/contract/content';

/** POST /dscq-project/notice/detail. */
export const getNoticeDetail = (id: number) => http.post<NoticeDetail>('/dscq-project/notice/detail', { id });

export const noticeDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['content', 'notice-detail', id], queryFn: () => getNoticeDetail(id), staleTime: 60_000 });

export const useNoticeDetail = (id: number) => useQuery(noticeDetailQueryOptions(id));
