/**
 * /api/dscq-content: the content centre (spec section 7 "Content"). Thin: parameters → services.
 *   POST ad-ads/list, ad-ads/keyProjects-page, (ours) GET ad-ads/detail
 *   POST partners/page · POST page-modules-content/batch-list
 *   POST news-content/page, /front-page, /detail
 *   POST news-platecfig/select · GET news-platecfig/detail
 *   GET  columns-content/page, /detail
 *   (ours) POST download-file/page · GET files/:id (the stored file, with Content-Disposition and nosniff)
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../lib/envelope.ts';
import { intWithDefault, optionalId, optionalInt, optionalText, pagingParams, requiredId } from '../http/params.ts';
import {
  batchListModules,
  getColumnContent,
  getKeyProject,
  getNewsArticle,
  getPlateDetail,
  listAds,
  listFrontPageNews,
  pageColumnContent,
  pageDownloads,
  pageKeyProjects,
  pagePartners,
  selectPlates,
} from '../services/content/centre.ts';
import { contentDisposition, openContentFile } from '../services/content/files.ts';
import { listNews } from '../services/content/news.ts';

/** A code-like parameter: letters, digits, '-', '_' and '.' only. */
function optionalCode(field: string) {
  return optionalText(field, 64).refine((v) => v === undefined || /^[A-Za-z0-9_.-]+$/.test(v), {
    error: `参数 ${field} 只能包含字母、数字、下划线、连字符和点`,
  });
}

const pageParams = z.object({ ...pagingParams(10), plateId: optionalId('plateId') });
const frontPageParams = z.object({ ...pagingParams(6), plateId: optionalId('plateId') });
const detailParams = z.object({ id: requiredId('id') });
const adParams = z.object({ size: intWithDefault('size', 1, 100, 100), current: intWithDefault('current', 1, 100000, 1), code: optionalCode('code') });
const keyProjectParams = z.object({
  size: intWithDefault('size', 1, 100, 8),
  current: intWithDefault('current', 1, 100000, 1),
  code: optionalCode('code').transform((v) => v ?? 'zdtj'),
});
const partnerParams = z.object({
  size: intWithDefault('size', 1, 100, 100),
  current: intWithDefault('current', 1, 100000, 1),
  positionType: optionalInt('positionType', 0, 99),
});
const modulesParams = z.object({
  modulesCodes: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    optionalText('modulesCodes', 500).refine((v) => v === undefined || /^[A-Za-z0-9_.,-]+$/.test(v), {
      error: '参数 modulesCodes 必须是以逗号分隔的模块编码',
    }),
  ),
});
const plateSelectParams = z.object({
  parentId: optionalId('parentId'),
  plateCode: optionalCode('plateCode'),
  sourceType: optionalInt('sourceType', 1, 3),
});
const plateDetailParams = z
  .object({ id: optionalId('id'), plateCode: optionalCode('plateCode') })
  .refine((v) => v.id !== undefined || v.plateCode !== undefined, { error: '参数 id 不能为空' });
const columnPageParams = z
  .object({ ...pagingParams(10), columnCode: optionalCode('columnCode'), columnId: optionalId('columnId') })
  .refine((v) => v.columnCode !== undefined || v.columnId !== undefined, { error: '参数 columnCode 不能为空' });
const downloadParams = z.object({ ...pagingParams(12), category: optionalText('category', 20) });
const fileParams = z.object({ id: requiredId('id') });

export async function dscqContentRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, contentFilesDir: filesDir } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/news-content/page', { schema: { summary: '新闻分页（按板块）', querystring: pageParams } }, async (request) => ok(await listNews(db, request.query, now())));
  api.post('/news-content/front-page', { schema: { summary: '首页新闻', querystring: frontPageParams } }, async (request) =>
    ok(await listFrontPageNews(db, request.query, now())),
  );
  api.post('/news-content/detail', { schema: { summary: '新闻详情（含板块名与附件）', querystring: detailParams } }, async (request) => {
    const { id } = request.query;
    return ok(await getNewsArticle(db, id, now()));
  });

  api.post('/news-platecfig/select', { schema: { summary: '新闻板块列表', querystring: plateSelectParams } }, async (request) => ok(await selectPlates(db, request.query)));
  api.get('/news-platecfig/detail', { schema: { summary: '新闻板块详情（按 id 或 plateCode，含上级与下级）', querystring: plateDetailParams } }, async (request) =>
    ok(await getPlateDetail(db, request.query)),
  );

  api.post('/ad-ads/list', { schema: { summary: '广告列表（按广告位编码）', querystring: adParams } }, async (request) => ok(await listAds(db, request.query)));
  api.post('/ad-ads/keyProjects-page', { schema: { summary: '重点推荐项目分页（广告及其项目）', querystring: keyProjectParams } }, async (request) =>
    ok(await pageKeyProjects(db, request.query, app.now())),
  );
  api.get('/ad-ads/detail', { schema: { summary: '重点推荐详情', querystring: detailParams } }, async (request) => ok(await getKeyProject(db, request.query.id, app.now())));

  api.post('/partners/page', { schema: { summary: '合作伙伴分页', querystring: partnerParams } }, async (request) => ok(await pagePartners(db, request.query)));

  api.post('/page-modules-content/batch-list', { schema: { summary: '页面模块内容（多个模块编码）', querystring: modulesParams } }, async (request) => {
    const { modulesCodes } = request.query;
    const codes = (modulesCodes ?? '').split(',').map((c) => c.trim()).filter(Boolean);
    return ok(await batchListModules(db, [...new Set(codes)]));
  });

  api.get('/columns-content/page', { schema: { summary: '栏目内容分页', querystring: columnPageParams } }, async (request) =>
    ok(await pageColumnContent(db, request.query)),
  );
  api.get('/columns-content/detail', { schema: { summary: '栏目内容详情', querystring: detailParams } }, async (request) =>
    ok(await getColumnContent(db, request.query.id)),
  );

  api.post('/download-file/page', { schema: { summary: '下载文件分页（按类别）', querystring: downloadParams } }, async (request) => ok(await pageDownloads(db, request.query)));

  // Files: images inline, documents as attachments; never sniffed, never framed, never scripted.
  api.get('/files/:id', { schema: { summary: '内容中心的文件（图片内联，其他为附件）', params: fileParams } }, async (request, reply) => {
    const { id } = request.params;
    const file = await openContentFile(db, filesDir, id);
    reply
      .header('content-type', file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition(file.inline ? 'inline' : 'attachment', file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', file.inline ? 'public, max-age=86400' : 'no-cache');
    return reply.send(file.stream);
  });
}
