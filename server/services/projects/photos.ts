/**
 * Lot photos (issue 26): each lot's gallery. An upload (JPEG, PNG or WebP, told by its bytes, ≤ 10 MB) is
 * decoded by sharp (turned upright by its EXIF orientation, metadata dropped) into two WebP sizes — `thumb`
 * exactly LOT_PHOTO_THUMB (cropped to fill: every card's cover) and `display` within LOT_PHOTO_DISPLAY (the
 * viewer) — stored as <dataDir>/lot-photos/<key>-<size>.webp beside the other files of the data directory,
 * outside the web root. The key is new for every picture, so its URLs never change meaning and are served
 * with a year's immutable cache. The demo's illustrations (demo 1, 示意图) are rows with a recipe, rendered
 * on first request (photo-art.ts) and then kept like an upload's sizes.
 *
 * A listing's cover is its `img_url` (the wire's imgUrl, read by every list as before): the cover photo's
 * thumb URL. Photos of a staff draft (draft_id) are not public until the draft is published, which moves
 * them to the listing (publishDraftPhotos).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import sharp, { type OutputInfo } from 'sharp';
import { ILLUSTRATION_CAPTION, LOT_PHOTO_DISPLAY, LOT_PHOTO_SIZES, LOT_PHOTO_THUMB, lotPhotoPath, type LotPhoto, type LotPhotoSize } from '#domain/contract/projects';
import type { Database } from '../../db/schema.ts';
import type { StaffLotPhoto } from '#domain/contract/staffLots';
import type { LotPhotoTable } from '../../db/tables/lot-photos.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { artSvg, type ArtRecipe } from './photo-art.ts';

type Db = Kysely<Database>;
export type LotPhotoRow = Selectable<LotPhotoTable>;

export const LOT_PHOTOS_SUBDIR = 'lot-photos';
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS_PER_LOT = 30;
export const MSG_PHOTO_TYPE = '仅支持 JPG、PNG、WebP 格式的图片';
export const MSG_PHOTO_TOO_LARGE = '图片不能超过 10MB';
export const MSG_PHOTO_BROKEN = '图片已损坏或无法识别，请重新选择';
export const MSG_PHOTO_TOO_MANY = `每个项目最多 ${MAX_PHOTOS_PER_LOT} 张图片`;
export const MSG_PHOTO_NOT_FOUND = '图片不存在';
/** A decoded picture of more pixels than this is refused (a decompression bomb in a small file). */
const MAX_INPUT_PIXELS = 50_000_000;
/** The demo's drawings at the display size (4:3, within LOT_PHOTO_DISPLAY). */
const ART_DISPLAY = { width: 1200, height: 900 } as const;

/** A photo's cache lifetime: its URL names one picture for good. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function lotPhotosDir(dataDir: string): string {
  return path.join(dataDir, LOT_PHOTOS_SUBDIR);
}

const KEY = /^[0-9a-f]{16,64}$/;
/** The public URL's last segment: <key>-<size>.webp. */
export const PHOTO_FILE = /^([0-9a-f]{16,64})-(thumb|display)\.webp$/;

function photoFilePath(dataDir: string, key: string, size: LotPhotoSize): string {
  if (!KEY.test(key)) throw notFound(MSG_PHOTO_NOT_FOUND);
  return path.join(lotPhotosDir(dataDir), `${key}-${size}.webp`);
}

/** The public URL (under /api, as imgUrl) of a photo's size. */
export const photoUrl = (key: string, size: LotPhotoSize) => `/api${lotPhotoPath(key, size)}`;

/** The image type told by the bytes themselves (never the name or the browser's word); null: not one we take. */
export function sniffPhotoType(data: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** Write then rename: a reader never sees half a file. */
function writeAtomically(target: string, bytes: Buffer): void {
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, bytes);
  renameSync(temp, target);
}

export interface StoredPhoto {
  key: string;
  mime: string;
  size: number;
  width: number;
  height: number;
}

/** Checks an upload and writes its sizes; refusals are Chinese 400s. */
export async function storeUploadedPhoto(dataDir: string, data: Buffer): Promise<StoredPhoto> {
  if (data.length > MAX_PHOTO_BYTES) throw new BusinessError(400, MSG_PHOTO_TOO_LARGE);
  const mime = sniffPhotoType(data);
  if (!mime) throw new BusinessError(400, MSG_PHOTO_TYPE);
  let thumb: Buffer;
  let display: { data: Buffer; info: OutputInfo };
  try {
    const upright = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    [thumb, display] = await Promise.all([
      upright().resize(LOT_PHOTO_THUMB.width, LOT_PHOTO_THUMB.height, { fit: 'cover', position: 'attention' }).webp({ quality: 78 }).toBuffer(),
      upright().resize(LOT_PHOTO_DISPLAY.width, LOT_PHOTO_DISPLAY.height, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
    ]);
  } catch {
    throw new BusinessError(400, MSG_PHOTO_BROKEN);
  }
  const key = randomBytes(12).toString('hex');
  mkdirSync(lotPhotosDir(dataDir), { recursive: true });
  writeAtomically(photoFilePath(dataDir, key, 'thumb'), thumb);
  writeAtomically(photoFilePath(dataDir, key, 'display'), display.data);
  return { key, mime, size: data.length, width: display.info.width, height: display.info.height };
}

/** Removes a photo's files (its row is gone). */
export function removePhotoFiles(dataDir: string, key: string): void {
  for (const size of LOT_PHOTO_SIZES) rmSync(photoFilePath(dataDir, key, size), { force: true });
}

/** The pixels of a demo drawing's display size. */
export const ART_DISPLAY_SIZE = ART_DISPLAY;

/** A demo drawing's size, rendered from its recipe. */
export async function renderArt(recipe: ArtRecipe, size: LotPhotoSize): Promise<Buffer> {
  const box = size === 'thumb' ? LOT_PHOTO_THUMB : ART_DISPLAY;
  return sharp(Buffer.from(artSvg(recipe, box.width, box.height)))
    .webp({ quality: size === 'thumb' ? 78 : 82 })
    .toBuffer();
}

/** Renders in flight in this process, so a burst of requests for one new drawing renders it once. */
const rendering = new Map<string, Promise<Buffer>>();

/** The bytes of a photo's size: the stored file, or a demo drawing rendered now and kept. */
export async function photoBytes(dataDir: string, row: Pick<LotPhotoRow, 'photo_key' | 'demo' | 'recipe'>, size: LotPhotoSize): Promise<Buffer> {
  const file = photoFilePath(dataDir, row.photo_key, size);
  if (existsSync(file)) return readFileSync(file);
  if (row.demo !== 1 || !row.recipe) throw notFound(MSG_PHOTO_NOT_FOUND);
  const pending = rendering.get(file);
  if (pending) return pending;
  const work = (async () => {
    const bytes = await renderArt(JSON.parse(row.recipe) as ArtRecipe, size);
    mkdirSync(lotPhotosDir(dataDir), { recursive: true });
    writeAtomically(file, bytes);
    return bytes;
  })().finally(() => rendering.delete(file));
  rendering.set(file, work);
  return work;
}

/** A public photo (its lot published) by the last segment of its URL. */
export async function publicPhoto(db: Db, dataDir: string, fileName: string): Promise<Buffer> {
  const m = PHOTO_FILE.exec(fileName);
  if (!m) throw notFound(MSG_PHOTO_NOT_FOUND);
  const row = await db.selectFrom('lot_photo').select(['photo_key', 'demo', 'recipe']).where('photo_key', '=', m[1]!).where('project_id', 'is not', null).executeTakeFirst();
  if (!row) throw notFound(MSG_PHOTO_NOT_FOUND);
  return photoBytes(dataDir, row, m[2] as LotPhotoSize);
}

export function toLotPhoto(r: LotPhotoRow): LotPhoto {
  return {
    id: Number(r.id),
    url: photoUrl(r.photo_key, 'display'),
    width: r.width,
    height: r.height,
    thumbUrl: photoUrl(r.photo_key, 'thumb'),
    cover: r.is_cover === 1,
    caption: r.demo === 1 ? ILLUSTRATION_CAPTION : r.caption,
    illustration: r.demo === 1,
  };
}

/** A photo as the work system lists it. */
export function toStaffPhoto(r: LotPhotoRow): StaffLotPhoto {
  return {
    id: Number(r.id),
    fileName: r.file_name,
    fileSize: Number(r.size),
    width: r.width,
    height: r.height,
    cover: r.is_cover === 1,
    caption: r.demo === 1 ? ILLUSTRATION_CAPTION : r.caption,
    illustration: r.demo === 1,
  };
}

/** Gallery order: the cover first, then as arranged. */
const inGalleryOrder = <T extends { is_cover: number; sort: number; id: number }>(rows: T[]) =>
  [...rows].sort((a, b) => b.is_cover - a.is_cover || a.sort - b.sort || Number(a.id) - Number(b.id));

/** A listing's gallery (the detail answer's photos). */
export async function listLotPhotos(db: Db, projectId: number): Promise<LotPhoto[]> {
  const rows = await db.selectFrom('lot_photo').selectAll().where('project_id', '=', projectId).execute();
  return inGalleryOrder(rows).map(toLotPhoto);
}

export async function draftPhotoRows(db: Db, draftId: number): Promise<LotPhotoRow[]> {
  return inGalleryOrder(await db.selectFrom('lot_photo').selectAll().where('draft_id', '=', draftId).execute());
}

/**
 * Inside the publication's transaction: the draft's photos become the listing's and its cover its imgUrl.
 * Answers whether it had any.
 */
export async function publishDraftPhotos(trx: Db, draftId: number, projectId: number): Promise<boolean> {
  const rows = await draftPhotoRows(trx, draftId);
  if (rows.length === 0) return false;
  await trx.updateTable('lot_photo').set({ project_id: projectId }).where('draft_id', '=', draftId).execute();
  await trx.updateTable('project').set({ img_url: photoUrl(rows[0]!.photo_key, 'thumb') }).where('id', '=', projectId).execute();
  return true;
}
