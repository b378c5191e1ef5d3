/** Client-side checks of a chosen file (the server checks again, by magic bytes). */
import { validateFileName } from '#domain';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const LICENCE_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const LICENCE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.pdf'] as const;
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;
export const AVATAR_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;

export const UPLOAD_MESSAGES = {
  licenceType: '仅支持PNG、JPG或PDF格式的文件',
  avatarType: '头像仅支持PNG或JPG格式的图片',
  size: '文件大小不能超过10MB',
  empty: '文件内容为空',
} as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

/** null when acceptable, else the Chinese reason. */
export function checkUpload(
  file: Pick<File, 'name' | 'size' | 'type'>,
  kind: 'licence' | 'avatar',
): string | null {
  const nameCheck = validateFileName(file.name);
  if (!nameCheck.ok) return nameCheck.message;
  const types: readonly string[] = kind === 'licence' ? LICENCE_TYPES : AVATAR_TYPES;
  const extensions: readonly string[] = kind === 'licence' ? LICENCE_EXTENSIONS : AVATAR_EXTENSIONS;
  if (!types.includes(file.type) || !extensions.includes(extensionOf(file.name))) {
    return kind === 'licence' ? UPLOAD_MESSAGES.licenceType : UPLOAD_MESSAGES.avatarType;
  }
  if (file.size <= 0) return UPLOAD_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.size;
  return null;
}
