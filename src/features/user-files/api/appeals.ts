/** 申诉: the user's list, one appeal, the records a kind may name, and the submission. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { APPEAL_PATHS, type AppealDetail, type AppealKind, type AppealSubject, type AppealSummary } from '#domain/contract/userFiles';

export const appealsQueryOptions = (current: number, size: number) =>
  queryOptions({
    queryKey: ['user-files', 'appeals', current, size],
    queryFn: () => http.get<Page<AppealSummary>>(APPEAL_PATHS.page, { current, size }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
export const useAppeals = (current: number, size: number) => useQuery(appealsQueryOptions(current, size));

export const appealQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['user-files', 'appeal', id], queryFn: () => http.get<AppealDetail>(APPEAL_PATHS.detail, { id }), staleTime: 0 });
export const useAppeal = (id: number | undefined) => useQuery({ ...appealQueryOptions(id ?? 0), enabled: id !== undefined });

export const useAppealSubjects = (kind: AppealKind | undefined) =>
  useQuery({
    queryKey: ['user-files', 'appeal-subjects', kind],
    queryFn: () => http.get<AppealSubject[]>(APPEAL_PATHS.subjects, { kind: kind! }),
    enabled: kind !== undefined,
    staleTime: 0,
  });

export interface AppealInput {
  kind: AppealKind;
  subjectId: number;
  reason: string;
  fileIds: string[];
}
export const submitAppeal = (input: AppealInput) => http.post<AppealDetail>(APPEAL_PATHS.submit, undefined, input);
