/**
 * 产权交易合同 (CONTRACT_PATHS in domain/rules/tradeContract.ts): thin translations to
 * services/contracts. Every contract is read with the caller's id and answers 404 to anyone who is not a
 * party. The operator's commands (/dscq-ops/contract/…) are the same as `npm run ops -- contract …`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTRACT_OPS_PATHS, CONTRACT_PATHS, CONTRACT_STATES } from '#domain/contract/tradeContract';
import { OPEN_FIELD_MAX } from '#domain/rules/tradeContract';
import { requiredText } from '../http/account-params.ts';
import { pagingParams, requiredId } from '../http/params.ts';
import { BusinessError, ok } from '../lib/envelope.ts';
import { confirmContract, reopenContract, submitForConfirmation } from '../services/contracts/confirmation.ts';
import { assignTransferor, saveOpenFields } from '../services/contracts/draft.ts';
import { addSignatory, findSignatory, removeSignatory } from '../services/contracts/signatories.ts';
import { sealContract, signContract, type ContractSigning } from '../services/contracts/signing.ts';
import { contractPdf, contractVersions, listContracts, myContract, myContracts } from '../services/contracts/views.ts';

export interface ContractRouteOptions {
  /** The signing provider, seals and face check; null: signing answers 503 (not configured). */
  signing: ContractSigning | null;
}

const idOnly = z.object({ id: requiredId('id') });
const state = z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTRACT_STATES, { error: `状态须为 ${CONTRACT_STATES.join('、')} 之一` }).optional());
const version = z.coerce.number({ error: '版本号不正确' }).int({ error: '版本号不正确' }).min(1, { error: '版本号不正确' });
const openText = z.string({ error: '条款内容格式不正确' }).max(OPEN_FIELD_MAX, { error: `每项条款不能超过${OPEN_FIELD_MAX}个字符` }).optional();
const saveBody = z.object({
  id: requiredId('id'),
  version,
  fields: z.object({ handover: openText, payment: openText, other: openText }, { error: '条款内容格式不正确' }),
});
const confirmBody = z.object({ id: requiredId('id'), version });
const findParams = z.object({ id: requiredId('id'), keyword: requiredText('登录名或手机号', 50) });
const addParams = z.object({ id: requiredId('id'), userId: requiredId('userId') });
const removeParams = z.object({ id: requiredId('id'), partyId: requiredId('partyId') });
const signBody = z.object({
  id: requiredId('id'),
  faceToken: z.string({ error: '请先完成人脸核验' }).min(1, { error: '请先完成人脸核验' }).max(200, { error: '人脸核验凭证不正确' }),
  markKind: z.enum(['drawn', 'typed', 'seal'], { error: '签名方式须为手写、输入姓名或印章' }),
  markPng: z
    .string({ error: '签名图片格式不正确' })
    .max(400_000, { error: '签名图片过大，请重新签名' })
    .regex(/^[A-Za-z0-9+/=]*$/, { error: '签名图片格式不正确' })
    .default(''),
});
const sealParams = z.object({ id: requiredId('id') });
const assignParams = z.object({ id: requiredId('id'), loginName: requiredText('登录名', 50) });

export default async function contractRoutes(app: FastifyInstance, options: ContractRouteOptions): Promise<void> {
  const { db, now, requireUser, requireOperator } = app;
  const auth = { preValidation: requireUser };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const userId = (request: FastifyRequest) => request.user!.id;
  const signing = () => {
    if (!options.signing) throw new BusinessError(503, '电子签名服务暂未开通，请稍后再试');
    return options.signing;
  };

  routes.get(CONTRACT_PATHS.page, { ...auth, schema: { summary: '我的合同分页（本人为签署方的合同，可按状态筛选）', querystring: z.object({ ...pagingParams(10), state }) } }, async (request) =>
    ok(await myContracts(db, userId(request), request.query)),
  );
  routes.get(CONTRACT_PATHS.detail, { ...auth, schema: { summary: '合同详情（条款、约定条款、签署方）', querystring: idOnly } }, async (request) => ok(await myContract(db, userId(request), request.query.id)));
  routes.get(CONTRACT_PATHS.versions, { ...auth, schema: { summary: '合同版本记录（谁、何时、改了哪些条款）', querystring: idOnly } }, async (request) =>
    ok(await contractVersions(db, userId(request), request.query.id)),
  );
  routes.post(CONTRACT_PATHS.save, { ...auth, schema: { summary: '修改约定条款（富文本经清洗；起草中，须为当前版本）', body: saveBody } }, async (request) =>
    ok(await saveOpenFields(db, userId(request), request.body.id, { version: request.body.version, fields: request.body.fields }, now(), request.ip)),
  );
  routes.post(CONTRACT_PATHS.submit, { ...auth, schema: { summary: '提交各方确认（起草中 → 待确认）', querystring: idOnly } }, async (request) =>
    ok(await submitForConfirmation(db, userId(request), request.query.id, now())),
  );
  routes.post(CONTRACT_PATHS.reopen, { ...auth, schema: { summary: '退回修改（待确认 → 起草中，撤销各方确认）', querystring: idOnly } }, async (request) =>
    ok(await reopenContract(db, userId(request), request.query.id, now())),
  );
  routes.post(CONTRACT_PATHS.confirm, { ...auth, schema: { summary: '确认合同（各方确认后定稿 PDF，进入签署）', body: confirmBody } }, async (request) =>
    ok(await confirmContract(db, userId(request), request.body.id, request.body.version, now(), request.ip)),
  );
  // Both tell whether a person (a phone, a login name, a user id) is a verified user: limited per user
  // and per address, so a party cannot list the users; the address first, so a user refused for his own
  // count does not use up his office's.
  const lookupLimits = async (request: FastifyRequest) => {
    await app.rateLimit('lookup-ip', request);
    await app.rateLimits.hit('lookup-user', String(userId(request)));
  };
  routes.get(CONTRACT_PATHS.findSignatory, { ...auth, schema: { summary: '按登录名或手机号查找已实名的个人或机构（脱敏显示；每个用户、每个地址限频，记入审计日志）', querystring: findParams } }, async (request) => {
    await lookupLimits(request);
    return ok(await findSignatory(db, userId(request), request.query.id, request.query.keyword, now(), request.ip));
  });
  routes.post(CONTRACT_PATHS.addSignatory, { ...auth, schema: { summary: '添加签署方（仅已实名的个人或机构；起草中；与查找共用限频）', querystring: addParams } }, async (request) => {
    await lookupLimits(request);
    return ok(await addSignatory(db, userId(request), request.query.id, request.query.userId, now(), request.ip));
  });
  routes.post(CONTRACT_PATHS.removeSignatory, { ...auth, schema: { summary: '移除添加的签署方（起草中）', querystring: removeParams } }, async (request) =>
    ok(await removeSignatory(db, userId(request), request.query.id, request.query.partyId, now())),
  );
  routes.post(CONTRACT_PATHS.sign, { ...auth, schema: { summary: '签署合同（按顺序；人脸核验后，个人手写或输入姓名签名、机构使用审核通过的印章）', body: signBody } }, async (request) => {
    const b = request.body;
    return ok(
      await signContract(db, signing(), userId(request), b.id, { faceToken: b.faceToken, markKind: b.markKind, markPng: b.markPng ? new Uint8Array(Buffer.from(b.markPng, 'base64')) : null }, now(), request.ip),
    );
  });
  routes.get(CONTRACT_PATHS.pdf, { ...auth, schema: { summary: '合同 PDF（定稿版或签署版；仅签署方）', querystring: idOnly } }, async (request, reply) => {
    const file = await contractPdf(db, userId(request), request.query.id);
    const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.data);
  });

  // ── Operator API ──
  const op = { preValidation: [requireUser, requireOperator] };
  routes.get(CONTRACT_OPS_PATHS.list, { ...op, schema: { summary: '运营：合同列表（可按状态）', querystring: z.object({ state }) } }, async (request) => ok(await listContracts(db, request.query.state)));
  routes.post(CONTRACT_OPS_PATHS.seal, { ...op, schema: { summary: '运营：加盖交易机构鉴证章（已签署 → 已盖章）', querystring: sealParams } }, async (request) =>
    ok(await sealContract(db, signing().provider, request.query.id, { name: `api:${request.user!.loginName}`, ip: request.ip }, now())),
  );
  routes.post(CONTRACT_OPS_PATHS.assign, { ...op, schema: { summary: '运营：指定转让方签署账户（起草中）', querystring: assignParams } }, async (request) => {
    await assignTransferor(db, request.query.id, request.query.loginName, now());
    return ok(null);
  });
}
