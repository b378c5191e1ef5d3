import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { PROJECT_PATHS, type FilterConfig } from '#domain/contract/projects';

/** GET /blade-desk/filter-query-config/open-list: the trading centre's filter bar. */
export const getFilterConfig = () => http.get<FilterConfig[]>(PROJECT_PATHS.filterConfig);

export const filterConfigQueryOptions = () =>
  queryOptions({ queryKey: ['projects', 'filter-config'], queryFn: getFilterConfig, staleTime: 10 * 60_000 });

export const useFilterConfig = () => useQuery(filterConfigQueryOptions());
