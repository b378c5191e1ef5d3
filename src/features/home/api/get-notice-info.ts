import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '@/domain/contracts';
import type { NoticeInfo } from '@/domain/content';

/** GET /blade-desk/notice-info/list: the site notices, pinned first. */
export const getNoticeInfo = (size: number) => http.get<Page<NoticeInfo>>('/blade-desk/notice-info/list', { size, current: 1 });

export const noticeInfoQueryOptions = (size: number) =>
  queryOptions({ queryKey: ['home', 'notice-info', size], queryFn: () => getNoticeInfo(size), staleTime: 60_000 });

export const useNoticeInfo = (size: number) => useQuery(noticeInfoQueryOptions(size));
