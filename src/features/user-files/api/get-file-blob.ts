import { getBlob } from '@/api/client';
import { FILE_DOWNLOAD } from '#domain/contract/userFiles';

/** The owner's copy of a file, for the preview and the download button. */
export const getFileBlob = (fileId: string, signal?: AbortSignal) => getBlob(`${FILE_DOWNLOAD}/${encodeURIComponent(fileId)}`, signal);
