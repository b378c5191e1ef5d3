import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Notice, Page } from '@/domain/contracts';

export interface NoticePageQuery {
  noticeType: number;
  size: number;
  current: number;
}

/** POST /dscq-project/notice/page. */
export const getNoticePage = (q: NoticePageQuery) => http.post<Page<Notice>>('/dscq-project/notice/page', { ...q });

export const noticePageQueryOptions = (q: NoticePageQuery) =>
  queryOptions({ queryKey: ['content', 'notices', q], queryFn: () => getNoticePage(q), staleTime: 60_000, placeholderData: keepPreviousData });

export const useNoticePage = (q: NoticePageQuery) => useQuery(noticePageQueryOptions(q));
