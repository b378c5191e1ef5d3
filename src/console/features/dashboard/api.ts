/** The work queues (STAFF_PATHS.queues): what is waiting for the member's roles, and for how long. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_PATHS, type QueueSummary } from '#domain/contract/staff';
import { staffHttp } from '../../api/http';

export const queuesQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'queues'], queryFn: () => staffHttp.get<QueueSummary[]>(STAFF_PATHS.queues) });

export const useQueues = () => useQuery(queuesQueryOptions());
