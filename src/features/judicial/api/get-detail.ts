import { queryOptions, useQuery } from '@tanstack/react-query';
import { JUDICIAL_PATHS, type JudicialItemDetail } from '#domain/contract/projects';
import { judicialSend } from '@/api/transport';

/** GET /wechatProject/detail?pkHouseproject= (ours: the spec shows no detail call). */
export const getJudicialDetail = (pkHouseproject: string) =>
  judicialSend<JudicialItemDetail>('GET', JUDICIAL_PATHS.detail, { pkHouseproject });

export const judicialDetailQueryOptions = (pk: string) =>
  queryOptions({ queryKey: ['judicial', 'detail', pk], queryFn: () => getJudicialDetail(pk), staleTime: 60_000 });

export const useJudicialDetail = (pk: string | undefined) =>
  useQuery({ ...judicialDetailQueryOptions(pk ?? ''), enabled: Boolean(pk) });
