import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { ListedAsset } from '#domain/contract/portal';
import { PROJECT_PATHS } from '#domain/contract/projects';

export const RECOMMENDATION_COUNT = 4;

/** POST /dscq-project/search/assets-recommend: same type first, then same city, enrolling first. */
export const getRecommendations = (assetsId: number) =>
  http.post<ListedAsset[]>(PROJECT_PATHS.recommend, { assetsId, size: RECOMMENDATION_COUNT });

export const recommendationsQueryOptions = (assetsId: number) =>
  queryOptions({ queryKey: ['projects', 'recommend', assetsId], queryFn: () => getRecommendations(assetsId), staleTime: 60_000 });

export const useRecommendations = (assetsId: number) => useQuery(recommendationsQueryOptions(assetsId));
