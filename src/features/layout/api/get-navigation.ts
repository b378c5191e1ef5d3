import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { NavigationEntry } from '#domain/contract/portal';

export const getNavigation = () => http.get<NavigationEntry[]>('/blade-desk/navigation-config/list');

export const navigationQueryOptions = () =>
  queryOptions({ queryKey: ['navigation'], queryFn: getNavigation, staleTime: 10 * 60_000 });

export const useNavigation = () => useQuery(navigationQueryOptions());
