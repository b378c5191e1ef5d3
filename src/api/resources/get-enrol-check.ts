import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import { ENROLMENT_PATHS, type EnrolmentCheck } from '#domain/contract/enrolment';

/**
 * GET /dscq-project/enroll/check: whether and why not the user may enrol, with the deadline (answers
 * visitors too: reason notLoggedIn). Exempt from the generic warning (errorCatalogue): the caller shows it.
 */
export const getEnrolCheck = (assetsId: number) => http.get<EnrolmentCheck>(ENROLMENT_PATHS.check, { assetsId });

export const enrolCheckQueryOptions = (assetsId: number) =>
  queryOptions({ queryKey: ['enrolment', 'check', assetsId], queryFn: () => getEnrolCheck(assetsId), staleTime: 30_000 });

/** Fetched when `enabled` (a hint opened). */
export const useEnrolCheck = (assetsId: number, enabled = true) => useQuery({ ...enrolCheckQueryOptions(assetsId), enabled });
