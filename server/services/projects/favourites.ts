/**
 * Favourites (collect-assets): rows owned by one user. Adding twice keeps one row, cancelling a project that
 * is not a favourite is fine; a user only ever sees and changes his own.
 */
import type { Kysely } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import type { CollectedAsset } from '#domain/contract/projects';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/envelope.ts';
import { pageWithLots } from '../auctions/lot-states.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { PROJECT_NOT_FOUND } from './detail.ts';
import { toListedAsset } from './search.ts';

export async function addFavourite(db: Kysely<Database>, userId: number, projectId: number, now: number): Promise<void> {
  const project = await db.selectFrom('project').select('id').where('id', '=', projectId).executeTakeFirst();
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  await db
    .insertInto('collect_asset')
    .values({ user_id: userId, project_id: projectId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
    .execute();
}

export async function cancelFavourite(db: Kysely<Database>, userId: number, projectId: number): Promise<void> {
  await db.deleteFrom('collect_asset').where('user_id', '=', userId).where('project_id', '=', projectId).execute();
}

/** Newest favourite first. */
export async function listFavourites(db: Kysely<Database>, userId: number, request: PageRequest, now: number): Promise<Page<CollectedAsset>> {
  const query = db.selectFrom('collect_asset as c').innerJoin('project', 'project.id', 'c.project_id').where('c.user_id', '=', userId);
  const page = await fetchPage(
    query,
    request,
    (q) => q.selectAll('project').select('c.created_at as collect_time').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
    (row) => ({ ...toListedAsset(row), collectTime: formatChinaTime(row.collect_time) }),
  );
  return pageWithLots(db, now, page);
}
