import { http } from '@/api/client';
import { AUTH_PATHS, type UploadedFile } from '@/domain/auth';

/** The accounts upload endpoint (owner-only files): qualification attachments and payment proofs. */
export function uploadFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<UploadedFile>(AUTH_PATHS.upload, undefined, form, { signal });
}
