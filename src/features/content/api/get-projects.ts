import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { ListedAsset, Page } from '@/domain/contracts';

export interface ProjectQuery {
  q?: string;
  typeCode?: number;
  associationId?: number;
  state?: string;
  size: number;
  current: number;
}

/** POST /dscq-project/search/page: the special pages' project lists. */
export const getProjects = (q: ProjectQuery) => http.post<Page<ListedAsset>>('/dscq-project/search/page', { ...q });

export const projectsQueryOptions = (q: ProjectQuery) =>
  queryOptions({ queryKey: ['content', 'projects', q], queryFn: () => getProjects(q), staleTime: 60_000, placeholderData: keepPreviousData });

export const useProjects = (q: ProjectQuery) => useQuery(projectsQueryOptions(q));
