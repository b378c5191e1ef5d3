/**
 * /judicial: the judicial-auction service (domain/rules/projects.ts JUDICIAL_PATHS). Its answers are its
 * own shape, `{ status, message, content }` with status 0 on success (JudicialAnswer), not the portal's
 * envelope — failures too, so this plugin has its own error and not-found handlers.
 *   POST wechatProject/query · GET wechatProject/ajaxGetCourt · GET wechatProject/ajaxGetCity
 *   (ours) GET wechatProject/detail
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, ZodError } from 'zod';
import { JUDICIAL_PAGE_SIZE, type JudicialAnswer } from '#domain/contract/projects';
import { BusinessError } from '../lib/envelope.ts';
import { MSG_INTERNAL, MSG_NO_API } from '../http/errors.ts';
import { intWithDefault, optionalId, optionalText } from '../http/params.ts';
import { judicialCities, judicialCourts, judicialDetail, queryJudicial } from '../services/projects/judicial.ts';

const answer = <T>(content: T): JudicialAnswer<T> => ({ status: 0, message: '', content });
const failure = (status: number, message: string): JudicialAnswer<null> => ({ status, message, content: null });

const cityCode = optionalText('cityCode', 4).refine((v) => v === undefined || /^\d{4}$/.test(v), { error: '参数 cityCode 必须是4位城市代码' });

const queryParams = z.object({
  offset: intWithDefault('offset', 0, 1_000_000, 0),
  limit: intWithDefault('limit', 1, 100, JUDICIAL_PAGE_SIZE),
  name: optionalText('name', 50),
  courtId: optionalId('courtId'),
  cityCode,
  state: optionalText('state', 10),
});
const courtParams = z.object({ cityCode });
const detailParams = z.object({
  pkHouseproject: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: '参数 pkHouseproject 不能为空' })
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: '参数 pkHouseproject 格式不正确' }),
  ),
});

export async function judicialRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ZodError) {
      const message = error.issues[0]?.message ?? '';
      return reply.code(400).send(failure(400, /[\u4e00-\u9fff]/.test(message) ? message : '请求参数不正确'));
    }
    if (error instanceof BusinessError) return reply.code(error.code).send(failure(error.code, error.message));
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return reply.code(status).send(failure(status, '请求无效'));
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(500, MSG_INTERNAL));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(failure(404, MSG_NO_API)));

  // A parameter failure reaches the error handler above as the ZodError, like any other: same answer shape.
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/wechatProject/query', { schema: { summary: '司法拍卖项目查询（法院标的与本平台司法拍卖项目：竞价中在前，再即将竞价、正在报名、已结束）', querystring: queryParams } }, async (request) =>
    answer(await queryJudicial(db, request.query, app.now())),
  );
  api.get('/wechatProject/ajaxGetCourt', { schema: { summary: '法院列表（按城市代码）', querystring: courtParams } }, async (request) =>
    answer(await judicialCourts(db, request.query.cityCode)),
  );
  api.get('/wechatProject/ajaxGetCity', { schema: { summary: '城市列表' } }, async () => answer(await judicialCities(db)));
  api.get('/wechatProject/detail', { schema: { summary: '司法拍卖项目详情', querystring: detailParams } }, async (request) =>
    answer(await judicialDetail(db, request.query.pkHouseproject)),
  );
}
