import { queryOptions, useQuery } from '@tanstack/react-query';
import { JUDICIAL_PATHS, type JudicialCity } from '#domain/contract/projects';
import { judicialSend } from '@/api/transport';

/** GET /wechatProject/ajaxGetCity: the cities the service has courts in. */
export const getCities = () => judicialSend<JudicialCity[]>('GET', JUDICIAL_PATHS.cities);

export const citiesQueryOptions = () =>
  queryOptions({ queryKey: ['judicial', 'cities'], queryFn: getCities, staleTime: 10 * 60_000 });

export const useJudicialCities = () => useQuery(citiesQueryOptions());
