/**
 * The gallery of a staff draft (lot.edit): upload (checked and resized by services/projects/photos.ts),
 * choose the cover, delete. Like the draft's files, its photos change only while the draft may (not
 * published, no publication waiting) and are published with it (publishDraftPhotos in the executor).
 */
import type { StaffLotPhoto } from '#domain/contract/staffLots';
import type { LotPhotoSize } from '#domain/contract/projects';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { draftPhotoRows, MAX_PHOTOS_PER_LOT, MSG_PHOTO_NOT_FOUND, MSG_PHOTO_TOO_MANY, photoBytes, removePhotoFiles, storeUploadedPhoto, toStaffPhoto, type LotPhotoRow } from '../projects/photos.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';
import { draftSubject, editableDraft, type LotContext } from './lots.ts';

export async function listDraftPhotos(c: LotContext, draftId: number): Promise<StaffLotPhoto[]> {
  return (await draftPhotoRows(c.db, draftId)).map(toStaffPhoto);
}

const touch = (c: LotContext, draftId: number, now: number) => c.db.updateTable('lot_draft').set({ updated_at: now }).where('id', '=', draftId).execute();

/** One more photo; the first of a gallery is its cover. */
export async function addDraftPhoto(c: LotContext, draftId: number, file: { name: string; data: Buffer }, actor: StaffActor): Promise<StaffLotPhoto> {
  await editableDraft(c.db, draftId);
  const existing = await draftPhotoRows(c.db, draftId);
  if (existing.length >= MAX_PHOTOS_PER_LOT) throw new BusinessError(400, MSG_PHOTO_TOO_MANY);
  const stored = await storeUploadedPhoto(c.dataDir, file.data);
  const now = c.now();
  const fileName = file.name.replace(/^.*[\\/]/, '').trim().slice(0, 120) || 'photo';
  const row = await c.db
    .insertInto('lot_photo')
    .values({
      photo_key: stored.key,
      project_id: null,
      draft_id: draftId,
      sort: existing.reduce((max, r) => Math.max(max, r.sort), 0) + 1,
      is_cover: existing.some((r) => r.is_cover === 1) ? 0 : 1,
      file_name: fileName,
      mime: stored.mime,
      size: stored.size,
      width: stored.width,
      height: stored.height,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await touch(c, draftId, now);
  await recordStaffAction(c.db, now, actor, { action: 'lot.photo.add', subject: draftSubject(draftId), after: { fileName, size: stored.size, width: stored.width, height: stored.height } });
  return toStaffPhoto(row);
}

async function draftPhoto(c: LotContext, draftId: number, photoId: number): Promise<LotPhotoRow> {
  const row = await c.db.selectFrom('lot_photo').selectAll().where('id', '=', photoId).where('draft_id', '=', draftId).executeTakeFirst();
  if (!row) throw notFound(MSG_PHOTO_NOT_FOUND);
  return row;
}

export async function setDraftCover(c: LotContext, draftId: number, photoId: number, actor: StaffActor): Promise<StaffLotPhoto[]> {
  await editableDraft(c.db, draftId);
  const row = await draftPhoto(c, draftId, photoId);
  await c.db.transaction().execute(async (trx) => {
    await trx.updateTable('lot_photo').set({ is_cover: 0 }).where('draft_id', '=', draftId).execute();
    await trx.updateTable('lot_photo').set({ is_cover: 1 }).where('id', '=', photoId).execute();
  });
  const now = c.now();
  await touch(c, draftId, now);
  await recordStaffAction(c.db, now, actor, { action: 'lot.photo.cover', subject: draftSubject(draftId), after: { fileName: row.file_name } });
  return listDraftPhotos(c, draftId);
}

export async function deleteDraftPhoto(c: LotContext, draftId: number, photoId: number, actor: StaffActor): Promise<StaffLotPhoto[]> {
  await editableDraft(c.db, draftId);
  const row = await draftPhoto(c, draftId, photoId);
  await c.db.deleteFrom('lot_photo').where('id', '=', photoId).execute();
  // The cover gone: the next photo is.
  if (row.is_cover === 1) {
    const next = (await draftPhotoRows(c.db, draftId))[0];
    if (next) await c.db.updateTable('lot_photo').set({ is_cover: 1 }).where('id', '=', next.id).execute();
  }
  removePhotoFiles(c.dataDir, row.photo_key);
  const now = c.now();
  await touch(c, draftId, now);
  await recordStaffAction(c.db, now, actor, { action: 'lot.photo.delete', subject: draftSubject(draftId), before: { fileName: row.file_name } });
  return listDraftPhotos(c, draftId);
}

/** Any lot photo's bytes for the work system (a draft's too). */
export async function staffPhotoBytes(c: LotContext, photoId: number, size: LotPhotoSize): Promise<Buffer> {
  const row = await c.db.selectFrom('lot_photo').select(['photo_key', 'demo', 'recipe']).where('id', '=', photoId).executeTakeFirst();
  if (!row) throw notFound(MSG_PHOTO_NOT_FOUND);
  return photoBytes(c.dataDir, row, size);
}
