import { queryOptions, useQuery } from '@tanstack/react-query';
import { JUDICIAL_PATHS, type JudicialCourt } from '#domain/contract/projects';
import { judicialSend } from '@/api/transport';

/** GET /wechatProject/ajaxGetCourt?cityCode=: the courts (of a city). */
export const getCourts = (cityCode: string | undefined) => judicialSend<JudicialCourt[]>('GET', JUDICIAL_PATHS.courts, { cityCode });

export const courtsQueryOptions = (cityCode: string | undefined) =>
  queryOptions({ queryKey: ['judicial', 'courts', cityCode ?? ''], queryFn: () => getCourts(cityCode), staleTime: 10 * 60_000 });

export const useCourts = (cityCode: string | undefined) => useQuery(courtsQueryOptions(cityCode));
