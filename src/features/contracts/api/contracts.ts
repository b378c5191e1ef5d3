/** 我的合同: the list, one contract, its versions, and every step (each answers the contract as it now is). */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getBlob, http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { CONTRACT_PATHS, type ContractDetail, type ContractState, type ContractSummary, type ContractVersion, type OpenFieldKey, type SignatoryCandidate } from '#domain/contract/tradeContract';

export const contractsQueryOptions = (current: number, size: number, state?: ContractState) =>
  queryOptions({
    queryKey: ['contracts', 'page', current, size, state ?? ''],
    queryFn: () => http.get<Page<ContractSummary>>(CONTRACT_PATHS.page, { current, size, state }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
export const useContracts = (current: number, size: number, state?: ContractState) => useQuery(contractsQueryOptions(current, size, state));

export const contractQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['contracts', 'detail', id], queryFn: () => http.get<ContractDetail>(CONTRACT_PATHS.detail, { id }), staleTime: 0 });
export const useContract = (id: number | undefined) => useQuery({ ...contractQueryOptions(id ?? 0), enabled: id !== undefined });

export const useContractVersions = (id: number) =>
  useQuery({ queryKey: ['contracts', 'versions', id], queryFn: () => http.get<ContractVersion[]>(CONTRACT_PATHS.versions, { id }), staleTime: 0 });

/** After a step: the contract's answer replaces its cached detail; the list and versions refetch. */
export function useContractUpdated() {
  const queryClient = useQueryClient();
  return async (c: ContractDetail) => {
    queryClient.setQueryData(['contracts', 'detail', c.id], c);
    await queryClient.invalidateQueries({ queryKey: ['contracts', 'page'] });
    await queryClient.invalidateQueries({ queryKey: ['contracts', 'versions', c.id] });
  };
}

export const saveOpenFields = (id: number, version: number, fields: Partial<Record<OpenFieldKey, string>>) =>
  http.post<ContractDetail>(CONTRACT_PATHS.save, undefined, { id, version, fields });
export const submitContract = (id: number) => http.post<ContractDetail>(CONTRACT_PATHS.submit, { id });
export const reopenContract = (id: number) => http.post<ContractDetail>(CONTRACT_PATHS.reopen, { id });
export const confirmContract = (id: number, version: number) => http.post<ContractDetail>(CONTRACT_PATHS.confirm, undefined, { id, version });
export const findSignatory = (id: number, keyword: string) => http.get<SignatoryCandidate | null>(CONTRACT_PATHS.findSignatory, { id, keyword });
export const addSignatory = (id: number, userId: number) => http.post<ContractDetail>(CONTRACT_PATHS.addSignatory, { id, userId });
export const removeSignatory = (id: number, partyId: number) => http.post<ContractDetail>(CONTRACT_PATHS.removeSignatory, { id, partyId });
export const signContract = (input: { id: number; faceToken: string; markKind: 'drawn' | 'typed' | 'seal'; markPng: string }) =>
  http.post<ContractDetail>(CONTRACT_PATHS.sign, undefined, input);

/** The contract's PDF (frozen or signed), with the token: for the preview and the download. */
export const getContractPdf = (id: number, signal?: AbortSignal) => getBlob(`${CONTRACT_PATHS.pdf}?id=${id}`, signal);
