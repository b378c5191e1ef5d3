/**
 * Digital signatures over HTTP — public verification of a signed PDF (ESIGN_PATHS.verify), the
 * organisation's seal applications, and the face-verification challenge of the QR link.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ESIGN_PATHS } from '#domain/contract/esign';
import { FACE_PURPOSE_KEYS, SEAL_NAME_MAX } from '#domain/rules/esign';
import { requiredText } from '../http/account-params.ts';
import { requiredId } from '../http/params.ts';
import { readUploadedFile } from '../http/upload.ts';
import { BusinessError, ok } from '../lib/envelope.ts';
import { MAX_UPLOAD_BYTES } from '../services/accounts/files.ts';
import { applySeal, mySealImage, mySeals, sealEligibility } from '../services/esign/seals.ts';

export const MSG_VERIFY_NOT_PDF = '请上传 PDF 文件（.pdf）';

const sealApply = z.object({ sealName: requiredText('印章名称', SEAL_NAME_MAX) });
const idOnly = z.object({ id: requiredId('id') });
const faceCreate = z.object({
  purpose: z.enum(FACE_PURPOSE_KEYS as [string, ...string[]], { error: `用途须为 ${FACE_PURPOSE_KEYS.join('、')} 之一` }),
  refId: z
    .string({ error: '业务编号不能为空' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '业务编号格式不正确' })
    .meta({ description: '业务编号（如合同编号）' }),
});
const tokenOnly = z.object({ token: z.string({ error: '确认链接不完整' }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '确认链接不完整或格式不正确' }) });

export default async function esignRoutes(app: FastifyInstance): Promise<void> {
  const { esign, db, now, requireUser } = app;
  const auth = { preValidation: requireUser };
  const userId = (request: FastifyRequest) => request.user!.id;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Anonymous and CPU-heavy: counted per address before the upload is read (the default provider also bounds
  // the file and works off the event loop, services/esign/verify-pool.ts).
  routes.post(ESIGN_PATHS.verify, { schema: { summary: '验证签署文件：PDF 中每个数字签名的签署人、时间、完整性与证书（公开；multipart，字段 file）' } }, async (request) => {
    await app.rateLimit('esign-verify-ip', request);
    const { data } = await readUploadedFile(request);
    if (data.subarray(0, 5).toString('latin1') !== '%PDF-') throw new BusinessError(400, MSG_VERIFY_NOT_PDF);
    // A view, not a copy: the default provider copies it once more for its thread, and a 10 MB upload already
    // costs the event loop its garbage collection.
    return ok(await esign.signing.verify(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
  });

  // ── 电子印章 ──
  routes.get(ESIGN_PATHS.sealEligibility, { ...auth, schema: { summary: '电子印章：能否申请（仅限通过机构认证的机构用户）' } }, async (request) => ok(await sealEligibility(db, userId(request))));
  routes.get(ESIGN_PATHS.sealList, { ...auth, schema: { summary: '电子印章：我的申请' } }, async (request) => ok(await mySeals(db, userId(request))));
  routes.get(ESIGN_PATHS.sealImage, { ...auth, schema: { summary: '电子印章：我的印章图片（PNG）', querystring: idOnly } }, async (request, reply) => {
    const png = await mySealImage(db, userId(request), request.query.id);
    return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
  });
  routes.post(ESIGN_PATHS.sealApply, { ...auth, schema: { summary: '电子印章：申请（multipart，字段 file 为 PNG 印章图片）', querystring: sealApply } }, async (request) => {
    const { data } = await readUploadedFile(request);
    return ok(await applySeal(db, userId(request), { sealName: request.query.sealName, png: data }, now()));
  });

  // ── 刷脸（扫码）确认 ──
  routes.post(ESIGN_PATHS.faceCreate, { ...auth, schema: { summary: '身份确认：生成一次性确认链接（二维码）', querystring: faceCreate } }, async (request) =>
    ok(await esign.face.create(userId(request), { purpose: request.query.purpose as (typeof FACE_PURPOSE_KEYS)[number], refId: request.query.refId }, now())),
  );
  routes.get(ESIGN_PATHS.faceStatus, { ...auth, schema: { summary: '身份确认：状态（轮询）', querystring: idOnly } }, async (request) => ok(await esign.face.status(userId(request), request.query.id, now())));
  routes.get(ESIGN_PATHS.faceInfo, { ...auth, schema: { summary: '身份确认：手机上显示要确认的事项（仅本人）', querystring: tokenOnly } }, async (request) =>
    ok(await esign.face.info(userId(request), request.query.token, now())),
  );
  routes.post(ESIGN_PATHS.faceConfirm, { ...auth, schema: { summary: '身份确认：确认是本人操作（一次有效）', querystring: tokenOnly } }, async (request) =>
    ok(await esign.face.confirm(userId(request), request.query.token, now())),
  );
}
