/**
 * /api/blade-desk: site configuration and its content calls.
 *   GET navigation-config/list · GET and POST notice-info/list · GET notice-info/detail
 *   GET recruit/list, recruit/detail · GET hot-investments/list · GET filter-query-config/open-list
 *   (ours) GET title-config/by-position?position=a1 — the spec names "title by position (a1)" but not its path.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../lib/envelope.ts';
import { intWithDefault, optionalInt, pagingParams, requiredId } from '../http/params.ts';
import {
  getNoticeInfo,
  getRecruit,
  getTitleByPosition,
  listHotInvestments,
  pageNoticeInfo,
  pageRecruits,
} from '../services/content/site-notices.ts';
import { listMenu } from '../services/content/navigation.ts';
import { listFilterConfig } from '../services/projects/detail.ts';

/** Built once (zod compiles a schema on its first parse). */
const pageOf10 = z.object(pagingParams(10));

const noticeInfoParams = z.object({ ...pagingParams(10), category: optionalInt('category', 1, 99) });
const detailParams = z.object({ id: requiredId('id') });
const positionParams = z.object({
  position: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z
      .string({ error: '参数 position 不能为空' })
      .max(20, { error: '参数 position 长度不能超过 20 个字符' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: '参数 position 只能包含字母、数字、下划线和连字符' }),
  ),
});
const hotParams = z.object({ size: intWithDefault('size', 1, 50, 8) });
const filterConfigParams = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z
      .string({ error: '参数 code 必须是文本' })
      .max(40, { error: '参数 code 长度不能超过 40 个字符' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: '参数 code 只能包含字母、数字、下划线和连字符' })
      .default('project'),
  ),
});

export async function bladeDeskRoutes(app: FastifyInstance): Promise<void> {
  const { db, now } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/navigation-config/list', { schema: { summary: '导航菜单' } }, async () => ok(await listMenu(db)));

  const noticeInfoList = { schema: { summary: '公告信息分页', querystring: noticeInfoParams } };
  api.get('/notice-info/list', noticeInfoList, async (request) => ok(await pageNoticeInfo(db, request.query, now())));
  api.post('/notice-info/list', noticeInfoList, async (request) => ok(await pageNoticeInfo(db, request.query, now())));
  api.get('/notice-info/detail', { schema: { summary: '公告信息详情', querystring: detailParams } }, async (request) => ok(await getNoticeInfo(db, request.query.id, now())));

  api.get('/recruit/list', { schema: { summary: '招聘信息分页', querystring: pageOf10 } }, async (request) => ok(await pageRecruits(db, request.query)));
  api.get('/recruit/detail', { schema: { summary: '招聘信息详情', querystring: detailParams } }, async (request) => ok(await getRecruit(db, request.query.id)));

  api.get('/title-config/by-position', { schema: { summary: '按位置取标题配置（如 a1）', querystring: positionParams } }, async (request) =>
    ok(await getTitleByPosition(db, request.query.position)),
  );

  api.get('/hot-investments/list', { schema: { summary: '热门投资（浏览最多的在挂项目）', querystring: hotParams } }, async (request) =>
    ok(await listHotInvestments(db, request.query.size, app.now())),
  );

  // The trading centre's filter bar ('project' unless another bar is named).
  api.get('/filter-query-config/open-list', { schema: { summary: '交易中心筛选条件', querystring: filterConfigParams } }, async (request) =>
    ok(await listFilterConfig(db, request.query.code)),
  );
}
