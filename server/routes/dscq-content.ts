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
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { intWithDefault, optionalId, optionalInt, optionalText, pagingParams, parseParams, requiredId } from '../http/params.ts';
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
} from '../services/content.ts';
import { contentDisposition, openContentFile } from '../services/content-files.ts';
import { listNews } from '../services/news.ts';
import type { RouteDeps } from './deps.ts';

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

export async function dscqContentRoutes(app: FastifyInstance, { db, filesDir }: RouteDeps): Promise<void> {
  app.post('/news-content/page', async (request) => ok(await listNews(db, parseParams(pageParams, request))));
  app.post('/news-content/front-page', async (request) => ok(await listFrontPageNews(db, parseParams(frontPageParams, request))));
  app.post('/news-content/detail', async (request) => {
    const { id } = parseParams(detailParams, request);
    return ok(await getNewsArticle(db, id));
  });

  app.post('/news-platecfig/select', async (request) => ok(await selectPlates(db, parseParams(plateSelectParams, request))));
  app.get('/news-platecfig/detail', async (request) => ok(await getPlateDetail(db, parseParams(plateDetailParams, request))));

  app.post('/ad-ads/list', async (request) => ok(await listAds(db, parseParams(adParams, request))));
  app.post('/ad-ads/keyProjects-page', async (request) => ok(await pageKeyProjects(db, parseParams(keyProjectParams, request))));
  app.get('/ad-ads/detail', async (request) => ok(await getKeyProject(db, parseParams(detailParams, request).id)));

  app.post('/partners/page', async (request) => ok(await pagePartners(db, parseParams(partnerParams, request))));

  app.post('/page-modules-content/batch-list', async (request) => {
    const { modulesCodes } = parseParams(modulesParams, request);
    const codes = (modulesCodes ?? '').split(',').map((c) => c.trim()).filter(Boolean);
    return ok(await batchListModules(db, [...new Set(codes)]));
  });

  app.get('/columns-content/page', async (request) => ok(await pageColumnContent(db, parseParams(columnPageParams, request))));
  app.get('/columns-content/detail', async (request) => ok(await getColumnContent(db, parseParams(detailParams, request).id)));

  app.post('/download-file/page', async (request) => ok(await pageDownloads(db, parseParams(downloadParams, request))));

  // Files: images inline, documents as attachments; never sniffed, never framed, never scripted.
  app.get('/files/:id', async (request, reply) => {
    const { id } = fileParams.parse(request.params);
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
