import { useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ESIGN_PATHS, type FaceChallenge, type FaceChallengeInfo, type FaceChallengeState, type FacePurpose } from '#domain/contract/esign';

export const createFaceChallenge = (purpose: FacePurpose, refId: string) => http.post<FaceChallenge>(ESIGN_PATHS.faceCreate, { purpose, refId });

/** The challenge's state, polled every 2 s while it waits for the phone. */
export const useFaceStatus = (id: number | undefined) =>
  useQuery({
    queryKey: ['esign', 'face', 'status', id],
    queryFn: () => http.get<FaceChallengeState>(ESIGN_PATHS.faceStatus, { id: id! }),
    enabled: id !== undefined,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data === undefined || query.state.data.status === 'pending' ? 2000 : false),
  });

export const useFaceInfo = (token: string, enabled: boolean) =>
  useQuery({ queryKey: ['esign', 'face', 'info', token], queryFn: () => http.get<FaceChallengeInfo>(ESIGN_PATHS.faceInfo, { token }), enabled, staleTime: 0, retry: false });

export const confirmFace = (token: string) => http.post<FaceChallengeInfo>(ESIGN_PATHS.faceConfirm, { token });
