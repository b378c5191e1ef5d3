import { http } from '../client';
import { AUTH_PATHS, type UploadedFile } from '#domain/contract/auth';

/**
 * POST /dscq-resource/oss/upload: multipart upload of one owner-only file (field `file`), e.g. real-name
 * photos, avatars, qualification attachments and payment proofs; answers the stored file's id and URL.
 */
export function uploadFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<UploadedFile>(AUTH_PATHS.upload, undefined, form, { signal });
}
