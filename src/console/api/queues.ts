/**
 * What the work-queue pages share (domain/contract/staffQueues.ts): a queue's list as a query, an action
 * that reads the queue and the dashboard counts again afterwards, and a user's file fetched with the staff
 * token. Every call goes through staffHttp, so a money action's 428 opens the password dialog and is sent
 * once more.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '#domain/contract/envelope';
import type { QueueOrder, StaffFileLink } from '#domain/contract/staffQueues';
import { saveBlob } from '@/lib/saveBlob';
import { staffHttp } from './http';

export const QUEUE_PAGE_SIZE = 20;

/** A list's filter: `waiting` (default), `handled`, `all` or one of the queue's states; oldest first by default. */
export interface QueueFilter {
  state: string;
  order: QueueOrder;
  current: number;
}

export const DEFAULT_QUEUE_FILTER: QueueFilter = { state: 'waiting', order: 'oldest', current: 1 };

/** One queue's page; its query key starts with ['staff', area] so an action of the area reads it again. */
export const queueListOptions = <T>(area: string, path: string, filter: QueueFilter, extra: Record<string, string | undefined> = {}) =>
  queryOptions({
    queryKey: ['staff', area, 'list', filter, extra],
    queryFn: () => staffHttp.get<Page<T>>(path, { ...extra, state: filter.state, order: filter.order, current: filter.current, size: QUEUE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

/** One item's detail. */
export const queueDetailOptions = <T>(area: string, path: string, id: number | null) =>
  queryOptions({
    queryKey: ['staff', area, 'detail', id],
    queryFn: () => staffHttp.get<T>(path, { id: id! }),
    enabled: id !== null,
  });

/** After any action of an area: its lists and details, the dashboard counts and the four-eyes list are read again. */
export function afterStaffAction(queryClient: QueryClient, area: string): void {
  void queryClient.invalidateQueries({ queryKey: ['staff', area] });
  void queryClient.invalidateQueries({ queryKey: ['staff', 'queues'] });
  void queryClient.invalidateQueries({ queryKey: ['staff', 'approvals'] });
}

/** An action of an area at one path (afterStaffAction when it settles). */
export function useQueueAction<I extends Record<string, unknown>, R>(area: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => staffHttp.post<R>(path, input),
    onSettled: () => afterStaffAction(queryClient, area),
  });
}

/** A user's upload, fetched with the staff token (a blob: the token travels in the header) and saved. */
export async function openStaffFile(file: StaffFileLink): Promise<void> {
  saveBlob(await staffHttp.file(file.path, {}), file.name);
}
