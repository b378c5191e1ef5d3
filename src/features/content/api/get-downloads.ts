import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import type { DownloadFile } from '#domain/contract/content';

export interface DownloadQuery {
  category?: string;
  size: number;
  current: number;
}

/** POST /dscq-content/download-file/page (ours: the download centre). */
export const getDownloads = (q: DownloadQuery) => http.post<Page<DownloadFile>>('/dscq-content/download-file/page', { ...q });

export const downloadsQueryOptions = (q: DownloadQuery) =>
  queryOptions({ queryKey: ['content', 'downloads', q], queryFn: () => getDownloads(q), staleTime: 60_000, placeholderData: keepPreviousData });

export const useDownloads = (q: DownloadQuery) => useQuery(downloadsQueryOptions(q));
