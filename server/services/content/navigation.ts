/** Top navigation menu (blade-desk navigation-config). */
import type { Kysely } from 'kysely';
import type { NavigationEntry } from '#domain/contract/portal';
import type { Database } from '../../db/schema.ts';
import { toFlag } from '../../lib/wire.ts';

/**
 * The visible menu as a tree: only entries with menu_flag 1, ordered by sort then id.
 * A hidden entry hides its whole subtree; an entry whose parent is missing is dropped.
 */
export async function listMenu(db: Kysely<Database>): Promise<NavigationEntry[]> {
  const rows = await db
    .selectFrom('navigation')
    .select(['id', 'parent_id', 'name', 'url', 'in_station', 'open_page', 'menu_flag', 'sort'])
    .where('menu_flag', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();

  const byId = new Map<number, NavigationEntry>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      navigationName: r.name,
      navigationUrl: r.url,
      inStation: toFlag(r.in_station),
      openPage: toFlag(r.open_page),
      menuFlag: toFlag(r.menu_flag),
      sort: r.sort,
      children: [],
    });
  }
  const roots: NavigationEntry[] = [];
  for (const r of rows) {
    const entry = byId.get(r.id)!;
    if (r.parent_id === null) roots.push(entry);
    else byId.get(r.parent_id)?.children.push(entry);
  }
  return roots;
}
