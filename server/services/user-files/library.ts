/**
 * 我的文件 (issue 17): the user's document library. Folders nest; a file is one of the user's uploads
 * (services/accounts/files.ts: magic-byte type check, 10 MB, generated names outside the web root)
 * placed in a folder or at the root. The library's files count against a per-user quota, checked in the
 * upload's transaction with the user's row locked, so two parallel uploads cannot both slip under it.
 * Every read and change names the user's id: another user's folder or file answers 404 (guide item 8).
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { folderNameProblem, formatBytes, MAX_FOLDER_DEPTH } from '#domain/rules/userFiles';
import { type FolderChoice, type FolderItem, type FolderListing, type LibraryFile, type QuotaUsage } from '#domain/contract/userFiles';
import type { Database } from '../../db/schema.ts';
import type { FileFolderTable } from '../../db/tables/user-files.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import type { Accounts } from '../accounts/context.ts';
import { cleanFileName, MAX_UPLOAD_BYTES, MSG_FILE_MISSING, MSG_FILE_TOO_LARGE, MSG_FILE_TYPE, saveUpload, sniffContentType } from '../accounts/files.ts';
import { inTransaction } from '../common/transactions.ts';

/** PORTAL_FILE_QUOTA_MB's default. */
export const DEFAULT_FILE_QUOTA_BYTES = 200 * 1024 * 1024;
export const MSG_FOLDER_NOT_FOUND = '文件夹不存在';
export const MSG_LIBRARY_FILE_NOT_FOUND = '文件不存在';
export const MSG_FOLDER_NOT_EMPTY = '文件夹不为空，请先删除或移出其中的文件和子文件夹';
export const MSG_FOLDER_DUPLICATE = '同一位置已有同名文件夹';
export const MSG_FOLDER_INTO_ITSELF = '不能将文件夹移动到其自身或其子文件夹中';
export const MSG_FOLDER_TOO_DEEP = `文件夹最多${MAX_FOLDER_DEPTH}层`;

export const quotaMessage = (used: number, quota: number, size: number) =>
  `存储空间不足：已使用 ${formatBytes(used)}，共 ${formatBytes(quota)}，本文件 ${formatBytes(size)}。请删除不需要的文件后再上传`;

type Db = Kysely<Database>;

const toFolder = (r: Selectable<FileFolderTable>): FolderItem => ({ id: r.id, name: r.name, parentId: r.parent_id, createTime: formatChinaTime(r.created_at) });

async function ownFolderRow(db: Db, userId: number, id: number) {
  const row = await db.selectFrom('file_folder').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_FOLDER_NOT_FOUND);
  return row;
}

/** All the user's folders by id (a user has tens of folders, not thousands). */
async function folderMap(db: Db, userId: number) {
  const rows = await db.selectFrom('file_folder').selectAll().where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Root first, the folder last. */
function pathOf(folders: Map<number, Selectable<FileFolderTable>>, id: number | null): Selectable<FileFolderTable>[] {
  const out: Selectable<FileFolderTable>[] = [];
  let at = id;
  while (at !== null && out.length <= MAX_FOLDER_DEPTH + 1) {
    const f = folders.get(at);
    if (!f) break;
    out.unshift(f);
    at = f.parent_id;
  }
  return out;
}

export async function quotaUsage(db: Db, userId: number, quotaBytes: number): Promise<QuotaUsage> {
  const { used } = await db
    .selectFrom('library_file')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .executeTakeFirstOrThrow();
  return { usedBytes: Number(used), quotaBytes };
}

interface LibraryRow {
  file_id: string;
  name: string;
  size: number;
  folder_id: number | null;
  created_at: number;
  content_type: string;
}

function libraryQuery(db: Db, userId: number) {
  return db
    .selectFrom('library_file')
    .innerJoin('uploaded_file', 'uploaded_file.id', 'library_file.file_id')
    .select(['library_file.file_id', 'library_file.name', 'library_file.size', 'library_file.folder_id', 'library_file.created_at', 'uploaded_file.content_type'])
    .where('library_file.user_id', '=', userId)
    .where('uploaded_file.user_id', '=', userId);
}

const toFile = (folders: Map<number, Selectable<FileFolderTable>>) => (r: LibraryRow): LibraryFile => ({
  fileId: r.file_id,
  name: r.name,
  size: Number(r.size),
  contentType: r.content_type as LibraryFile['contentType'],
  folderId: r.folder_id,
  folderPath: pathOf(folders, r.folder_id).map((f) => f.name).join(' / '),
  createTime: formatChinaTime(r.created_at),
});

export async function listFolder(db: Db, userId: number, folderId: number | null, quotaBytes: number): Promise<FolderListing> {
  const folders = await folderMap(db, userId);
  const folder = folderId === null ? null : folders.get(folderId);
  if (folder === undefined) throw notFound(MSG_FOLDER_NOT_FOUND);
  const children = [...folders.values()].filter((f) => f.parent_id === folderId).sort((a, b) => a.name.localeCompare(b.name, 'zh-CN') || a.id - b.id);
  const files = await libraryQuery(db, userId)
    .where('library_file.folder_id', folderId === null ? 'is' : '=', folderId)
    .orderBy('library_file.created_at', 'desc')
    .orderBy('library_file.file_id')
    .execute();
  return {
    folder: folder ? toFolder(folder) : null,
    path: pathOf(folders, folderId).map(toFolder),
    folders: children.map(toFolder),
    files: files.map(toFile(folders)),
    usage: await quotaUsage(db, userId, quotaBytes),
  };
}

export async function allLibraryFiles(db: Db, userId: number): Promise<LibraryFile[]> {
  const folders = await folderMap(db, userId);
  const rows = await libraryQuery(db, userId).orderBy('library_file.created_at', 'desc').orderBy('library_file.file_id').execute();
  return rows.map(toFile(folders));
}

export async function folderChoices(db: Db, userId: number): Promise<FolderChoice[]> {
  const folders = await folderMap(db, userId);
  return [...folders.values()]
    .map((f) => ({ id: f.id, path: pathOf(folders, f.id).map((p) => p.name).join(' / ') }))
    .sort((a, b) => a.path.localeCompare(b.path, 'zh-CN') || a.id - b.id);
}

export async function libraryFile(db: Db, userId: number, fileId: string): Promise<LibraryFile> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(fileId)) throw notFound(MSG_LIBRARY_FILE_NOT_FOUND);
  const row = await libraryQuery(db, userId).where('library_file.file_id', '=', fileId).executeTakeFirst();
  if (!row) throw notFound(MSG_LIBRARY_FILE_NOT_FOUND);
  return toFile(await folderMap(db, userId))(row);
}

function checkName(name: string, label: string): string {
  const problem = folderNameProblem(name, label);
  if (problem) throw new BusinessError(400, problem);
  return name.trim();
}

async function checkSiblingName(db: Db, userId: number, parentId: number | null, name: string, exceptId?: number) {
  let q = db.selectFrom('file_folder').select('id').where('user_id', '=', userId).where('parent_id', parentId === null ? 'is' : '=', parentId).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new BusinessError(409, MSG_FOLDER_DUPLICATE);
}

export async function createFolder(db: Db, userId: number, p: { name: string; parentId: number | null }, now: number): Promise<FolderItem> {
  const name = checkName(p.name, '文件夹名称');
  return inTransaction(db, async (trx) => {
    if (p.parentId !== null) {
      await ownFolderRow(trx, userId, p.parentId);
      if (pathOf(await folderMap(trx, userId), p.parentId).length >= MAX_FOLDER_DEPTH) throw new BusinessError(400, MSG_FOLDER_TOO_DEEP);
    }
    await checkSiblingName(trx, userId, p.parentId, name);
    const row = await trx
      .insertInto('file_folder')
      .values({ user_id: userId, parent_id: p.parentId, name, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toFolder(row);
  });
}

export async function renameFolder(db: Db, userId: number, p: { id: number; name: string }, now: number): Promise<FolderItem> {
  const name = checkName(p.name, '文件夹名称');
  return inTransaction(db, async (trx) => {
    const row = await ownFolderRow(trx, userId, p.id);
    await checkSiblingName(trx, userId, row.parent_id, name, row.id);
    await trx.updateTable('file_folder').set({ name, updated_at: now }).where('id', '=', row.id).where('user_id', '=', userId).execute();
    return toFolder({ ...row, name, updated_at: now });
  });
}

export async function moveFolder(db: Db, userId: number, p: { id: number; parentId: number | null }, now: number): Promise<FolderItem> {
  return inTransaction(db, async (trx) => {
    const row = await ownFolderRow(trx, userId, p.id);
    const folders = await folderMap(trx, userId);
    if (p.parentId !== null) {
      if (!folders.has(p.parentId)) throw notFound(MSG_FOLDER_NOT_FOUND);
      if (pathOf(folders, p.parentId).some((f) => f.id === row.id)) throw new BusinessError(400, MSG_FOLDER_INTO_ITSELF);
      // The moved folder's own depth below it plus the target's depth.
      const depthBelow = (id: number): number => Math.max(0, ...[...folders.values()].filter((f) => f.parent_id === id).map((f) => 1 + depthBelow(f.id)));
      if (pathOf(folders, p.parentId).length + 1 + depthBelow(row.id) > MAX_FOLDER_DEPTH) throw new BusinessError(400, MSG_FOLDER_TOO_DEEP);
    }
    await checkSiblingName(trx, userId, p.parentId, row.name, row.id);
    await trx.updateTable('file_folder').set({ parent_id: p.parentId, updated_at: now }).where('id', '=', row.id).where('user_id', '=', userId).execute();
    return toFolder({ ...row, parent_id: p.parentId, updated_at: now });
  });
}

export async function deleteFolder(db: Db, userId: number, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await ownFolderRow(trx, userId, id);
    const child = await trx.selectFrom('file_folder').select('id').where('parent_id', '=', id).executeTakeFirst();
    const file = await trx.selectFrom('library_file').select('file_id').where('folder_id', '=', id).executeTakeFirst();
    if (child || file) throw new BusinessError(409, MSG_FOLDER_NOT_EMPTY);
    await trx.deleteFrom('file_folder').where('id', '=', id).where('user_id', '=', userId).execute();
  });
}

/**
 * Puts an upload into the library: type and size first (no bytes written for a refused file), then, in
 * one transaction with the user's row locked, the quota, the stored file and its library row.
 */
export async function uploadToLibrary(
  accounts: Accounts,
  userId: number,
  p: { fileName: string; data: Buffer; folderId: number | null; quotaBytes: number },
): Promise<LibraryFile> {
  if (p.data.length === 0) throw new BusinessError(400, MSG_FILE_MISSING);
  if (p.data.length > MAX_UPLOAD_BYTES) throw new BusinessError(400, MSG_FILE_TOO_LARGE);
  if (!sniffContentType(p.data)) throw new BusinessError(400, MSG_FILE_TYPE);
  const now = accounts.now();
  return accounts.db.transaction().execute(async (trx) => {
    // The row lock (PostgreSQL) or the write lock (SQLite) orders this user's uploads.
    await trx.updateTable('app_user').set((eb) => ({ login_name: eb.ref('login_name') })).where('id', '=', userId).execute();
    if (p.folderId !== null) await ownFolderRow(trx, userId, p.folderId);
    const usage = await quotaUsage(trx, userId, p.quotaBytes);
    if (usage.usedBytes + p.data.length > p.quotaBytes) throw new BusinessError(400, quotaMessage(usage.usedBytes, p.quotaBytes, p.data.length));
    const saved = await saveUpload({ ...accounts, db: trx }, userId, p.fileName, p.data);
    await trx
      .insertInto('library_file')
      .values({ file_id: saved.fileId, user_id: userId, folder_id: p.folderId, name: cleanFileName(p.fileName), size: saved.size, created_at: now, updated_at: now })
      .execute();
    return libraryFile(trx, userId, saved.fileId);
  });
}

async function ownLibraryRow(db: Db, userId: number, fileId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(fileId)) throw notFound(MSG_LIBRARY_FILE_NOT_FOUND);
  const row = await db.selectFrom('library_file').selectAll().where('file_id', '=', fileId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_LIBRARY_FILE_NOT_FOUND);
  return row;
}

export async function renameLibraryFile(db: Db, userId: number, p: { fileId: string; name: string }, now: number): Promise<LibraryFile> {
  const name = checkName(p.name, '文件名称');
  const row = await ownLibraryRow(db, userId, p.fileId);
  await db.updateTable('library_file').set({ name: cleanFileName(name), updated_at: now }).where('file_id', '=', row.file_id).where('user_id', '=', userId).execute();
  return libraryFile(db, userId, row.file_id);
}

export async function moveLibraryFile(db: Db, userId: number, p: { fileId: string; folderId: number | null }, now: number): Promise<LibraryFile> {
  const row = await ownLibraryRow(db, userId, p.fileId);
  if (p.folderId !== null) await ownFolderRow(db, userId, p.folderId);
  await db.updateTable('library_file').set({ folder_id: p.folderId, updated_at: now }).where('file_id', '=', row.file_id).where('user_id', '=', userId).execute();
  return libraryFile(db, userId, row.file_id);
}

/** Takes the file out of the library (and off the quota); appeals and enrolments that name it keep it. */
export async function deleteLibraryFile(db: Db, userId: number, fileId: string): Promise<void> {
  const row = await ownLibraryRow(db, userId, fileId);
  await db.deleteFrom('library_file').where('file_id', '=', row.file_id).where('user_id', '=', userId).execute();
}
