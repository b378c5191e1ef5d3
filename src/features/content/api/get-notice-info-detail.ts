import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NoticeInfoDetail } from '@/domain/content';

/** GET /blade-desk/notice-info/detail. */
export const getNoticeInfoDetail = (id: number) => http.get<NoticeInfoDetail>('/blade-desk/notice-info/detail', { id });

export const useNoticeInfoDetail = (id: number) =>
  useQuery(queryOptions({ queryKey: ['content', 'notice-info-detail', id], queryFn: () => getNoticeInfoDetail(id), staleTime: 60_000 }));
