/**
 * The demo lots' galleries (issue 26): pictures made for the demo, never one grey box for all — each lot
 * gets illustrations drawn for its asset kind (a building, a vehicle, machinery, land, an equity
 * certificate) with its own name, captioned 示意图: the asset, a closer look and a location sketch for a
 * listing, the asset alone for a package's child. Only rows are written here (the recipe of each
 * drawing, its key derived from the recipe): sharp renders a size when it is first asked for
 * (services/projects/photos.ts, ~10–30 ms each) and keeps the file, so seeding stays as fast as before.
 * The cover becomes the listing's imgUrl. Idempotent: keys are natural (the recipe), a lot that has photos
 * or an imgUrl is left alone.
 */
import { sql, type Kysely } from 'kysely';
import { lotPhotoPath } from '#domain/contract/projects';
import type { Database } from '../db/schema.ts';
import { artKindOf, recipeKey, seedOf, type ArtRecipe } from '../services/projects/photo-art.ts';
import { ART_DISPLAY_SIZE } from '../services/projects/photos.ts';
import { demoProjects } from './data/projects.ts';
import { chunks, inserted } from './projects.ts';

/** Views of a listing's gallery: the asset (the cover), a closer look, the location. */
const LISTING_VIEWS = [0, 1, 2] as const;

export async function seedLotPhotos(trx: Kysely<Database>, now: number): Promise<number> {
  const codes = demoProjects(now).map((p) => p.project_code);
  const listings = await trx.selectFrom('project').select(['id', 'project_code', 'assets_name', 'type_code', 'city', 'parent_id']).where('project_code', 'in', codes).where('img_url', '=', '').execute();
  const children = listings.length
    ? await trx.selectFrom('project').select(['id', 'project_code', 'assets_name', 'type_code', 'city', 'parent_id']).where('parent_id', 'in', listings.map((l) => l.id)).where('img_url', '=', '').execute()
    : [];
  const rows = [...listings, ...children].flatMap((p) => {
    const views = p.parent_id === null ? LISTING_VIEWS : ([0] as const);
    return views.map((view) => {
      const recipe: ArtRecipe = { v: 1, kind: artKindOf(p.assets_name, p.type_code), name: p.assets_name, city: p.city, view, seed: seedOf(p.project_code) };
      return {
        photo_key: recipeKey(recipe),
        project_id: p.id,
        draft_id: null,
        sort: view + 1,
        is_cover: view === 0 ? 1 : 0,
        demo: 1,
        recipe: JSON.stringify(recipe),
        file_name: `${p.project_code}-${view + 1}.webp`,
        mime: 'image/webp',
        size: 0,
        width: ART_DISPLAY_SIZE.width,
        height: ART_DISPLAY_SIZE.height,
        created_at: now,
      };
    });
  });
  let count = 0;
  for (const batch of chunks(rows, 100)) {
    count += inserted(await trx.insertInto('lot_photo').values(batch).onConflict((oc) => oc.column('photo_key').doNothing()).execute());
  }
  // Each one's cover as its imgUrl (the wire field every list already carries).
  const [prefix, suffix] = lotPhotoPath('KEY', 'thumb').split('KEY') as [string, string];
  await trx
    .updateTable('project')
    .set({
      img_url: sql<string>`cast(${`/api${prefix}`} as text) || (select lp.photo_key from lot_photo lp where lp.project_id = project.id and lp.is_cover = 1 and lp.demo = 1) || cast(${suffix} as text)`,
    })
    .where('img_url', '=', '')
    .where(sql<boolean>`exists (select 1 from lot_photo lp where lp.project_id = project.id and lp.is_cover = 1 and lp.demo = 1)`)
    .execute();
  return count;
}
