/**
 * The review pages' calls (QueueWorkbench) on the console's one queue API (api/queues.ts): a queue's list by
 * the filters in the URL, one item's detail, an action on an item named by its path, a file as a blob.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListedQueue, QueueItem } from '#domain/contract/staffQueues';
import { staffHttp } from '../../api/http';
import { afterStaffAction, queueDetailOptions, queueListOptions } from '../../api/queues';
import type { QueueSearch } from './search';

export { QUEUE_PAGE_SIZE } from '../../api/queues';

export const useQueueList = <T extends QueueItem>(queue: ListedQueue, path: string, search: QueueSearch) =>
  useQuery(queueListOptions<T>(queue, path, { state: search.state ?? 'waiting', order: 'oldest', current: search.current ?? 1 }));

export const useQueueDetail = <T extends QueueItem>(queue: ListedQueue, path: string, id: number) => useQuery(queueDetailOptions<T>(queue, path, id));

export interface QueueActionCall {
  path: string;
  id: number;
  /** The refusal's reason or the answer, under its parameter's name. */
  text?: { name: 'reason' | 'answer'; value: string };
}

/** One action on one item, its path given with the call (a page offers several). */
export function useItemAction(queue: ListedQueue) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, id, text }: QueueActionCall) => staffHttp.post<QueueItem>(path, text ? { id, [text.name]: text.value } : { id }),
    onSettled: () => afterStaffAction(queryClient, queue),
  });
}

/** A file the server sends only with the staff token (a user's upload, a seal's image): its bytes. */
export const getStaffBlob = (path: string, params: Record<string, string | number> = {}) => staffHttp.file(path, params);
