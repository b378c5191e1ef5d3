/**
 * 我的文件 as other features reuse it (settlement proofs, enrolment attachments): the user's files and an
 * upload into his library. Same query key as the 我的文件 pages, so both share one cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { USER_FILES_PATHS, type LibraryFile } from '#domain/contract/userFiles';

export const libraryFilesQueryOptions = () => queryOptions({ queryKey: ['user-files', 'all'], queryFn: () => http.get<LibraryFile[]>(USER_FILES_PATHS.all), staleTime: 0 });
export const useLibraryFiles = (enabled = true) => useQuery({ ...libraryFilesQueryOptions(), enabled });

/** POST multipart (field `file`) into the library's root: PDF, JPEG, PNG by their bytes; the user's quota. */
export function uploadToLibrary(file: File): Promise<LibraryFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<LibraryFile>(USER_FILES_PATHS.upload, undefined, form);
}

const MAX_BYTES = 10 * 1024 * 1024;
/** The browser's first check before an upload (the server decides by the bytes): a Chinese message, or null. */
export function libraryUploadProblem(file: { name: string; size: number }): string | null {
  if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) return '仅支持上传 PDF、JPEG、PNG 文件';
  if (file.size > MAX_BYTES) return '文件大小不能超过10MB';
  if (file.size === 0) return '文件内容为空';
  return null;
}
