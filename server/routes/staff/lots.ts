/**
 * 竞价 (auction department): lots from draft to publication (four eyes), their auctions in the eight modes
 * (changes after publication four eyes), offline qualification, result notices and the exchange's seal
 * on signed contracts. Paths and wire types: domain/contract/staffLots.ts. The four-eyes executors of
 * lot.publish and activity.change are registered here in app.staff.registry.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTRACT_STATES } from '#domain/contract/tradeContract';
import { DISCLOSURE_SECTIONS, type DisclosureSectionKey } from '#domain/contract/projects';
import { STAFF_LOT_PATHS } from '#domain/contract/staffLots';
import { LOT_ASSET_CLASSES } from '#domain/rules/lotTimeline';
import { requiredText } from '../../http/account-params.ts';
import { activityCreateParams, activityChangesOf, activityParamFields, activityPlanOf } from '../../http/activity-params.ts';
import { optionalChinaTime, optionalFlag, optionalId, optionalInt, optionalText, optionalYuanAsFen, pagingParams, requiredId } from '../../http/params.ts';
import { readUploadedFile } from '../../http/upload.ts';
import { BusinessError, ok } from '../../lib/envelope.ts';
import { MAX_UPLOAD_BYTES } from '../../services/accounts/files.ts';
import { assignTransferor, draftMissingContracts } from '../../services/contracts/draft.ts';
import { sealContract } from '../../services/contracts/signing.ts';
import { listContracts } from '../../services/contracts/views.ts';
import { activityChangeExecutor, createStaffActivity, qualifyOffline } from '../../services/staff/activities.ts';
import { lotActivities } from '../../services/staff/lot-activities.ts';
import { prepareApproval } from '../../services/staff/approvals.ts';
import { recordStaffAction } from '../../services/staff/audit.ts';
import { addDraftFile, createDraft, deleteDraftFile, editDraft, lotDetail, lotPage, lotPublishExecutor, type LotContext, type LotInput } from '../../services/staff/lots.ts';
import { publishResult, resultPreview } from '../../services/staff/results.ts';
import { addDraftPhoto, deleteDraftPhoto, setDraftCover, staffPhotoBytes } from '../../services/staff/lot-photos.ts';
import { MSG_PHOTO_TOO_LARGE } from '../../services/projects/photos.ts';
import { LOT_PHOTO_SIZES } from '#domain/contract/projects';

const SECTION_KEYS = DISCLOSURE_SECTIONS.map((s) => s.key) as [DisclosureSectionKey, ...DisclosureSectionKey[]];

/** An amount in yuan that may be 0 (a deposit); absent → undefined. */
const optionalYuanOrZero = (field: string) => {
  const msg = `参数 ${field} 须为不小于 0 的金额（元），最多两位小数`;
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'number' ? String(value) : value),
    z.string({ error: msg }).trim().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: msg }).transform((text) => Math.round(Number(text) * 100)).optional(),
  );
};

/** The disclosure tabs: an object {announcement: '<p>…</p>', …} (JSON body), or its JSON text (query string). */
const sections = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.partialRecord(z.enum(SECTION_KEYS, { error: `披露栏目须为 ${SECTION_KEYS.join('、')} 之一` }), z.string({ error: '披露内容须为文本' }).max(200_000, { error: '披露内容过长' }), { error: '参数 sections 格式不正确' }).optional(),
);

const lotFields = {
  assetsName: optionalText('assetsName（项目名称）', 200),
  typeCode: optionalInt('typeCode', 1, 6),
  projectNature: optionalInt('projectNature', 1, 2),
  assetClass: z.enum(LOT_ASSET_CLASSES, { error: `参数 assetClass 须为 ${LOT_ASSET_CLASSES.join('、')} 之一` }).optional(),
  priceType: optionalInt('priceType', 1, 3),
  startPrice: optionalYuanAsFen('startPrice'),
  priceUnit: optionalText('priceUnit', 20),
  priceOther: optionalText('priceOther', 200),
  depositAmount: optionalYuanOrZero('depositAmount'),
  appraisedValue: optionalYuanAsFen('appraisedValue'),
  announcementStartTime: optionalChinaTime('announcementStartTime'),
  enrolEndTime: optionalChinaTime('enrolEndTime'),
  depositEndTime: optionalChinaTime('depositEndTime'),
  city: optionalText('city', 20),
  county: optionalText('county', 20),
  orgName: optionalText('orgName', 100),
  transferorName: optionalText('transferorName', 100),
  contactName: optionalText('contactName', 20),
  contactPhone: optionalText('contactPhone', 40),
  managed: optionalFlag('managed'),
  sections,
};
type LotParams = z.output<z.ZodObject<typeof lotFields>>;

function lotInput(p: LotParams): LotInput {
  const input: LotInput = {
    assetsName: p.assetsName,
    typeCode: p.typeCode,
    projectNature: p.projectNature,
    assetClass: p.assetClass,
    priceType: p.priceType,
    startPriceFen: p.startPrice,
    priceUnit: p.priceUnit,
    priceOther: p.priceOther,
    depositFen: p.depositAmount,
    appraisedFen: p.appraisedValue,
    announcementStartAt: p.announcementStartTime,
    enrolmentEndAt: p.enrolEndTime,
    depositEndAt: p.depositEndTime,
    city: p.city,
    county: p.county,
    orgName: p.orgName,
    transferorName: p.transferorName,
    contactName: p.contactName,
    contactPhone: p.contactPhone,
    managed: p.managed === undefined ? undefined : p.managed === 1,
    sections: p.sections,
  };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as LotInput;
}

const lotPageQuery = z.object({ state: optionalText('state', 20), q: optionalText('q', 64), ...pagingParams(20) });
const lotDetailQuery = z.object({ draftId: optionalId('draftId'), assetsId: optionalId('assetsId') });
const lotCreate = z.object(lotFields);
const lotEdit = z.object({ draftId: requiredId('draftId'), ...lotFields });
const fileUpload = z.object({ draftId: requiredId('draftId'), kind: z.enum(['attachment', 'photo'], { error: '参数 kind 须为 attachment 或 photo' }).default('attachment') });
const fileDelete = z.object({ draftId: requiredId('draftId'), fileId: requiredId('fileId') });
const photoUpload = z.object({ draftId: requiredId('draftId') });
const photoAction = z.object({ draftId: requiredId('draftId'), photoId: requiredId('photoId') });
const photoFile = z.object({ photoId: requiredId('photoId'), size: z.enum(LOT_PHOTO_SIZES, { error: '参数 size 须为 thumb 或 display' }).default('thumb') });
/** preDisclosure 1: published as 信息预披露 (no enrolment; the price may be 面议). */
const publishPrepare = z.object({ draftId: requiredId('draftId'), preDisclosure: optionalFlag('preDisclosure') });
/** formal 1: a pre-disclosed lot's formal listing (正式挂牌), with the fields it changes. */
const changePrepare = z.object({ assetsId: requiredId('assetsId'), reason: requiredText('变更原因', 500), formal: optionalFlag('formal'), ...lotFields });
const assetsOnly = z.object({ assetsId: requiredId('assetsId') });
const activityChange = z.object({ activityId: requiredId('activityId'), reason: requiredText('修改原因', 500), ...activityParamFields });
const qualify = z.object({ activityId: requiredId('activityId'), loginName: requiredText('登录名', 64), preEmptiveRank: optionalInt('preEmptiveRank', 1, 9) });
const resultQuery = z.object({ activityId: requiredId('activityId'), noticeType: optionalInt('noticeType', 2, 3) });
const resultPublishQuery = z.object({ activityId: requiredId('activityId'), noticeType: optionalInt('noticeType', 2, 3), publishTime: optionalChinaTime('publishTime') });
const contractList = z.object({ state: z.enum(CONTRACT_STATES, { error: `合同状态须为 ${CONTRACT_STATES.join('、')} 之一` }).default('signed') });
const contractSealQuery = z.object({ id: requiredId('id') });
const assignTransferorQuery = z.object({ id: requiredId('id'), loginName: requiredText('转让方登录名', 64) });

export default async function staffLotRoutes(app: FastifyInstance): Promise<void> {
  // Attachments and the cover photo: one file per request, as every upload of the portal.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 } });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { requireStaff, db, now } = app;
  const ctx: LotContext = { ...app.staff, dataDir: app.dataDir };
  app.staff.registry.register('lot.publish', lotPublishExecutor(ctx));
  app.staff.registry.register('activity.change', activityChangeExecutor(app.staff));

  const lotEditor = { preValidation: requireStaff('lot.edit') };
  const lotPublisher = { preValidation: requireStaff('lot.publish') };
  const auctioneer = { preValidation: requireStaff('activity.edit') };
  const resulter = { preValidation: requireStaff('result.publish') };
  const sealer = { preValidation: requireStaff('contract.seal') };

  routes.get(STAFF_LOT_PATHS.lotPage, { ...lotEditor, schema: { summary: '工作系统：项目列表（草稿、待复核、已发布或按状态；关键字）', querystring: lotPageQuery } }, async (request) => {
    const { current, size, ...filter } = request.query;
    return ok(await lotPage(ctx, filter, { current, size }));
  });
  routes.get(STAFF_LOT_PATHS.lotDetail, { ...lotEditor, schema: { summary: '工作系统：项目详情（字段、附件、时间线检查、竞价、门户所示）', querystring: lotDetailQuery } }, async (request) =>
    ok(await lotDetail(ctx, request.query)),
  );
  routes.post(STAFF_LOT_PATHS.lotCreate, { ...lotEditor, schema: { summary: '工作系统：新建项目草稿（门户不可见）', querystring: lotCreate } }, async (request) =>
    ok(await createDraft(ctx, lotInput(request.query), request.staff!)),
  );
  routes.post(STAFF_LOT_PATHS.lotEdit, { ...lotEditor, schema: { summary: '工作系统：修改项目草稿（发布后锁定：409）', querystring: lotEdit } }, async (request) => {
    const { draftId, ...fields } = request.query;
    return ok(await editDraft(ctx, draftId, lotInput(fields), request.staff!));
  });
  routes.post(STAFF_LOT_PATHS.lotFileUpload, { ...lotEditor, schema: { summary: '工作系统：上传项目附件或图片（multipart，字段 file；kind=photo 即图集的一张）', querystring: fileUpload } }, async (request) => {
    const { draftId, kind } = request.query;
    if (kind === 'photo') {
      // The older single cover photo: now one photo of the gallery.
      const photo = await addDraftPhoto(ctx, draftId, await readUploadedFile(request, MSG_PHOTO_TOO_LARGE), request.staff!);
      return ok({ id: photo.id, kind: 'photo', fileName: photo.fileName, fileSize: photo.fileSize, fileType: 'webp' });
    }
    const file = await readUploadedFile(request);
    return ok(await addDraftFile(ctx, draftId, kind, file, request.staff!));
  });
  routes.post(STAFF_LOT_PATHS.lotPhotoUpload, { ...lotEditor, schema: { summary: '工作系统：上传项目图片（multipart，字段 file；JPG、PNG、WebP，不超过 10MB；首张为封面）', querystring: photoUpload } }, async (request) =>
    ok(await addDraftPhoto(ctx, request.query.draftId, await readUploadedFile(request, MSG_PHOTO_TOO_LARGE), request.staff!)),
  );
  routes.post(STAFF_LOT_PATHS.lotPhotoCover, { ...lotEditor, schema: { summary: '工作系统：设为封面', querystring: photoAction } }, async (request) =>
    ok(await setDraftCover(ctx, request.query.draftId, request.query.photoId, request.staff!)),
  );
  routes.post(STAFF_LOT_PATHS.lotPhotoDelete, { ...lotEditor, schema: { summary: '工作系统：删除项目图片', querystring: photoAction } }, async (request) =>
    ok(await deleteDraftPhoto(ctx, request.query.draftId, request.query.photoId, request.staff!)),
  );
  routes.get(STAFF_LOT_PATHS.lotPhotoFile, { ...lotEditor, schema: { summary: '工作系统：项目图片（含草稿的图片，凭工作人员令牌）', querystring: photoFile } }, async (request, reply) => {
    const bytes = await staffPhotoBytes(ctx, request.query.photoId, request.query.size);
    reply.header('content-type', 'image/webp').header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff');
    return reply.send(bytes);
  });
  routes.post(STAFF_LOT_PATHS.lotFileDelete, { ...lotEditor, schema: { summary: '工作系统：删除项目草稿的附件', querystring: fileDelete } }, async (request) => {
    await deleteDraftFile(ctx, request.query.draftId, request.query.fileId, request.staff!);
    return ok(null);
  });
  routes.post(STAFF_LOT_PATHS.lotPublishPrepare, { ...lotPublisher, schema: { summary: '工作系统：提交项目发布复核（四眼：须另一位工作人员复核后发布）', querystring: publishPrepare } }, async (request) =>
    ok(await prepareApproval(app.staff, 'lot.publish', { draftId: request.query.draftId, preDisclosure: request.query.preDisclosure === 1 }, request.staff!)),
  );
  routes.post(STAFF_LOT_PATHS.lotChangePrepare, { ...lotPublisher, schema: { summary: '工作系统：提交已发布项目的变更复核（四眼）', querystring: changePrepare } }, async (request) => {
    const { assetsId, reason, formal, ...fields } = request.query;
    const changes = lotInput(fields);
    if (Object.keys(changes).length === 0 && formal !== 1) throw new BusinessError(400, '没有要变更的内容');
    return ok(await prepareApproval(app.staff, 'lot.publish', { assetsId, changes, reason, formal: formal === 1 }, request.staff!));
  });

  routes.get(STAFF_LOT_PATHS.activityList, { ...auctioneer, schema: { summary: '工作系统：项目的竞价活动', querystring: assetsOnly } }, async (request) => ok(await lotActivities(db, request.query.assetsId)));
  routes.post(STAFF_LOT_PATHS.activityCreate, { ...auctioneer, schema: { summary: '工作系统：创建竞价活动（八种方式及全部参数，按项目时间线检查）', querystring: activityCreateParams } }, async (request) =>
    ok(await createStaffActivity(app.staff, activityPlanOf(request.query), request.staff!)),
  );
  routes.post(STAFF_LOT_PATHS.activityChangePrepare, { ...auctioneer, schema: { summary: '工作系统：提交已发布竞价的修改复核（四眼：开始、结束、价格、加价幅度等）', querystring: activityChange } }, async (request) => {
    const { activityId, reason, ...params } = request.query;
    const changes = activityChangesOf(params);
    if (Object.keys(changes).length === 0) throw new BusinessError(400, '没有要修改的竞价参数');
    return ok(await prepareApproval(app.staff, 'activity.change', { activityId, changes, reason }, request.staff!));
  });
  routes.post(STAFF_LOT_PATHS.activityQualify, { ...auctioneer, schema: { summary: '工作系统：线下确认保证金后办理竞买资格（可登记优先购买权顺位）', querystring: qualify } }, async (request) => {
    const p = request.query;
    return ok(await qualifyOffline(app.staff, { activityId: p.activityId, loginName: p.loginName, preEmptiveRank: p.preEmptiveRank ?? null }, request.staff!));
  });

  routes.get(STAFF_LOT_PATHS.resultPreview, { ...resulter, schema: { summary: '工作系统：按竞价结果生成的成交公告或结果公示（预览）', querystring: resultQuery } }, async (request) =>
    ok(await resultPreview(db, request.query.activityId, request.query.noticeType)),
  );
  routes.post(STAFF_LOT_PATHS.resultPublish, { ...resulter, schema: { summary: '工作系统：发布成交公告或结果公示（门户交易公告可见）', querystring: resultPublishQuery } }, async (request) => {
    const p = request.query;
    return ok(await publishResult(app.staff, { activityId: p.activityId, noticeType: p.noticeType, publishAt: p.publishTime }, request.staff!));
  });

  routes.get(STAFF_LOT_PATHS.contractPage, { ...sealer, schema: { summary: '工作系统：合同列表（默认各方已签署、待交易机构盖章）', querystring: contractList } }, async (request) =>
    ok(await listContracts(db, request.query.state)),
  );
  routes.post(STAFF_LOT_PATHS.contractSeal, { ...sealer, schema: { summary: '工作系统：加盖交易机构鉴证章（已签署 → 已盖章）', querystring: contractSealQuery } }, async (request) => {
    const staff = request.staff!;
    const done = await sealContract(db, app.esign.signing, request.query.id, { name: `staff:${staff.loginName}`, ip: staff.ip }, now());
    await recordStaffAction(db, now(), staff, { action: 'contract.seal', subject: `contract:${done.id}`, before: { state: 'signed' }, after: done });
    return ok(done);
  });
  routes.post(STAFF_LOT_PATHS.contractAssignTransferor, { ...sealer, schema: { summary: '工作系统：指定合同转让方的签署账户（起草中）', querystring: assignTransferorQuery } }, async (request) => {
    const { id, loginName } = request.query;
    await assignTransferor(db, id, loginName, now());
    await recordStaffAction(db, now(), request.staff!, { action: 'contract.assignTransferor', subject: `contract:${id}`, after: { transferor: loginName } });
    return ok(null);
  });
  routes.post(STAFF_LOT_PATHS.contractDraftMissing, { ...sealer, schema: { summary: '工作系统：为尚无合同的已付款成交起草合同' } }, async (request) => {
    const drafted = await draftMissingContracts(db, now());
    await recordStaffAction(db, now(), request.staff!, { action: 'contract.draftMissing', after: { drafted } });
    return ok({ drafted });
  });
}
