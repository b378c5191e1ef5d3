/**
 * /api/blade-desk: site configuration and its content calls.
 *   GET navigation-config/list · GET and POST notice-info/list · GET notice-info/detail
 *   GET recruit/list, recruit/detail · GET hot-investments/list · GET filter-query-config/open-list
 *   (ours) GET title-config/by-position?position=a1 — the spec names "title by position (a1)" but not its path.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { intWithDefault, optionalInt, pagingParams, parseParams, requiredId } from '../http/params.ts';
import {
  getNoticeInfo,
  getRecruit,
  getTitleByPosition,
  listHotInvestments,
  pageNoticeInfo,
  pageRecruits,
} from '../services/desk-content.ts';
import { listMenu } from '../services/navigation.ts';
import { listFilterConfig } from '../services/projects-detail.ts';
import type { RouteDeps } from './deps.ts';

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

export async function bladeDeskRoutes(app: FastifyInstance, { db }: RouteDeps): Promise<void> {
  app.get('/navigation-config/list', async () => ok(await listMenu(db)));

  const noticeInfoList = async (request: Parameters<typeof parseParams>[1]) => ok(await pageNoticeInfo(db, parseParams(noticeInfoParams, request)));
  app.get('/notice-info/list', noticeInfoList);
  app.post('/notice-info/list', noticeInfoList);
  app.get('/notice-info/detail', async (request) => ok(await getNoticeInfo(db, parseParams(detailParams, request).id)));

  app.get('/recruit/list', async (request) => ok(await pageRecruits(db, parseParams(pageOf10, request))));
  app.get('/recruit/detail', async (request) => ok(await getRecruit(db, parseParams(detailParams, request).id)));

  app.get('/title-config/by-position', async (request) => ok(await getTitleByPosition(db, parseParams(positionParams, request).position)));

  app.get('/hot-investments/list', async (request) => ok(await listHotInvestments(db, parseParams(hotParams, request).size)));

  // The trading centre's filter bar ('project' unless another bar is named).
  app.get('/filter-query-config/open-list', async (request) => ok(await listFilterConfig(db, parseParams(filterConfigParams, request).code)));
}
