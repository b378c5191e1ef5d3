import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { AUTH_PATHS, type AgreementNotice } from '#domain/contract/auth';

/** POST /dscq-system/register-agreement/notice: the registration agreement text (sanitised HTML). */
export const getAgreementNotice = () => http.post<AgreementNotice>(AUTH_PATHS.agreementNotice);

export const agreementNoticeQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'agreement-notice'], queryFn: getAgreementNotice, staleTime: 10 * 60_000 });

export const useAgreementNotice = (enabled = true) => useQuery({ ...agreementNoticeQueryOptions(), enabled });
