import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import type { Page, PageQuery } from '#domain/contract/envelope';
import type { NoticeInfo } from '#domain/contract/content';

export type NoticeInfoQuery = PageQuery;

/** POST /blade-desk/notice-info/list: the site notices, pinned first (the spec has GET and POST alike). */
export const getNoticeInfo = (query: NoticeInfoQuery) => http.post<Page<NoticeInfo>>('/blade-desk/notice-info/list', { ...query });

export const noticeInfoQueryOptions = (query: NoticeInfoQuery) =>
  queryOptions({ queryKey: ['noticeInfo', query], queryFn: () => getNoticeInfo(query), staleTime: 60_000, placeholderData: keepPreviousData });

export const useNoticeInfo = (query: NoticeInfoQuery) => useQuery(noticeInfoQueryOptions(query));
