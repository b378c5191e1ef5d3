/**
 * The one uploaded file of a multipart request (field `file`), as its name and bytes; the multipart
 * plugin's errors become Chinese 400s (too large, malformed, missing). Used by every upload route.
 */
import type { FastifyRequest } from 'fastify';
import { BusinessError } from '../lib/envelope.ts';
import { MSG_FILE_MISSING, MSG_FILE_TOO_LARGE } from '../services/accounts/files.ts';

/** `tooLarge`: the refusal of a file over the route's limit (default MSG_FILE_TOO_LARGE). */
export async function readUploadedFile(request: FastifyRequest, tooLarge: string = MSG_FILE_TOO_LARGE): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart()) throw new BusinessError(400, '请以 multipart/form-data 方式上传文件');
  try {
    const part = await request.file();
    if (!part) throw new BusinessError(400, MSG_FILE_MISSING);
    return { name: part.filename, data: await part.toBuffer() };
  } catch (err) {
    if (err instanceof BusinessError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError(400, tooLarge);
    if (code?.startsWith('FST_')) throw new BusinessError(400, '上传内容格式不正确');
    throw err;
  }
}
