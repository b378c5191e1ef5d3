import { useMemo } from 'react';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { http } from '../client';
import { DESK_PATHS, type MyLot } from '#domain/contract/desk';
import { useSession } from '@/lib/session';

/** GET /dscq-user/desk/lots (bearer): the user's lots — rooms, enrolments, favourites — with the one lot state. */
export const getMyLots = () => http.get<MyLot[]>(DESK_PATHS.lots);

/**
 * Cached under ['desk', 'lots']: the hall, a project's page, the payment result and the watch board read
 * it; what changes it (a message about an enrolment or a deposit, a favourite) invalidates ['desk'].
 */
export const myLotsQueryOptions = () => queryOptions({ queryKey: ['desk', 'lots'], queryFn: getMyLots, staleTime: 5_000 });

export interface MyLotIndex {
  lots: readonly MyLot[];
  /** By the lot's current activity. */
  byActivity: ReadonlyMap<number, MyLot>;
  /** By the listing's id. */
  byAssets: ReadonlyMap<number, MyLot>;
  ready: boolean;
  /** The query itself (loading and error states of a page built on the desk). */
  query: UseQueryResult<MyLot[]>;
}

const EMPTY: readonly MyLot[] = [];

/** The logged-in user's lots, indexed (empty for a visitor). */
export function useMyLots(): MyLotIndex {
  const { isLoggedIn } = useSession();
  const query = useQuery({ ...myLotsQueryOptions(), enabled: isLoggedIn });
  const lots = isLoggedIn ? (query.data ?? EMPTY) : EMPTY;
  // The maps keep their identity while the answer does (views key their rows' renders on them).
  const index = useMemo(
    () => ({
      lots,
      byActivity: new Map(lots.flatMap((l) => (l.listing.lot.activityId === null ? [] : [[l.listing.lot.activityId, l] as const]))),
      byAssets: new Map(lots.map((l) => [l.listing.id, l] as const)),
      ready: !isLoggedIn || query.isSuccess,
    }),
    [lots, isLoggedIn, query.isSuccess],
  );
  return { ...index, query };
}
