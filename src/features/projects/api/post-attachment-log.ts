import { http } from '@/api/client';
import { PROJECT_PATHS, type AttachmentLogRequest } from '#domain/contract/projects';

/** POST /dscq-project/client-attachment-log/submit with a body (spec): a download is logged. */
export const postAttachmentLog = (request: AttachmentLogRequest) => http.post<null>(PROJECT_PATHS.attachmentLog, undefined, request);
