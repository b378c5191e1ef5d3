import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { ENROLMENT_PATHS, type EnrolmentSummary } from '#domain/contract/enrolment';

export const getMyEnrolments = (current: number, size: number) => http.get<Page<EnrolmentSummary>>(ENROLMENT_PATHS.myPage, { current, size });

export const myEnrolmentsQueryOptions = (current: number, size: number) =>
  queryOptions({ queryKey: ['user-center', 'enrolments', current, size], queryFn: () => getMyEnrolments(current, size), staleTime: 0, placeholderData: keepPreviousData });

export const useMyEnrolments = (current: number, size: number) => useQuery(myEnrolmentsQueryOptions(current, size));
