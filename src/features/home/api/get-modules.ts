import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { PageModule } from '#domain/contract/content';

/** The module groups of the home page: top news, the news block, the right panel and the policy column. */
export const HOME_MODULE_CODES = ['home-top', 'home-news', 'home-right', 'home-policy'] as const;
export type HomeModuleCode = (typeof HOME_MODULE_CODES)[number];

/** POST /dscq-content/page-modules-content/batch-list (spec: modulesCodes). One call for every group. */
export const getModules = () =>
  http.post<PageModule[]>('/dscq-content/page-modules-content/batch-list', { modulesCodes: HOME_MODULE_CODES.join(',') });

export const modulesQueryOptions = () =>
  queryOptions({ queryKey: ['home', 'modules'], queryFn: getModules, staleTime: 10 * 60_000 });

/** The modules of one group, in order. */
export const useModules = (code: HomeModuleCode) =>
  useQuery({ ...modulesQueryOptions(), select: (modules) => modules.filter((m) => m.modulesCode === code) });
