import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import { SITE_RUNTIME_PATH, type SiteRuntime } from '#domain/contract/portal';

/** (ours) What kind of install answers: the 演示环境 notice (layout) and the cashier's payment options read it. */
export const getSiteRuntime = () => http.get<SiteRuntime>(SITE_RUNTIME_PATH);

/** Fixed for the life of the server process: fetched once per page load. */
export const siteRuntimeQueryOptions = () =>
  queryOptions({ queryKey: ['siteRuntime'], queryFn: getSiteRuntime, staleTime: Infinity, retry: false, refetchOnWindowFocus: false });

export const useSiteRuntime = () => useQuery(siteRuntimeQueryOptions());
