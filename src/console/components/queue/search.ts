import { z } from 'zod/mini';
import { QUEUE_STATES, type ListedQueue } from '#domain/contract/staffQueues';
import { lenient, optionalId } from '@/lib/searchParams';

/** The filters of a queue's page in the URL: state (absent: waiting), page, and the item open in the drawer. */
export interface QueueSearch {
  state?: string;
  current?: number;
  id?: number;
}

/** The search schema of a queue's page: an unknown state falls back to waiting. */
export function queueSearch(queue: ListedQueue) {
  const allowed: readonly string[] = ['waiting', 'handled', 'all', ...QUEUE_STATES[queue].all];
  return z.object({
    state: lenient(z.string().check(z.refine((state) => allowed.includes(state)))),
    current: optionalId,
    id: optionalId,
  });
}
