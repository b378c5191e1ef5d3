import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Region } from '#domain/contract/auth';
import { PROVINCE_CODE } from '#domain/rules/constants';

/** GET /dscq-system/region/list?pbh=: '13' → Hebei's cities; a city code → its counties. */
export const getRegions = (pbh: string) => http.get<Region[]>('/dscq-system/region/list', { pbh });

export const regionsQueryOptions = (pbh: string) =>
  queryOptions({ queryKey: ['projects', 'regions', pbh], queryFn: () => getRegions(pbh), staleTime: Infinity });

export const useCities = () => useQuery(regionsQueryOptions(String(PROVINCE_CODE)));

/** Counties of a city code; idle without one. */
export const useCounties = (cityCode: string | undefined) =>
  useQuery({ ...regionsQueryOptions(cityCode ?? ''), enabled: Boolean(cityCode) });
