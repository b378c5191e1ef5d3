import { http } from '@/api/client';
import { AUTH_PATHS, type UploadedFile } from '@/domain/auth';

/** Multipart upload of one file (field `file`); answers the stored file's id and URL. */
export function uploadFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<UploadedFile>(AUTH_PATHS.upload, undefined, form, { signal });
}
