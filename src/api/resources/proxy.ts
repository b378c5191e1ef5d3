import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/client';
import { PROXY_PATH, type ProxyAnswer } from '#domain/contract/proxy';
import { fenToYuanText } from '#domain/rules/money';

/**
 * 代理出价 (docs/bidding.md "Proxy bidding"): the bidder's own ceiling in an activity. A refusal (400) is
 * the catalogue's warning with the server's Chinese text, and rejects.
 */
export const getProxy = (activityId: number) => http.get<ProxyAnswer>(PROXY_PATH, { activityId });
export const putProxy = (activityId: number, ceilingFen: number) =>
  http.send<{ data: ProxyAnswer }>({ method: 'PUT', path: PROXY_PATH, params: { activityId, ceiling: fenToYuanText(ceilingFen) } }).then((e) => e.data);
export const deleteProxy = (activityId: number) => http.send<{ data: ProxyAnswer }>({ method: 'DELETE', path: PROXY_PATH, params: { activityId } }).then((e) => e.data);

/** Keyed by the bid count: a bid may have exceeded the ceiling (or its answer moved the minimum). */
export const proxyQueryKey = (activityId: number, bidCount: number) => ['proxy', activityId, bidCount] as const;

export const useProxy = (activityId: number, bidCount: number, enabled: boolean) =>
  useQuery({ queryKey: proxyQueryKey(activityId, bidCount), queryFn: () => getProxy(activityId), enabled, placeholderData: keepPreviousData, staleTime: 30_000 });

export function useProxyMutations(activityId: number) {
  const queryClient = useQueryClient();
  const settle = (answer: ProxyAnswer) => {
    queryClient.setQueriesData<ProxyAnswer>({ queryKey: ['proxy', activityId] }, answer);
    void queryClient.invalidateQueries({ queryKey: ['proxy', activityId] });
  };
  return {
    set: useMutation({ mutationFn: (ceilingFen: number) => putProxy(activityId, ceilingFen), onSuccess: settle }),
    cancel: useMutation({ mutationFn: () => deleteProxy(activityId), onSuccess: settle }),
  };
}
