/**
 * Uploaded files (guide item 11): at most 10 MB, type by magic bytes (PNG, JPEG, PDF) not by name,
 * stored under `${dataDir}/uploads` with generated names (mode 0600), readable only by their owner —
 * anyone else gets the same 404 as for a file that does not exist (item 8). Every byte a user stores
 * counts against his quota (PORTAL_FILE_QUOTA_MB), whichever route stored it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { AUTH_PATHS, type UploadedFile } from '#domain/contract/auth';
import { formatBytes, invisibleCharactersProblem } from '#domain/rules/userFiles';
import { FILE_NAME_FORBIDDEN_CHARACTERS } from '#domain/rules/validation';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from './audit.ts';
import { uploadsDir, type Accounts } from './context.ts';
import { randomId } from './crypto.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MSG_FILE_TYPE = '文件类型不支持，仅支持 PNG、JPEG 图片或 PDF 文件';
export const MSG_FILE_TOO_LARGE = '文件大小不能超过10MB';
export const MSG_FILE_MISSING = '请选择要上传的文件';
export const MSG_FILE_NOT_FOUND = '文件不存在';
/** PORTAL_FILE_QUOTA_MB's default. */
export const DEFAULT_FILE_QUOTA_BYTES = 200 * 1024 * 1024;

export const quotaMessage = (used: number, quota: number, size: number) =>
  `存储空间不足：已使用 ${formatBytes(used)}，共 ${formatBytes(quota)}，本文件 ${formatBytes(size)}。请删除不需要的文件后再上传`;

/** The content type of a PNG, JPEG or PDF by its first bytes; null for anything else. */
export function sniffContentType(bytes: Buffer): 'image/png' | 'image/jpeg' | 'application/pdf' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** A display name without path parts, control or special characters, at most 100 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .map((ch) => ((ch.codePointAt(0) ?? 0) < 0x20 || ch === '\u007f' || FILE_NAME_FORBIDDEN_CHARACTERS.includes(ch) ? '_' : ch))
    .join('')
    .trim()
    .slice(0, 100);
  return cleaned || 'file';
}

/** Where the owner downloads a file: this server's absolute path (the API is mounted under /api). */
export function fileUrl(fileId: string): string {
  return `/api${AUTH_PATHS.file}/${fileId}`;
}

/** Where anyone reads a file its owner chose as avatar (an <img> cannot send a bearer token). */
export function avatarUrl(fileId: string): string {
  return `/api${AUTH_PATHS.avatar}/${fileId}`;
}

/** A file that is some user's current avatar; anything else reads as missing. */
export async function readAvatar(a: Accounts, fileId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(fileId)) throw notFound(MSG_FILE_NOT_FOUND);
  const row = await a.db
    .selectFrom('uploaded_file')
    .select(['stored_name', 'content_type', 'original_name'])
    .where('id', '=', fileId)
    .where((eb) => eb.exists(eb.selectFrom('app_user').select('id').where('head_img', '=', avatarUrl(fileId))))
    .executeTakeFirst();
  if (!row) throw notFound(MSG_FILE_NOT_FOUND);
  const data = await readFile(path.join(uploadsDir(a), row.stored_name));
  return { data, name: row.original_name, contentType: row.content_type };
}

function toWire(row: { id: string; original_name: string; size: number; content_type: string }): UploadedFile {
  return { fileId: row.id, name: row.original_name, size: Number(row.size), contentType: row.content_type, url: fileUrl(row.id) };
}

/** The bytes the user has stored: every upload of his (the library's and any other route's). */
export async function storedBytes(db: Kysely<Database>, userId: number): Promise<number> {
  const { used } = await db
    .selectFrom('uploaded_file')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .executeTakeFirstOrThrow();
  return Number(used);
}

/** Orders one user's uploads and deletes: the row lock (PostgreSQL) or the write lock (SQLite). */
export async function lockUserFiles(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.updateTable('app_user').set((eb) => ({ login_name: eb.ref('login_name') })).where('id', '=', userId).execute();
}

/**
 * Stores one upload: its name (no control or format character: the shared rule), type and size first
 * (nothing is written for a refused file), then, in one
 * transaction with the user's uploads locked (two parallel uploads cannot both slip under the quota), the
 * caller's `check`, the quota, the row, the caller's `record` (its rows for the upload, e.g. the
 * library's) and the bytes. When the transaction fails after the bytes were written, they are removed.
 */
export async function saveUpload(
  a: Pick<Accounts, 'db' | 'dataDir' | 'now'>,
  userId: number,
  fileName: string,
  data: Buffer,
  quotaBytes: number,
  hooks: { check?: (trx: Kysely<Database>) => Promise<void>; record?: (trx: Kysely<Database>, saved: UploadedFile) => Promise<void> } = {},
): Promise<UploadedFile> {
  const badName = invisibleCharactersProblem(fileName);
  if (badName) throw new BusinessError(400, badName);
  if (data.length === 0) throw new BusinessError(400, MSG_FILE_MISSING);
  if (data.length > MAX_UPLOAD_BYTES) throw new BusinessError(400, MSG_FILE_TOO_LARGE);
  const contentType = sniffContentType(data);
  if (!contentType) throw new BusinessError(400, MSG_FILE_TYPE);
  const dir = uploadsDir(a);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = randomId(24);
  const row = {
    id: randomId(18),
    user_id: userId,
    original_name: cleanFileName(fileName),
    stored_name: storedName,
    content_type: contentType,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    created_at: a.now(),
  };
  let written = false;
  try {
    return await a.db.transaction().execute(async (trx) => {
      await lockUserFiles(trx, userId);
      await hooks.check?.(trx);
      const used = await storedBytes(trx, userId);
      if (used + data.length > quotaBytes) throw new BusinessError(400, quotaMessage(used, quotaBytes, data.length));
      await trx.insertInto('uploaded_file').values(row).execute();
      const saved = toWire(row);
      await hooks.record?.(trx, saved);
      await writeFile(path.join(dir, storedName), data, { mode: 0o600, flag: 'wx' });
      written = true;
      return saved;
    });
  } catch (err) {
    if (written) await removeStoredBytes(a, storedName);
    throw err;
  }
}

/**
 * Removes an upload's bytes from disk (after the transaction that deleted its row committed): bytes
 * already missing are fine; any other failure leaves an orphan file, which is logged, not thrown — the
 * upload is gone either way.
 */
export async function removeStoredBytes(a: Pick<Accounts, 'dataDir'> & { log?: Accounts['log'] }, storedName: string): Promise<void> {
  try {
    await unlink(path.join(uploadsDir(a), storedName));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') a.log?.warn({ err, storedName }, 'upload: bytes not removed');
  }
}

/** A file of this user (undefined when it does not exist or is someone else's). */
export async function ownFile(a: Pick<Accounts, 'db'>, userId: number, fileId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(fileId)) return undefined;
  return a.db.selectFrom('uploaded_file').selectAll().where('id', '=', fileId).where('user_id', '=', userId).executeTakeFirst();
}

export async function readOwnFile(a: Accounts, userId: number, fileId: string, ip: string) {
  const row = await ownFile(a, userId, fileId);
  if (!row) {
    await appendAudit(a.db, a.now(), { userId, ip, action: 'file.read', object: fileId.slice(0, 64), result: 'denied', detail: 'not_found_or_not_owner' });
    throw notFound(MSG_FILE_NOT_FOUND);
  }
  const data = await readFile(path.join(uploadsDir(a), row.stored_name));
  return { data, name: row.original_name, contentType: row.content_type };
}
