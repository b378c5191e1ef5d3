/** dscq-project: listed assets (projects) and their notices. Amounts in fen, times in epoch ms. */
import type { Generated } from 'kysely';

export interface ProjectTable {
  id: Generated<number>;
  project_code: string;
  assets_name: string;
  type_code: number | null;
  type_name: string;
  association_id: number | null;
  project_nature: number;
  project_type: number;
  /** Display text: 正在报名, 预披露, 已结束, 已成交, 报名已截止. */
  state: string;
  price_type: number;
  start_price_fen: number;
  the_tone_interval: number;
  the_tone_max_fen: number | null;
  price_unit: string;
  price_other: string;
  deposit_fen: number;
  announcement_start_at: number;
  announcement_end_at: number;
  province: string;
  city: string;
  county: string;
  org_name: string;
  img_url: string;
  view_count: number;
  created_at: number;
  /**
   * Search keys (migration 0005), lower case: the name's full toneless pinyin without spaces, its initials,
   * and search_text (name | pinyin | initials | code) that the keyword search scans. Required on insert so no
   * writer of a name or code can forget them: services/projects/search-keys.ts searchKeys().
   */
  name_pinyin: string;
  name_initials: string;
  search_text: string;
  /** A package's child asset: the package's id (migration 0005); null otherwise. */
  parent_id: number | null;
}

export interface NoticeTable {
  id: Generated<number>;
  /** Stable notice number (natural key). */
  notice_code: string;
  /** 1 挂牌公告, 2 成交公告, 3 结果公示 (see services/content/trading-notices.ts). */
  notice_type: number;
  title: string;
  assets_id: number | null;
  content: string;
  publish_at: number;
  is_front_page: number;
  created_at: number;
  /** 1: unpublished by staff (0015); public lists show rows not hidden with publish_at at or before now. */
  hidden: Generated<number>;
}

export interface ProjectTables {
  project: ProjectTable;
  notice: NoticeTable;
}
