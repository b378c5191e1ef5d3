import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { MONEY_PATHS, type DepositReleaseChoice, type DepositReleasePreference } from '#domain/contract/ledger';

export const releasePreferenceQueryOptions = () =>
  queryOptions({ queryKey: ['money', 'release-preference'], queryFn: () => http.get<DepositReleasePreference>(MONEY_PATHS.releasePreference), staleTime: 0 });
export const useReleasePreference = () => useQuery(releasePreferenceQueryOptions());
export const postReleasePreference = (choice: DepositReleaseChoice) => http.post<DepositReleasePreference>(MONEY_PATHS.releasePreference, { choice });
