/** 合同 (STAFF_LOT_PATHS.contract*): the contracts by state, the exchange's seal, the transferor's account, drafting the missing ones. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_LOT_PATHS, type StaffContract } from '#domain/contract/staffLots';
import type { ContractState } from '#domain/contract/tradeContract';
import { staffHttp } from '../../api/http';

export const useContracts = (state: ContractState) =>
  useQuery({ queryKey: ['staff', 'contracts', state], queryFn: () => staffHttp.get<StaffContract[]>(STAFF_LOT_PATHS.contractPage, { state }) });

/** A change of the contracts: every list is read again. */
function useContractAction<I, R>(send: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'contracts'] }) });
}

export const useSeal = () => useContractAction((id: number) => staffHttp.post<{ id: number; contractCode: string; state: string }>(STAFF_LOT_PATHS.contractSeal, { id }));

export const useAssignTransferor = () =>
  useContractAction((input: { id: number; loginName: string }) => staffHttp.post<null>(STAFF_LOT_PATHS.contractAssignTransferor, input));

export const useDraftMissing = () => useContractAction(() => staffHttp.post<{ drafted: number }>(STAFF_LOT_PATHS.contractDraftMissing, {}));
