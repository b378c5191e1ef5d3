/** 保证金 (QUEUE_PATHS.deposit*): deposits (frozen by default) with search; forfeiting is four eyes and money (428). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalItem } from '#domain/contract/staff';
import type { Page } from '#domain/contract/envelope';
import { QUEUE_PATHS, type StaffDepositItem } from '#domain/contract/staffQueues';
import { staffHttp } from '../../api/http';
import { QUEUE_PAGE_SIZE, useQueueAction } from '../../api/queues';

const AREA = 'deposit';

export interface DepositFilter {
  /** `frozen` (default), `all` or a deposit status. */
  state: string;
  q: string;
  current: number;
}

export const depositsQueryOptions = (filter: DepositFilter) =>
  queryOptions({
    queryKey: ['staff', AREA, 'list', filter],
    queryFn: () => staffHttp.get<Page<StaffDepositItem>>(QUEUE_PATHS.depositPage, { state: filter.state, q: filter.q || undefined, current: filter.current, size: QUEUE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const useDeposits = (filter: DepositFilter) => useQuery(depositsQueryOptions(filter));
/** 没收保证金: prepared with its reason; another member approves it on 待复核. */
export const usePrepareForfeit = () => useQueueAction<{ id: number; reason: string }, ApprovalItem>(AREA, QUEUE_PATHS.depositForfeitPrepare);
