/**
 * 路演 (roadshow): a lot's presentation on its detail page — a scheduled live session (start, end, title,
 * presenter, the transferor's materials) or a recorded video — that a logged-in user follows (关注路演) to be
 * reminded in 我的消息 before it starts. Paths and wire types; the rules (phase, reminder text, checks) are
 * in domain/rules/roadshow.ts.
 */
import type { Page } from './envelope';
import type { AttachmentInfo } from './projects';

/** live: a scheduled session (a link to watch it may be added); recorded: a video watched any time. */
export type RoadshowKind = 'live' | 'recorded';
export const ROADSHOW_KINDS = ['live', 'recorded'] as const satisfies readonly RoadshowKind[];

/** Before the start, between start and end, after the end (by the server's clock when answered). */
export type RoadshowPhase = 'upcoming' | 'live' | 'ended';

export const ROADSHOW_PATHS = {
  /** GET {assetsId} → Roadshow[] (the lot's roadshows, earliest start first; `followed` when a bearer is sent). */
  list: '/dscq-project/roadshow/list',
  /** POST {roadshowId} → RoadshowFollow. 401 when anonymous (the client shows 用户未登录 / 去登录). */
  follow: '/dscq-project/roadshow/follow',
  /** POST {roadshowId} → RoadshowFollow (following nothing is fine). */
  unfollow: '/dscq-project/roadshow/unfollow',
} as const;

export interface Roadshow {
  id: number;
  assetsId: number;
  kind: RoadshowKind;
  title: string;
  presenter: string;
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  startTime: string;
  endTime: string;
  phase: RoadshowPhase;
  /** Where to watch: a video file served by our server (recorded, or a live session's stream); '' when none. */
  videoUrl: string;
  /** The poster picture; '' when none (the lot's cover is shown). */
  posterUrl: string;
  /** The transferor's materials: the lot's attachments, downloaded as any attachment (verify code, ticket). */
  materials: AttachmentInfo[];
  followers: number;
  /** Whether the bearer follows it (false when anonymous). */
  followed: boolean;
}

export interface RoadshowFollow {
  roadshowId: number;
  followed: boolean;
  followers: number;
}

/** The work system's roadshow calls (permission roadshow.edit: 竞价 and 内容). */
export const STAFF_ROADSHOW_PATHS = {
  /** GET {assetsId?, current, size} → StaffRoadshowPage: all roadshows (or one lot's), latest start first. */
  page: '/dscq-staff/roadshow/page',
  /** POST StaffRoadshowInput (+ id to change one) → StaffRoadshow. */
  save: '/dscq-staff/roadshow/save',
  /** POST {id, reason} → null: withdrawn from the portal; its followers get no reminder. */
  cancel: '/dscq-staff/roadshow/cancel',
} as const;

export interface StaffRoadshowInput {
  assetsId: number;
  kind: RoadshowKind;
  title: string;
  presenter: string;
  startTime: string;
  endTime: string;
  videoUrl?: string;
  posterUrl?: string;
  /** Attachment ids of the lot; absent: all of the lot's attachments. */
  materialIds?: number[];
}

export interface StaffRoadshow extends Omit<Roadshow, 'followed'> {
  assetsName: string;
  projectCode: string;
  createdBy: string;
  /** Followers already reminded. */
  reminded: number;
}

export interface StaffRoadshowPage extends Page<StaffRoadshow> {
  /** With assetsId: the lot's attachments to choose materials from; [] otherwise. */
  attachments: AttachmentInfo[];
}
