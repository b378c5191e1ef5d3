/** Four eyes (STAFF_PATHS.approval*): the items the member may decide or has prepared; approve, reject, withdraw. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_PATHS, type ApprovalItem } from '#domain/contract/staff';
import type { Page } from '#domain/contract/envelope';
import { staffHttp } from '../../api/http';
import { stateFilter, type ApprovalsSearch } from './search';

export const APPROVALS_PAGE_SIZE = 20;

export const approvalsQueryOptions = (search: ApprovalsSearch) =>
  queryOptions({
    queryKey: ['staff', 'approvals', search],
    queryFn: () => staffHttp.get<Page<ApprovalItem>>(STAFF_PATHS.approvalPage, { kind: search.kind, state: stateFilter(search), current: search.current ?? 1, size: APPROVALS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const useApprovals = (search: ApprovalsSearch) => useQuery(approvalsQueryOptions(search));

type Decision = { action: 'approve' | 'withdraw'; id: number } | { action: 'reject'; id: number; reason: string };

const DECISION_PATHS = { approve: STAFF_PATHS.approvalApprove, reject: STAFF_PATHS.approvalReject, withdraw: STAFF_PATHS.approvalWithdraw } as const;

/** One decision; afterwards the list and the queue counts are read again. */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...params }: Decision) => staffHttp.post<ApprovalItem>(DECISION_PATHS[action], params),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'approvals'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'queues'] });
    },
  });
}
