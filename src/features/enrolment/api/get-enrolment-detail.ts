import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ENROLMENT_PATHS, type EnrolmentDetail } from '#domain/contract/enrolment';

export const getEnrolmentDetail = (id: number) => http.get<EnrolmentDetail>(ENROLMENT_PATHS.detail, { id });

export const enrolmentDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['enrolment', 'detail', id], queryFn: () => getEnrolmentDetail(id), staleTime: 0 });

export const useEnrolmentDetail = (id: number | null) => useQuery({ ...enrolmentDetailQueryOptions(id ?? 0), enabled: id !== null });
