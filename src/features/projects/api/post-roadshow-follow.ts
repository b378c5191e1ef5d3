import { http } from '@/api/client';
import { ROADSHOW_PATHS, type RoadshowFollow } from '#domain/contract/roadshow';

/** POST /dscq-project/roadshow/follow. Anonymous → 401 → the catalogue's 用户未登录 / 去登录 prompt. */
export const postRoadshowFollow = (roadshowId: number) => http.post<RoadshowFollow>(ROADSHOW_PATHS.follow, { roadshowId });

/** POST /dscq-project/roadshow/unfollow. */
export const postRoadshowUnfollow = (roadshowId: number) => http.post<RoadshowFollow>(ROADSHOW_PATHS.unfollow, { roadshowId });
