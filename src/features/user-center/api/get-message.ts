import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ENROLMENT_PATHS, type MessageItem } from '#domain/contract/enrolment';

/** Reading a message marks it read on the server. */
export const getMessage = (id: number) => http.get<MessageItem>(ENROLMENT_PATHS.messageDetail, { id });

export const messageQueryOptions = (id: number) => queryOptions({ queryKey: ['user-center', 'message', id], queryFn: () => getMessage(id), staleTime: 0 });

export const useMessage = (id: number | null) => useQuery({ ...messageQueryOptions(id ?? 0), enabled: id !== null });
