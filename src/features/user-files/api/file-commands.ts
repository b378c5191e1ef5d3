/** The library's changes: one POST each (USER_FILES_PATHS), all answered with the changed item or null. */
import { http } from '@/api/client';
import { USER_FILES_PATHS, type FolderItem, type LibraryFile } from '#domain/contract/userFiles';

export const renameFile = (fileId: string, name: string) => http.post<LibraryFile>(USER_FILES_PATHS.rename, { fileId, name });
export const moveFile = (fileId: string, folderId: number | null) => http.post<LibraryFile>(USER_FILES_PATHS.move, { fileId, folderId: folderId ?? undefined });
export const deleteFile = (fileId: string) => http.post<null>(USER_FILES_PATHS.remove, { fileId });
export const createFolder = (name: string, parentId: number | null) => http.post<FolderItem>(USER_FILES_PATHS.folderCreate, { name, parentId: parentId ?? undefined });
export const renameFolder = (id: number, name: string) => http.post<FolderItem>(USER_FILES_PATHS.folderRename, { id, name });
export const moveFolder = (id: number, parentId: number | null) => http.post<FolderItem>(USER_FILES_PATHS.folderMove, { id, parentId: parentId ?? undefined });
export const deleteFolder = (id: number) => http.post<null>(USER_FILES_PATHS.folderRemove, { id });
