import { http } from '@/api/client';
import { USER_FILES_PATHS, type LibraryFile } from '#domain/contract/userFiles';

/** POST multipart (field `file`) into a folder (the root without one). */
export function uploadLibraryFile(file: File, folderId: number | undefined, signal?: AbortSignal): Promise<LibraryFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<LibraryFile>(USER_FILES_PATHS.upload, folderId ? { folderId } : undefined, form, { signal });
}
