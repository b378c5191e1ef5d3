/**
 * The trading centre beyond the listing row (migration 0005): disclosure details and sections, feature
 * tags, attachments with their download tickets and log, favourites, the filter bar's configuration, and
 * the judicial-auction service's courts and items. Amounts in fen, times in epoch ms, flags 0/1.
 */
import type { Generated } from 'kysely';

/** One row per project that has a disclosure (every seeded one does). */
export interface ProjectDetailTable {
  id: Generated<number>;
  project_id: number;
  transferor_name: string;
  contact_name: string;
  contact_phone: string;
  appraised_value_fen: number | null;
  /**
   * 1: a managed project (托管项目) — the transferor has entrusted the exchange with the asset for the
   * listing (custody, viewings, enquiries); the exchange's asset-custody department is the contact.
   */
  managed: number;
  created_at: number;
  /** Migration 0015: the lot timeline's asset class (LotAssetClass); '' = derived from type and nature. */
  asset_class: Generated<string>;
  /** Migration 0015: the deposit deadline (保证金截止); null = the enrolment deadline. */
  deposit_end_at: Generated<number | null>;
}

/** A disclosure tab (DISCLOSURE_SECTIONS' keys); content is sanitised HTML. */
export interface ProjectSectionTable {
  id: Generated<number>;
  project_id: number;
  section_key: string;
  content: string;
}

export interface AssetsFeatureTable {
  id: Generated<number>;
  /** Natural key. */
  code: string;
  name: string;
  sort: number;
}

export interface ProjectFeatureTable {
  id: Generated<number>;
  project_id: number;
  feature_id: number;
}

/** Bytes in `<dataDir>/project-files/<stored_name>`, served only through a verify-code ticket. */
export interface ProjectAttachmentTable {
  id: Generated<number>;
  /** Natural key. */
  ref_code: string;
  project_id: number;
  file_name: string;
  stored_name: string;
  mime: string;
  size: number;
  sort: number;
  created_at: number;
}

/** A single-use download ticket; only its SHA-256 is stored. */
export interface AttachmentTicketTable {
  id: Generated<number>;
  ticket_hash: string;
  attachment_id: number;
  user_id: number | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface AttachmentLogTable {
  id: Generated<number>;
  assets_id: number;
  attachment_id: number;
  user_id: number | null;
  ip: string;
  created_at: number;
}

/** Favourites: one row per (user, project). */
export interface CollectAssetTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  created_at: number;
}

/** A group of a filter bar (FilterConfig); `code` names the bar ('project' = the trading centre). */
export interface FilterQueryConfigTable {
  id: Generated<number>;
  code: string;
  field: string;
  label: string;
  /** JSON text: Array<{label, value}>. */
  options: string;
  sort: number;
}

export interface JudicialCourtTable {
  id: Generated<number>;
  /** Natural key. */
  name: string;
  /** 4-digit city code (1301 石家庄市 …). */
  city_code: string;
  sort: number;
}

export interface JudicialItemTable {
  id: Generated<number>;
  /** Natural key, the service's item id. */
  pk_houseproject: string;
  name: string;
  projecttype: string;
  upset_price_fen: number;
  appraised_fen: number;
  deposit_fen: number;
  increment_fen: number;
  auction_at: number;
  /** 0 变卖, 1 一拍, 2 二拍. */
  round: number;
  state: string;
  court_id: number;
  city_code: string;
  img_url: string;
  /** Sanitised HTML. */
  description: string;
  case_number: string;
  contact_phone: string;
  created_at: number;
}

export interface ProjectDetailTables {
  project_detail: ProjectDetailTable;
  project_section: ProjectSectionTable;
  assets_feature: AssetsFeatureTable;
  project_feature: ProjectFeatureTable;
  project_attachment: ProjectAttachmentTable;
  attachment_ticket: AttachmentTicketTable;
  attachment_log: AttachmentLogTable;
  collect_asset: CollectAssetTable;
  filter_query_config: FilterQueryConfigTable;
  judicial_court: JudicialCourtTable;
  judicial_item: JudicialItemTable;
}
