import { http } from '@/api/client';
import { PROJECT_PATHS } from '#domain/contract/projects';

/** POST /dscq-user/collect-assets/cancel. */
export const postCollectCancel = (assetsId: number) => http.post<null>(PROJECT_PATHS.collectCancel, { assetsId });
