/**
 * The content model (dscq-content and the content side of blade-desk): plates and articles, files and
 * attachments, downloads, ads, partners, page modules, site notices, recruitment, content columns and
 * position titles. Every seeded row has a natural key (code / ref_code / position). Rich text columns
 * hold HTML that was sanitised before it was stored (server/services/common/rich-text.ts).
 */
import type { Generated } from 'kysely';

export interface NewsPlateTable {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  sort: number;
  /** 1 news (articles), 2 notice (lists notices of `notice_type`). Added by 0003. */
  source_type: Generated<number>;
  notice_type: number | null;
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
  /** 1: shown by news-content/front-page (the home news carousel). Added by 0003. */
  is_front_page: Generated<number>;
  /** 1: unpublished by staff (0015); the public lists show rows not hidden with publish_at at or before now. */
  hidden: Generated<number>;
}

/** A stored file: bytes live in the data directory under `stored_name`, never in the web root. */
export interface ContentFileTable {
  id: Generated<number>;
  ref_code: string;
  /** The name the user sees and downloads as. */
  file_name: string;
  /** Generated name on disk (ASCII, no path). */
  stored_name: string;
  mime: string;
  size: number;
  created_at: number;
}

/** Files attached to an article ('news'), a notice ('notice') or a column item ('column'). */
export interface ContentAttachmentTable {
  id: Generated<number>;
  owner_type: string;
  owner_id: number;
  file_id: number;
  sort: number;
}

export interface DownloadFileTable {
  id: Generated<number>;
  ref_code: string;
  title: string;
  category: string;
  file_id: number;
  sort: number;
  publish_at: number;
}

export interface AdTable {
  id: Generated<number>;
  ref_code: string;
  /** Position: 'banner', 'home-ad', 'zdtj'. */
  code: string;
  title: string;
  summary: string;
  url: string;
  img_src: string;
  /** Key recommendations point at a listed project. */
  assets_id: number | null;
  sort: number;
  /** 1 shown, 0 hidden. */
  status: number;
  created_at: number;
}

export interface PartnerTable {
  id: Generated<number>;
  ref_code: string;
  name: string;
  url: string;
  img_src: string;
  position_type: number;
  sort: number;
}

export interface PageModuleTable {
  id: Generated<number>;
  ref_code: string;
  modules_code: string;
  name: string;
  has_more_button: number;
  more_button_url: string;
  source_type: number;
  plate_code: string;
  notice_type: number | null;
  sort: number;
}

export interface NoticeInfoTable {
  id: Generated<number>;
  ref_code: string;
  title: string;
  category: number;
  is_top: number;
  content: string;
  publish_at: number;
  /** 1: unpublished by staff (0015). */
  hidden: Generated<number>;
}

export interface RecruitTable {
  id: Generated<number>;
  ref_code: string;
  title: string;
  department: string;
  headcount: number;
  location: string;
  education: string;
  content: string;
  publish_at: number;
  deadline_at: number;
}

export interface ContentColumnTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  img_src: string;
  sort: number;
}

export interface ColumnContentTable {
  id: Generated<number>;
  ref_code: string;
  column_id: number;
  title: string;
  summary: string;
  img_src: string;
  link_url: string;
  content: string;
  sort: number;
  publish_at: number;
}

export interface TitleConfigTable {
  id: Generated<number>;
  position: string;
  title: string;
  sub_title: string;
  more_url: string;
}

export interface ContentTables {
  news_plate: NewsPlateTable;
  news: NewsTable;
  content_file: ContentFileTable;
  content_attachment: ContentAttachmentTable;
  download_file: DownloadFileTable;
  ad: AdTable;
  partner: PartnerTable;
  page_module: PageModuleTable;
  notice_info: NoticeInfoTable;
  recruit: RecruitTable;
  content_column: ContentColumnTable;
  column_content: ColumnContentTable;
  title_config: TitleConfigTable;
}
