import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import type { ColumnContent } from '#domain/contract/content';

/** GET /dscq-content/columns-content/page: the items of one content column, in order. */
export const getColumnContent = (columnCode: string, size = 50) =>
  http.get<Page<ColumnContent>>('/dscq-content/columns-content/page', { columnCode, size, current: 1 });

export const columnContentQueryOptions = (columnCode: string) =>
  queryOptions({ queryKey: ['content', 'column', columnCode], queryFn: () => getColumnContent(columnCode), staleTime: 5 * 60_000 });

export const useColumnContent = (columnCode: string) => useQuery(columnContentQueryOptions(columnCode));
