/** Migration 0019: the lots' photo galleries (services/projects/photos.ts). Times in epoch ms, flags 0/1. */
import type { Generated } from 'kysely';

export interface LotPhotoTable {
  id: Generated<number>;
  /** Hex; the files are <dataDir>/lot-photos/<photo_key>-<size>.webp. */
  photo_key: string;
  /** The listing; null while the photo belongs to a staff draft (not public). */
  project_id: number | null;
  draft_id: number | null;
  sort: Generated<number>;
  is_cover: Generated<number>;
  caption: Generated<string>;
  /** 1: drawn for the demo (示意图), rendered from recipe. */
  demo: Generated<number>;
  recipe: Generated<string>;
  file_name: Generated<string>;
  mime: Generated<string>;
  size: Generated<number>;
  width: number;
  height: number;
  created_at: number;
}

export interface LotPhotoTables {
  lot_photo: LotPhotoTable;
}
