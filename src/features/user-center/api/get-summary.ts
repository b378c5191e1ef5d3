import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ENROLMENT_PATHS, type UserCentreSummary } from '#domain/contract/enrolment';

export const getSummary = () => http.get<UserCentreSummary>(ENROLMENT_PATHS.summary);

export const summaryQueryOptions = () => queryOptions({ queryKey: ['user-center', 'summary'], queryFn: getSummary, staleTime: 0 });

export const useSummary = () => useQuery(summaryQueryOptions());
