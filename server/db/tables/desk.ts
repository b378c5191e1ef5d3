/** blade-desk: site configuration (navigation, later ads, partners, notice-info …). */
import type { Generated } from 'kysely';

export interface NavigationTable {
  id: Generated<number>;
  /** Stable natural key (seed and admin edits refer to it). */
  code: string;
  parent_id: number | null;
  name: string;
  /** Internal route path when in_station = 1, absolute URL otherwise. */
  url: string;
  in_station: number;
  open_page: number;
  menu_flag: number;
  sort: number;
  created_at: number;
}

export interface DeskTables {
  navigation: NavigationTable;
}
