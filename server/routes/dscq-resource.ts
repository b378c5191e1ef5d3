/**
 * /api/dscq-resource: upload one file (multipart field `file`, login required; counted against the
 * user's quota like the library's uploads) and download it again (its owner only; anyone else gets 404).
 * A file its owner chose as avatar is public at /oss/avatar/<id>.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadedFile } from '../http/upload.ts';
import { ok } from '../lib/envelope.ts';
import { DEFAULT_FILE_QUOTA_BYTES, MAX_UPLOAD_BYTES, readAvatar, readOwnFile, saveUpload } from '../services/accounts/files.ts';

/** Any text: the services answer 404 for ids that are not theirs (no format hint to a prober). */
const fileIdParams = z.object({ fileId: z.string().meta({ description: '文件编号（上传时的应答）' }) });

export interface ResourceRouteOptions {
  /** Per-user quota of stored bytes (PORTAL_FILE_QUOTA_MB). */
  quotaBytes?: number;
}

export async function dscqResourceRoutes(app: FastifyInstance, options: ResourceRouteOptions): Promise<void> {
  const { accounts, requireUser } = app;
  const quotaBytes = options.quotaBytes ?? DEFAULT_FILE_QUOTA_BYTES;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 } });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/oss/upload', { preHandler: requireUser, schema: { summary: '上传一个文件（multipart/form-data，字段 file）' } }, async (request) => {
    const { name, data } = await readUploadedFile(request);
    return ok(await saveUpload(accounts, request.user!.id, name, data, quotaBytes));
  });

  api.get('/oss/file/:fileId', { preValidation: requireUser, schema: { summary: '下载本人上传的文件（他人的文件应答 404）', params: fileIdParams } }, async (request, reply) => {
    const file = await readOwnFile(accounts, request.user!.id, request.params.fileId, request.ip);
    return sendFile(reply, file, 'private, no-store');
  });

  // Avatar ids are random and a new avatar gets a new id, so a cached copy is never stale.
  api.get('/oss/avatar/:fileId', { schema: { summary: '用户头像（公开）', params: fileIdParams } }, async (request, reply) =>
    sendFile(reply, await readAvatar(accounts, request.params.fileId), 'public, max-age=86400'),
  );
}

export function sendFile(reply: FastifyReply, file: { data: Buffer; name: string; contentType: string }, cacheControl: string) {
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
