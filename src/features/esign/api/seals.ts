import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBlob, http } from '@/api/client';
import { ESIGN_PATHS, type SealApplication, type SealEligibility } from '#domain/contract/esign';

export const sealEligibilityQueryOptions = () => queryOptions({ queryKey: ['esign', 'seal', 'eligibility'], queryFn: () => http.get<SealEligibility>(ESIGN_PATHS.sealEligibility), staleTime: 0 });
export const useSealEligibility = () => useQuery(sealEligibilityQueryOptions());

export const sealsQueryOptions = () => queryOptions({ queryKey: ['esign', 'seal', 'list'], queryFn: () => http.get<SealApplication[]>(ESIGN_PATHS.sealList), staleTime: 0 });
export const useSeals = (enabled = true) => useQuery({ ...sealsQueryOptions(), enabled });

/** POST multipart: the PNG and the seal's name. */
export function applySeal(file: File, sealName: string): Promise<SealApplication> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<SealApplication>(ESIGN_PATHS.sealApply, { sealName }, form);
}

export const getSealImage = (id: number, signal?: AbortSignal) => getBlob(`${ESIGN_PATHS.sealImage}?id=${id}`, signal);
export const useSealImage = (id: number) =>
  useQuery({ queryKey: ['esign', 'seal', 'image', id], queryFn: ({ signal }) => getSealImage(id, signal).then((b) => URL.createObjectURL(b)), staleTime: Infinity });
