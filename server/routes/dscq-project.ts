/**
 * /api/dscq-project: the trading centre (domain/rules/projects.ts PROJECT_PATHS) and notices.
 *   POST search/page, search/page2 · GET project/detail · POST search/assets-recommend
 *   GET assets-feature/list · GET ali-basic-assets/cover/aliAssetsId · (ours) GET lot-photo/<key>-<size>.webp · POST activity/bidding-assets
 *   POST client-attachment-log/submit · POST assets-detail/verify-code · (ours) GET assets-detail/attachment
 *   GET top/new-publish · GET project/hb-projects · POST notice/page, notice/detail
 * And dscqSyncProjectRoutes: /api/dscq-sync POST v1/basic-assets/new-publish.
 * (activity/upcoming-bid lives in live.ts.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROJECT_NATURE, PROJECT_SEARCH_MAX_SIZE, PROJECT_SORTS, type ProjectSort } from '#domain/contract/projects';
import { BusinessError, ok } from '../lib/envelope.ts';
import {
  intWithDefault,
  optionalFlag,
  optionalId,
  optionalInt,
  optionalIntList,
  optionalText,
  pagingParams,
  requiredId,
} from '../http/params.ts';
import { consumeCaptcha } from '../services/accounts/captcha.ts';
import { issueTicket, logAttachmentDownload, projectFilesDir, redeemTicket } from '../services/projects/attachments.ts';
import { contentDisposition } from '../services/content/files.ts';
import { PHOTO_CACHE_CONTROL, publicPhoto } from '../services/projects/photos.ts';
import { getNoticeDetail } from '../services/content/site-notices.ts';
import { listNotices } from '../services/content/trading-notices.ts';
import {
  basicNewPublish,
  getCover,
  getProjectActivity,
  getProjectDetail,
  hbProjects,
  listFeatures,
  PROJECT_NOT_FOUND,
  recommendProjects,
  topNewPublish,
} from '../services/projects/detail.ts';
import { searchProjects } from '../services/projects/search.ts';

export const VERIFY_CODE_WRONG = '验证码错误或已过期';

/** A non-negative amount in yuan (up to 2 decimals); '' or absent → undefined. */
function optionalYuan(field: string) {
  const msg = `参数 ${field} 必须是不小于 0 的金额（元）`;
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d{1,13}(\.\d{1,2})?\s*$/.test(v) ? Number(v) : v),
    z.number({ error: msg }).min(0, { error: msg }).max(1e13, { error: msg }).optional(),
  );
}

/** A sort key or direction; anything else (old clients send their own) falls back to the default. */
const sortKey = z.preprocess((v) => (PROJECT_SORTS.includes(v as ProjectSort) ? v : undefined), z.enum(PROJECT_SORTS).optional());
const sortOrder = z.preprocess((v) => (v === 'asc' || v === 'desc' ? v : undefined), z.enum(['asc', 'desc']).optional());

const searchParams = z.object({
  // 10 as the SpringBlade family's default; the trading centre asks for PROJECT_SEARCH_DEFAULT_SIZE.
  size: intWithDefault('size', 1, PROJECT_SEARCH_MAX_SIZE, 10),
  current: intWithDefault('current', 1, 100000, 1),
  typeCode: optionalInt('typeCode', 0, 9999),
  notTypeCodeList: optionalIntList('notTypeCodeList'),
  q: optionalText('q', 100),
  associationId: optionalId('associationId'),
  /** (api-reference) a state word the listing's state text contains, e.g. 正在报名. */
  state: optionalText('state', 20),
  city: optionalText('city', 20),
  county: optionalText('county', 30),
  minPrice: optionalYuan('minPrice'),
  maxPrice: optionalYuan('maxPrice'),
  projectNature: optionalInt('projectNature', 1, 9),
  assetsFeature: optionalId('assetsFeature'),
  orderBy: sortKey,
  order: sortOrder,
});

const noticeParams = z.object({
  ...pagingParams(10),
  noticeType: optionalInt('noticeType', 1, 99),
  isFrontPage: optionalFlag('isFrontPage'),
});

const idParams = z.object({ id: requiredId('id') });
const assetsParams = z.object({ assetsId: requiredId('assetsId') });
const recommendParams = z.object({ assetsId: requiredId('assetsId'), size: intWithDefault('size', 1, 20, 4) });
const coverParams = z.object({ aliAssetsId: requiredId('aliAssetsId') });
const photoParams = z.object({ file: z.string().max(100) });
const logParams = z.object({ assetsId: requiredId('assetsId'), attachmentId: requiredId('attachmentId') });
const verifyParams = z.object({
  attachmentId: requiredId('attachmentId'),
  key: optionalText('key', 64),
  code: optionalText('code', 8),
});
const ticketParams = z.object({ ticket: optionalText('ticket', 64) });
const newPublishParams = z.object({ size: intWithDefault('size', 1, 50, 6) });
const hbParams = z.object({ ...pagingParams(8), projectNature: optionalInt('projectNature', 1, 9) });
const basicNewPublishParams = z.object({
  projectTypes: optionalIntList('projectTypes', 10),
  plateId: optionalId('plateId'),
  limit: intWithDefault('limit', 1, 50, 8),
});

export async function dscqProjectRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, accounts } = app;
  /** The bearer's user id when a valid token is sent; anonymous (null) otherwise — never a 401 here. */
  const optionalUserId = async (request: FastifyRequest) => (await app.optionalUser(request))?.id ?? null;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // page and page2 are two entry points of the same search in the real system (home tabs vs. centre).
  api.post('/search/page', { schema: { summary: '项目检索（与 search/page2 相同）', querystring: searchParams } }, async (request) => ok(await searchProjects(db, request.query, app.now())));
  api.post('/search/page2', { schema: { summary: '项目检索（与 search/page 相同）', querystring: searchParams } }, async (request) => ok(await searchProjects(db, request.query, app.now())));

  api.get('/project/detail', { schema: { summary: '项目详情（带登录令牌时含收藏标记）', querystring: idParams } }, async (request) => {
    const { id } = request.query;
    return ok(await getProjectDetail(db, id, await optionalUserId(request), app.now()));
  });
  api.post('/search/assets-recommend', { schema: { summary: '相关项目推荐', querystring: recommendParams } }, async (request) => {
    const p = request.query;
    return ok(await recommendProjects(db, p.assetsId, p.size, app.now()));
  });
  api.get('/assets-feature/list', { schema: { summary: '项目特色标签' } }, async () => ok(await listFeatures(db)));
  api.get('/ali-basic-assets/cover/aliAssetsId', { schema: { summary: '项目封面', querystring: coverParams } }, async (request) =>
    ok(await getCover(db, request.query.aliAssetsId)),
  );

  // Lot photos: immutable URLs (a new picture is a new key), so cached for a year; never sniffed or scripted.
  api.get('/lot-photo/:file', { schema: { summary: '项目图片（WebP：缩略图 thumb 或展示尺寸 display；长期缓存）', params: photoParams } }, async (request, reply) => {
    const bytes = await publicPhoto(db, accounts.dataDir, request.params.file);
    reply
      .header('content-type', 'image/webp')
      .header('cache-control', PHOTO_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(bytes);
  });

  api.post('/activity/bidding-assets', { schema: { summary: '项目的竞价活动', querystring: assetsParams } }, async (request) => {
    const { assetsId } = request.query;
    const exists = await db.selectFrom('project').select('id').where('id', '=', assetsId).executeTakeFirst();
    if (!exists) throw new BusinessError(404, PROJECT_NOT_FOUND);
    return ok(await getProjectActivity(db, assetsId, app.now()));
  });

  api.post('/client-attachment-log/submit', { schema: { summary: '记录附件下载', querystring: logParams } }, async (request) => {
    const p = request.query;
    await logAttachmentDownload(db, { ...p, userId: await optionalUserId(request), ip: request.ip, now: now() });
    return ok(null);
  });

  // The image captcha of GET /blade-auth/oauth/captcha (single use) buys a 5-minute single-use ticket.
  api.post('/assets-detail/verify-code', { schema: { summary: '以图片验证码换取附件下载票据（5 分钟、一次有效）', querystring: verifyParams } }, async (request) => {
    const p = request.query;
    if (!p.key || !p.code) throw new BusinessError(400, '请输入图片验证码');
    if (!(await consumeCaptcha(accounts, p.key, p.code))) throw new BusinessError(400, VERIFY_CODE_WRONG);
    return ok(await issueTicket(db, now(), p.attachmentId, await optionalUserId(request)));
  });

  api.get('/assets-detail/attachment', { schema: { summary: '凭票据下载项目附件', querystring: ticketParams } }, async (request, reply) => {
    const { ticket } = request.query;
    const file = await redeemTicket(db, projectFilesDir(accounts.dataDir), now(), ticket ?? '');
    reply
      .header('content-type', file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'no-store');
    return reply.send(file.stream);
  });

  api.get('/top/new-publish', { schema: { summary: '最新挂牌项目', querystring: newPublishParams } }, async (request) => ok(await topNewPublish(db, request.query.size, app.now())));
  api.get('/project/hb-projects', { schema: { summary: '河北项目（默认国有产权）', querystring: hbParams } }, async (request) => {
    const p = request.query;
    return ok(await hbProjects(db, { ...p, projectNature: p.projectNature ?? PROJECT_NATURE.stateOwned }, app.now()));
  });

  api.post('/notice/page', { schema: { summary: '交易公告分页', querystring: noticeParams } }, async (request) => ok(await listNotices(db, request.query, now())));
  api.post('/notice/detail', { schema: { summary: '交易公告详情', querystring: idParams } }, async (request) => ok(await getNoticeDetail(db, request.query.id, now())));
}

/** /api/dscq-sync: the home page's newest single assets. */
export async function dscqSyncProjectRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/v1/basic-assets/new-publish', { schema: { summary: '首页最新挂牌（按项目类型或板块）', querystring: basicNewPublishParams } }, async (request) =>
      ok(await basicNewPublish(db, request.query, app.now())),
    );
}
