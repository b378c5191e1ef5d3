import { queryOptions, useQuery } from '@tanstack/react-query';
import { session, useSession } from '@/lib/session';
import { http } from '../client';
import { ENROLMENT_PATHS, type EnrolmentCheck } from '#domain/contract/enrolment';

/**
 * GET /dscq-project/enroll/check: whether and why not the user may enrol, with the deadline (answers
 * visitors too: reason notLoggedIn). Exempt from the generic warning (errorCatalogue): the caller shows it.
 */
export const getEnrolCheck = (assetsId: number) => http.get<EnrolmentCheck>(ENROLMENT_PATHS.check, { assetsId });

/**
 * Who asks, as far as the answer depends on it. The server reads the caller from the bearer token alone,
 * so an answer is only good for the session it was fetched with: keyed by the user, his verification and
 * the token's age, a visitor's notLoggedIn (fetched before logging in, or with a token the refresh has
 * since replaced) is never served to the logged-in user, and verifying refetches the step.
 */
export interface EnrolCheckViewer {
  userId: string | null;
  authStatus: number | null;
  tokenStoredAt: number | null;
}

export const enrolCheckQueryOptions = (assetsId: number, viewer: EnrolCheckViewer) =>
  queryOptions({
    queryKey: ['enrolment', 'check', assetsId, viewer.userId, viewer.authStatus, viewer.tokenStoredAt],
    queryFn: () => getEnrolCheck(assetsId),
    staleTime: 30_000,
  });

/** Fetched when `enabled` (a hint opened); refetched whenever the session changes (login, logout, refresh). */
export const useEnrolCheck = (assetsId: number, enabled = true) => {
  const { user } = useSession();
  const viewer: EnrolCheckViewer = {
    userId: user?.baseUserId || null,
    authStatus: user?.authStatus ?? null,
    tokenStoredAt: session.accessToken() === null ? null : session.tokenStoredAt(),
  };
  return useQuery({ ...enrolCheckQueryOptions(assetsId, viewer), enabled });
};
