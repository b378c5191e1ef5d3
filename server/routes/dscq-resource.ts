/**
 * /api/dscq-resource: upload one file (multipart field `file`, login required) and download it again
 * (its owner only; anyone else gets 404). A file its owner chose as avatar is public at /oss/avatar/<id>.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BusinessError, ok } from '../http/envelope.ts';
import { MAX_UPLOAD_BYTES, MSG_FILE_MISSING, MSG_FILE_TOO_LARGE, readAvatar, readOwnFile, saveUpload } from '../services/accounts/files.ts';
import type { AccountRouteDeps } from './accounts-deps.ts';

export async function dscqResourceRoutes(app: FastifyInstance, { accounts, requireUser }: AccountRouteDeps): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 } });

  app.post('/oss/upload', { preHandler: requireUser }, async (request) => {
    if (!request.isMultipart()) throw new BusinessError(400, '请以 multipart/form-data 方式上传文件');
    let name = '';
    let data: Buffer;
    try {
      const part = await request.file();
      if (!part) throw new BusinessError(400, MSG_FILE_MISSING);
      name = part.filename;
      data = await part.toBuffer();
    } catch (err) {
      if (err instanceof BusinessError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError(400, MSG_FILE_TOO_LARGE);
      if (code?.startsWith('FST_')) throw new BusinessError(400, '上传内容格式不正确');
      throw err;
    }
    return ok(await saveUpload(accounts, request.user!.id, name, data));
  });

  app.get<{ Params: { fileId: string } }>('/oss/file/:fileId', { preHandler: requireUser }, async (request, reply) => {
    const file = await readOwnFile(accounts, request.user!.id, request.params.fileId, request.ip);
    return sendFile(reply, file, 'private, no-store');
  });

  // Avatar ids are random and a new avatar gets a new id, so a cached copy is never stale.
  app.get<{ Params: { fileId: string } }>('/oss/avatar/:fileId', async (request, reply) =>
    sendFile(reply, await readAvatar(accounts, request.params.fileId), 'public, max-age=86400'),
  );
}

function sendFile(reply: FastifyReply, file: { data: Buffer; name: string; contentType: string }, cacheControl: string) {
  const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.data);
}
