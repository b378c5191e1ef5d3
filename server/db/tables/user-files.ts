/**
 * Migration 0010: the document library, appeals and demands. Times in epoch ms, prices in fen.
 * Status values are the types in domain/rules/userFiles.ts.
 */
import type { Generated } from 'kysely';

export interface FileFolderTable {
  id: Generated<number>;
  user_id: number;
  /** null: at the root. */
  parent_id: number | null;
  name: string;
  created_at: number;
  updated_at: number;
}

/** An upload (uploaded_file.id) placed in its owner's library. */
export interface LibraryFileTable {
  file_id: string;
  user_id: number;
  folder_id: number | null;
  name: string;
  size: number;
  created_at: number;
  updated_at: number;
}

export interface AppealTable {
  id: Generated<number>;
  appeal_code: string;
  user_id: number;
  /** AppealKind. */
  kind: string;
  subject_id: number;
  subject_title: string;
  reason: string;
  /** JSON array of { fileId, name }. */
  attachments: string;
  /** AppealStatus. */
  status: string;
  answer: string;
  handler: string;
  created_at: number;
  updated_at: number;
}

export interface AppealEventTable {
  id: Generated<number>;
  appeal_id: number;
  status: string;
  note: string;
  actor: string;
  created_at: number;
}

export interface DemandTable {
  id: Generated<number>;
  demand_code: string;
  user_id: number;
  type_code: number | null;
  province: string;
  city: string;
  min_price_fen: number | null;
  max_price_fen: number | null;
  /** JSON array of strings. */
  keywords: string;
  note: string;
  /** DemandStatus. */
  status: string;
  answer: string;
  answered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DemandMatchTable {
  id: Generated<number>;
  demand_id: number;
  project_id: number;
  created_at: number;
}

export interface UserFilesTables {
  file_folder: FileFolderTable;
  library_file: LibraryFileTable;
  appeal: AppealTable;
  appeal_event: AppealEventTable;
  demand: DemandTable;
  demand_match: DemandMatchTable;
}
