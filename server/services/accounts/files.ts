/**
 * Uploaded files (guide item 11): at most 10 MB, type by magic bytes (PNG, JPEG, PDF) not by name,
 * stored under `${dataDir}/uploads` with generated names (mode 0600), readable only by their owner —
 * anyone else gets the same 404 as for a file that does not exist (item 8).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_PATHS, type UploadedFile } from '#domain/contract/auth';
import { FILE_NAME_FORBIDDEN_CHARACTERS } from '#domain/rules/validation';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from './audit.ts';
import { uploadsDir, type Accounts } from './context.ts';
import { randomId } from './crypto.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MSG_FILE_TYPE = '文件类型不支持，仅支持 PNG、JPEG 图片或 PDF 文件';
export const MSG_FILE_TOO_LARGE = '文件大小不能超过10MB';
export const MSG_FILE_MISSING = '请选择要上传的文件';
export const MSG_FILE_NOT_FOUND = '文件不存在';

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

export async function saveUpload(a: Accounts, userId: number, fileName: string, data: Buffer): Promise<UploadedFile> {
  if (data.length === 0) throw new BusinessError(400, MSG_FILE_MISSING);
  if (data.length > MAX_UPLOAD_BYTES) throw new BusinessError(400, MSG_FILE_TOO_LARGE);
  const contentType = sniffContentType(data);
  if (!contentType) throw new BusinessError(400, MSG_FILE_TYPE);
  const dir = uploadsDir(a);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = randomId(18);
  const storedName = randomId(24);
  await writeFile(path.join(dir, storedName), data, { mode: 0o600, flag: 'wx' });
  const row = {
    id,
    user_id: userId,
    original_name: cleanFileName(fileName),
    stored_name: storedName,
    content_type: contentType,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    created_at: a.now(),
  };
  await a.db.insertInto('uploaded_file').values(row).execute();
  return toWire(row);
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
