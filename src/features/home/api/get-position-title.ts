import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { PositionTitle } from '#domain/contract/content';

/** GET /blade-desk/title-config/by-position (spec: "title by position a1"; the path is ours). */
export const getPositionTitle = (position: string) =>
  http.get<PositionTitle>('/blade-desk/title-config/by-position', { position });

export const positionTitleQueryOptions = (position: string) =>
  queryOptions({ queryKey: ['home', 'position-title', position], queryFn: () => getPositionTitle(position), staleTime: 10 * 60_000 });

export const usePositionTitle = (position: string) => useQuery(positionTitleQueryOptions(position));
