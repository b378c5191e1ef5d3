import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '@/domain/contracts';
import type { NoticeInfo } from '@/domain/content';

/** POST /blade-desk/notice-info/list (the spec has GET and POST; the list page uses POST). */
export const getNoticeInfoPage = (current: number, size: number) =>
  http.post<Page<NoticeInfo>>('/blade-desk/notice-info/list', { current, size });

export const noticeInfoPageQueryOptions = (current: number, size: number) =>
  queryOptions({ queryKey: ['content', 'notice-info', current, size], queryFn: () => getNoticeInfoPage(current, size), staleTime: 60_000, placeholderData: keepPreviousData });

export const useNoticeInfoPage = (current: number, size: number) => useQuery(noticeInfoPageQueryOptions(current, size));
