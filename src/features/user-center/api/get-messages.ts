import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ENROLMENT_PATHS, type MessagePage } from '#domain/contract/enrolment';

export const getMessages = (current: number, size: number) => http.get<MessagePage>(ENROLMENT_PATHS.messagePage, { current, size });

export const messagesQueryOptions = (current: number, size: number) =>
  queryOptions({ queryKey: ['user-center', 'messages', current, size], queryFn: () => getMessages(current, size), staleTime: 0, placeholderData: keepPreviousData });

export const useMessages = (current: number, size: number) => useQuery(messagesQueryOptions(current, size));
