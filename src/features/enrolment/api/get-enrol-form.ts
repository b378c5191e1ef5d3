import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ENROLMENT_PATHS, type EnrolmentForm } from '#domain/contract/enrolment';

export const getEnrolForm = (assetsId: number) => http.get<EnrolmentForm>(ENROLMENT_PATHS.form, { assetsId });

export const enrolFormQueryOptions = (assetsId: number) =>
  queryOptions({ queryKey: ['enrolment', 'form', assetsId], queryFn: () => getEnrolForm(assetsId), staleTime: 0 });

export const useEnrolForm = (assetsId: number | null) => useQuery({ ...enrolFormQueryOptions(assetsId ?? 0), enabled: assetsId !== null });
