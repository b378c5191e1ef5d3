import { http } from '@/api/client';
import { PROJECT_PATHS } from '#domain/contract/projects';

/** POST /dscq-user/collect-assets/add. Anonymous → 401 → the catalogue's 用户未登录 / 去登录 prompt. */
export const postCollectAdd = (assetsId: number) => http.post<null>(PROJECT_PATHS.collectAdd, { assetsId });
