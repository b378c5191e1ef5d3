import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import type { NoticeInfoDetail } from '#domain/contract/content';

/** GET /blade-desk/notice-info/detail: one site notice with its body. */
export const getNoticeInfoDetail = (id: number) => http.get<NoticeInfoDetail>('/blade-desk/notice-info/detail', { id });

export const noticeInfoDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['noticeInfoDetail', id], queryFn: () => getNoticeInfoDetail(id), staleTime: 60_000 });

export const useNoticeInfoDetail = (id: number) => useQuery(noticeInfoDetailQueryOptions(id));
