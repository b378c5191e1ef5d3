/** 路演 (migration 0020): a lot's roadshows and their followers. Times epoch ms. */
import type { Generated } from 'kysely';

export interface RoadshowTable {
  id: Generated<number>;
  /** The demo seed's natural key; null for staff-made rows. */
  ref_code: string | null;
  project_id: number;
  /** RoadshowKind. */
  kind: string;
  title: string;
  presenter: string;
  start_at: number;
  end_at: number;
  video_url: Generated<string>;
  poster_url: Generated<string>;
  /** JSON number[]: the lot's attachment ids (project_attachment). */
  material_ids: Generated<string>;
  /** Staff login (or 'seed'). */
  created_by: string;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
}

export interface RoadshowFollowTable {
  id: Generated<number>;
  roadshow_id: number;
  user_id: number;
  created_at: number;
  /** When the reminder message was written (once). */
  reminded_at: number | null;
}

export interface RoadshowTables {
  roadshow: RoadshowTable;
  roadshow_follow: RoadshowFollowTable;
}
