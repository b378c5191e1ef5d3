/** dscq-content: news plates and articles. */
import type { Generated } from 'kysely';

export interface NewsPlateTable {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  sort: number;
}

export interface NewsTable {
  id: Generated<number>;
  /** Stable article number (natural key). */
  ref_code: string;
  plate_id: number;
  title: string;
  summary: string;
  img_src: string;
  is_outer_link: number;
  outer_link_url: string;
  source: string;
  /** Sanitised HTML. */
  content: string;
  publish_at: number;
  created_at: number;
}

export interface ContentTables {
  news_plate: NewsPlateTable;
  news: NewsTable;
}
