import { AUTH_PATHS } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

/** Sets the uploaded image (by its fileId) as the user's avatar. */
export const updateAvatar = (fileId: string) => postJson<unknown>(AUTH_PATHS.updateAvatar, { fileId });
