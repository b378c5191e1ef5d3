import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { PROJECT_PATHS, PROJECT_SEARCH_MAX_SIZE, type CollectedAsset } from '#domain/contract/projects';
import { useSession } from '@/lib/session';

/** POST /dscq-user/collect-assets/assets-list: the user's favourites, newest first. */
export const getCollectList = (current: number, size: number) =>
  http.post<Page<CollectedAsset>>(PROJECT_PATHS.collectList, { current, size });

export const collectListQueryOptions = (userId: string | null, current: number, size: number) =>
  queryOptions({
    queryKey: ['projects', 'collect', userId, current, size],
    queryFn: () => getCollectList(current, size),
    placeholderData: keepPreviousData,
  });

export function useCollectList(current: number, size: number) {
  const { user } = useSession();
  return useQuery(collectListQueryOptions(user?.baseUserId ?? null, current, size));
}

/**
 * Which assets on screen are favourites: the list rows carry no flag, so a logged-in user's first
 * page of favourites (the most a page may hold) marks them. Nothing is asked when anonymous.
 */
export function useCollectedIds(): ReadonlySet<number> {
  const { user } = useSession();
  const userId = user?.baseUserId ?? null;
  const query = useQuery({
    ...collectListQueryOptions(userId, 1, PROJECT_SEARCH_MAX_SIZE),
    enabled: userId !== null,
    select: (page) => new Set(page.records.map((asset) => asset.id)),
  });
  return query.data ?? EMPTY;
}

const EMPTY: ReadonlySet<number> = new Set();
