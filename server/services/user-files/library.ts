/**
 * 我的文件: the user's document library. Folders nest; a file is one of the user's uploads
 * (services/accounts/files.ts: magic-byte type check, 10 MB, generated names outside the web root)
 * placed in a folder or at the root. Every byte the user has stored counts against a per-user quota,
 * checked in the upload's transaction with the user's row locked, so two parallel uploads cannot both
 * slip under it. Deleting a file deletes the upload and its bytes, unless a record still refers to it.
 * Every read and change names the user's id: another user's folder or file answers 404 (guide item 8).
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { folderNameProblem, MAX_FOLDER_DEPTH } from '#domain/rules/userFiles';
import { type FolderChoice, type FolderItem, type FolderListing, type LibraryFile, type QuotaUsage } from '#domain/contract/userFiles';
import type { Database } from '../../db/schema.ts';
import type { FileFolderTable } from '../../db/tables/user-files.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import type { Accounts } from '../accounts/context.ts';
import { avatarUrl, cleanFileName, lockUserFiles, removeStoredBytes, saveUpload, storedBytes } from '../accounts/files.ts';
import { inTransaction } from '../common/transactions.ts';

export { DEFAULT_FILE_QUOTA_BYTES, quotaMessage } from '../accounts/files.ts';
export const MSG_FOLDER_NOT_FOUND = '文件夹不存在';
export const MSG_LIBRARY_FILE_NOT_FOUND = '文件不存在';
export const MSG_FOLDER_NOT_EMPTY = '文件夹不为空，请先删除或移出其中的文件和子文件夹';
export const MSG_FOLDER_DUPLICATE = '同一位置已有同名文件夹';
export const MSG_FOLDER_INTO_ITSELF = '不能将文件夹移动到其自身或其子文件夹中';
export const MSG_FOLDER_TOO_DEEP = `文件夹最多${MAX_FOLDER_DEPTH}层`;
export const MSG_FILE_IS_AVATAR = '该文件正用作头像，请先更换头像再删除';
/** Why a file a record refers to is not deleted: the record keeps it as evidence. */
export const fileInUseMessage = (record: string) => `该文件已被${record}引用，不能删除`;

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

/** The bytes stored: every upload of the user, in the library or not (what fills the disk). */
export async function quotaUsage(db: Db, userId: number, quotaBytes: number): Promise<QuotaUsage> {
  return { usedBytes: await storedBytes(db, userId), quotaBytes };
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
 * Puts an upload into the library: the stored upload (type, size and the quota checked first, in one
 * transaction with the user's uploads locked) and its library row in the same transaction.
 */
export async function uploadToLibrary(
  accounts: Accounts,
  userId: number,
  p: { fileName: string; data: Buffer; folderId: number | null; quotaBytes: number },
): Promise<LibraryFile> {
  const now = accounts.now();
  const saved = await saveUpload(accounts, userId, p.fileName, p.data, p.quotaBytes, {
    check: async (trx) => {
      if (p.folderId !== null) await ownFolderRow(trx, userId, p.folderId);
    },
    record: async (trx, file) => {
      await trx
        .insertInto('library_file')
        .values({ file_id: file.fileId, user_id: userId, folder_id: p.folderId, name: cleanFileName(p.fileName), size: file.size, created_at: now, updated_at: now })
        .execute();
    },
  });
  return libraryFile(accounts.db, userId, saved.fileId);
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

/** A record's list of attachments (JSON [{ fileId, name }]) names the file. */
function namesFile(attachments: string, fileId: string): boolean {
  try {
    const list: unknown = JSON.parse(attachments);
    return Array.isArray(list) && list.some((a) => typeof a === 'object' && a !== null && (a as { fileId?: unknown }).fileId === fileId);
  } catch {
    return false;
  }
}

/**
 * Why the upload may not be deleted: the first record that refers to it (every table that keeps an
 * upload's id), or null when none does. The JSON attachment lists are narrowed with LIKE (whose `_` is a
 * wildcard: an id may contain it) and then read exactly.
 */
export async function fileInUse(db: Db, fileId: string): Promise<string | null> {
  if (await db.selectFrom('deposit_proof').select('id').where('file_id', '=', fileId).executeTakeFirst()) return fileInUseMessage('保证金凭证');
  if (await db.selectFrom('deal_proof').select('id').where('file_id', '=', fileId).executeTakeFirst()) return fileInUseMessage('成交价款转账凭证');
  if (await db.selectFrom('verification').select('id').where('licence_file_id', '=', fileId).executeTakeFirst()) return fileInUseMessage('实名认证申请');
  if (await db.selectFrom('app_user').select('id').where('head_img', '=', avatarUrl(fileId)).executeTakeFirst()) return MSG_FILE_IS_AVATAR;
  const like = `%${fileId}%`;
  const enrolments = await db.selectFrom('enrolment').select('attachments').where('attachments', 'like', like).execute();
  if (enrolments.some((r) => namesFile(r.attachments, fileId))) return fileInUseMessage('竞买报名');
  const appeals = await db.selectFrom('appeal').select('attachments').where('attachments', 'like', like).execute();
  if (appeals.some((r) => namesFile(r.attachments, fileId))) return fileInUseMessage('申诉');
  return null;
}

/**
 * Deletes a file of the library: its library row and its upload in one transaction (refused with the
 * reason while a record refers to it), then its bytes on disk once that committed. The quota counts
 * uploads, so the space is free again.
 */
export async function deleteLibraryFile(accounts: Pick<Accounts, 'db' | 'dataDir' | 'log'>, userId: number, fileId: string): Promise<void> {
  const storedName = await inTransaction(accounts.db, async (trx) => {
    // Ordered with the user's uploads (and so with a parallel delete of the same file).
    await lockUserFiles(trx, userId);
    const row = await ownLibraryRow(trx, userId, fileId);
    const inUse = await fileInUse(trx, row.file_id);
    if (inUse) throw new BusinessError(409, inUse);
    await trx.deleteFrom('library_file').where('file_id', '=', row.file_id).where('user_id', '=', userId).execute();
    const upload = await trx.deleteFrom('uploaded_file').where('id', '=', row.file_id).where('user_id', '=', userId).returning('stored_name').executeTakeFirst();
    return upload?.stored_name ?? null;
  });
  if (storedName) await removeStoredBytes(accounts, storedName);
}
