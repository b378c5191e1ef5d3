import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import type { Notice } from '#domain/contract/portal';
import type { Page, PageQuery } from '#domain/contract/envelope';

export type NoticePageQuery = PageQuery & { noticeType: number };

/** POST /dscq-project/notice/page: the transaction notices of one type, newest first. */
export const getNoticePage = (query: NoticePageQuery) => http.post<Page<Notice>>('/dscq-project/notice/page', { ...query });

export const noticePageQueryOptions = (query: NoticePageQuery) =>
  queryOptions({ queryKey: ['noticePage', query], queryFn: () => getNoticePage(query), staleTime: 60_000, placeholderData: keepPreviousData });

export const useNoticePage = (query: NoticePageQuery) => useQuery(noticePageQueryOptions(query));
