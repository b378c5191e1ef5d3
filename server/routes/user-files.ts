/**
 * 我的文件 (USER_FILES_PATHS), 申诉 (APPEAL_PATHS) and 我的服务 / 需求 (DEMAND_PATHS), for the
 * logged-in user — every record read with his id, another user's answering 404 — and the operator's
 * commands on them (/api/dscq-ops/appeal/…, /dscq-ops/demand/…, /dscq-ops/listing/publish; the same as
 * `npm run ops -- appeal|demand|listing …`). Downloads of library files are the owner-only
 * /dscq-resource/oss/file/<fileId>.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPEAL_KIND_KEYS, APPEAL_MAX_FILES, APPEAL_REASON_MAX, DEMAND_ASSET_TYPES, DEMAND_KEYWORDS_MAX } from '#domain/rules/userFiles';
import { APPEAL_OPS_PATHS, APPEAL_PATHS, APPEAL_STATUSES, DEMAND_OPS_PATHS, DEMAND_PATHS, USER_FILES_PATHS } from '#domain/contract/userFiles';
import { requiredText } from '../http/account-params.ts';
import { optionalFlag, optionalId, optionalInt, optionalYuanAsFen, pagingParams, requiredId } from '../http/params.ts';
import { readUploadedFile } from '../http/upload.ts';
import { BusinessError, ok } from '../lib/envelope.ts';
import { MAX_UPLOAD_BYTES } from '../services/accounts/files.ts';
import { appealKinds, appealSubjects, listAppeals, myAppeal, myAppeals, stepAppeal, submitAppeal } from '../services/user-files/appeals.ts';
import { answerDemand, closeDemand, listDemands, myDemand, myDemands, publishListing, submitDemand } from '../services/user-files/demands.ts';
import {
  allLibraryFiles,
  createFolder,
  DEFAULT_FILE_QUOTA_BYTES,
  deleteFolder,
  deleteLibraryFile,
  folderChoices,
  listFolder,
  moveFolder,
  moveLibraryFile,
  renameFolder,
  renameLibraryFile,
  uploadToLibrary,
} from '../services/user-files/library.ts';

export interface UserFilesRouteOptions {
  /** Per-user quota of stored bytes (PORTAL_FILE_QUOTA_MB). */
  quotaBytes?: number;
}

const fileId = z
  .string({ error: '文件编号不能为空' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '文件编号格式不正确' })
  .meta({ description: '文件编号' });
const folderParams = z.object({ folderId: optionalId('folderId').meta({ description: '文件夹编号，不传为根目录' }) });
const folderCreate = z.object({ name: requiredText('文件夹名称', 50), parentId: optionalId('parentId').meta({ description: '上级文件夹，不传为根目录' }) });
const folderRename = z.object({ id: requiredId('id'), name: requiredText('文件夹名称', 50) });
const folderMove = z.object({ id: requiredId('id'), parentId: optionalId('parentId').meta({ description: '目标文件夹，不传为根目录' }) });
const idOnly = z.object({ id: requiredId('id') });
const fileRename = z.object({ fileId, name: requiredText('文件名称', 50) });
const fileMove = z.object({ fileId, folderId: optionalId('folderId').meta({ description: '目标文件夹，不传为根目录' }) });
const fileOnly = z.object({ fileId });
const pageOf10 = z.object(pagingParams(10));

const kind = z.enum(APPEAL_KIND_KEYS, { error: `申诉类型须为 ${APPEAL_KIND_KEYS.join('、')} 之一` });
const fileIds = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '附件编号格式不正确' }), { error: '附件格式不正确' }).max(APPEAL_MAX_FILES, { error: `附件最多${APPEAL_MAX_FILES}个` }),
);
const appealSubmit = z.object({
  kind,
  subjectId: requiredId('subjectId').meta({ description: '申诉对象编号（appeal/subjects 的 id）' }),
  reason: requiredText('申诉理由', APPEAL_REASON_MAX).refine((v) => v.trim().length >= 10, { error: '申诉理由不能少于10个字' }),
  fileIds: fileIds.meta({ description: '附件：我的文件中的文件编号（逗号分隔或数组）' }),
});
const appealOpsList = z.object({ status: z.enum(APPEAL_STATUSES, { error: `状态须为 ${APPEAL_STATUSES.join('、')} 之一` }).optional() });
const appealAnswer = z.object({ id: requiredId('id'), answer: requiredText('答复内容', 1000) });
const appealReject = z.object({ id: requiredId('id'), reason: requiredText('驳回原因', 500) });

const typeCodes = DEMAND_ASSET_TYPES.map((t) => t.typeCode);
const keywords = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(/[,，\s]+/).map((s) => s.trim()).filter(Boolean) : v),
  z
    .array(z.string().max(20, { error: '每个关键词不能超过20个字符' }), { error: '关键词格式不正确' })
    .max(DEMAND_KEYWORDS_MAX, { error: `关键词最多${DEMAND_KEYWORDS_MAX}个` }),
);
const demandSubmit = z.object({
  typeCode: optionalInt('typeCode', 1, 99, '资产类型不正确')
    .refine((v) => v === undefined || typeCodes.includes(v as never), { error: '资产类型不正确' })
    .meta({ description: `资产类型：${DEMAND_ASSET_TYPES.map((t) => `${t.typeCode} ${t.label}`).join('，')}；不传为不限` }),
  city: z
    .string({ error: '地区格式不正确' })
    .max(20, { error: '地区不能超过20个字符' })
    .refine((v) => !/[<>]/.test(v), { error: '地区格式不正确' })
    .default('')
    .meta({ description: '市或区县，不传为不限' }),
  minPrice: optionalYuanAsFen('minPrice').meta({ description: '最低价格（元）' }),
  maxPrice: optionalYuanAsFen('maxPrice').meta({ description: '最高价格（元）' }),
  keywords: keywords.meta({ description: '关键词（逗号或空格分隔，最多 5 个）' }),
  note: z.string({ error: '补充说明格式不正确' }).max(500, { error: '补充说明不能超过500个字符' }).default(''),
});
const demandOpsList = z.object({ all: optionalFlag('all') });
const demandAnswer = z.object({ id: requiredId('id'), answer: requiredText('答复内容', 1000) });
const listingPublish = z.object({
  assetsName: requiredText('项目名称', 100),
  typeCode: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number({ error: '资产类型不正确' }).refine((v) => typeCodes.includes(v as never), { error: '资产类型不正确' })),
  city: requiredText('所在市', 20),
  county: z.string().max(20, { error: '所在区县不能超过20个字符' }).default(''),
  startPrice: optionalYuanAsFen('startPrice'),
  deposit: optionalYuanAsFen('deposit'),
  orgName: requiredText('转让方', 100),
  enrolDays: optionalInt('enrolDays', 1, 90).meta({ description: '报名期（天），默认 20' }),
});

export default async function userFilesRoutes(app: FastifyInstance, options: UserFilesRouteOptions): Promise<void> {
  const { db, now, accounts, requireUser, requireOperator } = app;
  const quotaBytes = options.quotaBytes ?? DEFAULT_FILE_QUOTA_BYTES;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 } });
  const auth = { preValidation: requireUser };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const userId = (request: FastifyRequest) => request.user!.id;

  // ── 我的文件 ──
  routes.get(USER_FILES_PATHS.list, { ...auth, schema: { summary: '我的文件：一个文件夹的内容与空间用量', querystring: folderParams } }, async (request) =>
    ok(await listFolder(db, userId(request), request.query.folderId ?? null, quotaBytes)),
  );
  routes.get(USER_FILES_PATHS.all, { ...auth, schema: { summary: '我的文件：全部文件（可作附件）' } }, async (request) => ok(await allLibraryFiles(db, userId(request))));
  routes.get(USER_FILES_PATHS.folders, { ...auth, schema: { summary: '我的文件：全部文件夹（含路径，供移动选择）' } }, async (request) => ok(await folderChoices(db, userId(request))));
  routes.post(USER_FILES_PATHS.upload, { ...auth, schema: { summary: '我的文件：上传（multipart，字段 file；PDF、JPEG、PNG，≤10MB，计入空间配额）', querystring: folderParams } }, async (request) => {
    const { name, data } = await readUploadedFile(request);
    return ok(await uploadToLibrary(accounts, userId(request), { fileName: name, data, folderId: request.query.folderId ?? null, quotaBytes }));
  });
  routes.post(USER_FILES_PATHS.rename, { ...auth, schema: { summary: '我的文件：重命名文件', querystring: fileRename } }, async (request) =>
    ok(await renameLibraryFile(db, userId(request), request.query, now())),
  );
  routes.post(USER_FILES_PATHS.move, { ...auth, schema: { summary: '我的文件：移动文件', querystring: fileMove } }, async (request) =>
    ok(await moveLibraryFile(db, userId(request), { fileId: request.query.fileId, folderId: request.query.folderId ?? null }, now())),
  );
  routes.post(USER_FILES_PATHS.remove, { ...auth, schema: { summary: '我的文件：删除文件（连同存储的文件；凭证、申诉、报名等仍引用的文件不能删除）', querystring: fileOnly } }, async (request) => {
    await deleteLibraryFile(accounts, userId(request), request.query.fileId);
    return ok(null);
  });
  routes.post(USER_FILES_PATHS.folderCreate, { ...auth, schema: { summary: '我的文件：新建文件夹', querystring: folderCreate } }, async (request) =>
    ok(await createFolder(db, userId(request), { name: request.query.name, parentId: request.query.parentId ?? null }, now())),
  );
  routes.post(USER_FILES_PATHS.folderRename, { ...auth, schema: { summary: '我的文件：重命名文件夹', querystring: folderRename } }, async (request) =>
    ok(await renameFolder(db, userId(request), request.query, now())),
  );
  routes.post(USER_FILES_PATHS.folderMove, { ...auth, schema: { summary: '我的文件：移动文件夹', querystring: folderMove } }, async (request) =>
    ok(await moveFolder(db, userId(request), { id: request.query.id, parentId: request.query.parentId ?? null }, now())),
  );
  routes.post(USER_FILES_PATHS.folderRemove, { ...auth, schema: { summary: '我的文件：删除空文件夹', querystring: idOnly } }, async (request) => {
    await deleteFolder(db, userId(request), request.query.id);
    return ok(null);
  });

  // ── 申诉 ──
  routes.get(APPEAL_PATHS.kinds, { ...auth, schema: { summary: '申诉类型' } }, async () => ok(appealKinds()));
  routes.get(APPEAL_PATHS.subjects, { ...auth, schema: { summary: '可申诉的本人记录', querystring: z.object({ kind }) } }, async (request) =>
    ok(await appealSubjects(db, userId(request), request.query.kind)),
  );
  routes.post(APPEAL_PATHS.submit, { ...auth, schema: { summary: '提交申诉', querystring: appealSubmit } }, async (request) =>
    ok(await submitAppeal(db, userId(request), request.query, now(), request.ip)),
  );
  routes.get(APPEAL_PATHS.page, { ...auth, schema: { summary: '我的申诉分页', querystring: pageOf10 } }, async (request) => ok(await myAppeals(db, userId(request), request.query)));
  routes.get(APPEAL_PATHS.detail, { ...auth, schema: { summary: '我的申诉详情', querystring: idOnly } }, async (request) => ok(await myAppeal(db, userId(request), request.query.id)));

  // ── 我的服务 / 需求 ──
  routes.get(DEMAND_PATHS.page, { ...auth, schema: { summary: '我的需求分页', querystring: pageOf10 } }, async (request) => ok(await myDemands(db, userId(request), request.query)));
  routes.get(DEMAND_PATHS.detail, { ...auth, schema: { summary: '我的需求详情（答复与匹配项目）', querystring: idOnly } }, async (request) =>
    ok(await myDemand(db, userId(request), request.query.id)),
  );
  routes.post(DEMAND_PATHS.submit, { ...auth, schema: { summary: '登记投资需求', querystring: demandSubmit } }, async (request) => {
    const p = request.query;
    return ok(
      await submitDemand(
        db,
        userId(request),
        { typeCode: p.typeCode ?? null, city: p.city, minPriceFen: p.minPrice ?? null, maxPriceFen: p.maxPrice ?? null, keywords: p.keywords, note: p.note },
        now(),
        request.ip,
      ),
    );
  });
  routes.post(DEMAND_PATHS.close, { ...auth, schema: { summary: '关闭需求（不再匹配）', querystring: idOnly } }, async (request) => ok(await closeDemand(db, userId(request), request.query.id, now())));

  // ── Operator API ──
  const op = { preValidation: [requireUser, requireOperator] };
  const actor = (request: FastifyRequest) => ({ name: `api:${request.user!.loginName}`, ip: request.ip });
  routes.get(APPEAL_OPS_PATHS.list, { ...op, schema: { summary: '运营：申诉列表（按状态）', querystring: appealOpsList } }, async (request) =>
    ok(await listAppeals(db, request.query.status ? [request.query.status] : null)),
  );
  routes.post(APPEAL_OPS_PATHS.accept, { ...op, schema: { summary: '运营：受理申诉', querystring: idOnly } }, async (request) =>
    ok(await stepAppeal(db, request.query.id, 'accept', '', actor(request), now())),
  );
  routes.post(APPEAL_OPS_PATHS.answer, { ...op, schema: { summary: '运营：答复申诉（须已受理）', querystring: appealAnswer } }, async (request) =>
    ok(await stepAppeal(db, request.query.id, 'answer', request.query.answer, actor(request), now())),
  );
  routes.post(APPEAL_OPS_PATHS.reject, { ...op, schema: { summary: '运营：驳回申诉（不予受理）', querystring: appealReject } }, async (request) =>
    ok(await stepAppeal(db, request.query.id, 'reject', request.query.reason, actor(request), now())),
  );
  routes.get(DEMAND_OPS_PATHS.list, { ...op, schema: { summary: '运营：需求列表（默认匹配中的）', querystring: demandOpsList } }, async (request) =>
    ok(await listDemands(db, request.query.all === 1)),
  );
  routes.post(DEMAND_OPS_PATHS.answer, { ...op, schema: { summary: '运营：答复需求', querystring: demandAnswer } }, async (request) =>
    ok(await answerDemand(db, request.query.id, request.query.answer, actor(request), now())),
  );
  routes.post(DEMAND_OPS_PATHS.publishListing, { ...op, schema: { summary: '运营：挂牌一个新项目（正在报名），并与投资需求匹配、通知', querystring: listingPublish } }, async (request) => {
    const p = request.query;
    if (p.startPrice === undefined) throw new BusinessError(400, '参数 startPrice 不能为空');
    return ok(
      await publishListing(
        db,
        { assetsName: p.assetsName, typeCode: p.typeCode, city: p.city, county: p.county, startPriceFen: p.startPrice, depositFen: p.deposit ?? 0, orgName: p.orgName, enrolDays: p.enrolDays ?? 20 },
        actor(request),
        now(),
      ),
    );
  });
}
