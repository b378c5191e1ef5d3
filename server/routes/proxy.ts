/**
 * 代理出价 (docs/bidding.md "Proxy bidding"), login required, the caller's own ceiling only:
 *   GET    /api/dscq-sync/v1/bidding/proxy?activityId=            → ProxyAnswer (his ceiling, whether and from what amount he may set one)
 *   PUT    /api/dscq-sync/v1/bidding/proxy?activityId=&ceiling=   → set or raise (yuan); the ceilings may bid at once
 *   DELETE /api/dscq-sync/v1/bidding/proxy?activityId=            → cancel
 * Every refusal is a Chinese message (mode, phase, qualification, amount). Set and cancel go through the
 * engine's lane of the activity (server/bidding/proxy.ts), so they are ordered with the bids.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROXY_PATH } from '#domain/contract/proxy';
import { cancelProxy, readProxy, setProxy } from '../bidding/proxy.ts';
import { ENGINE_MESSAGES } from '../bidding/engine.ts';
import { optionalYuanAsFen, requiredId } from '../http/params.ts';
import { notFound, ok } from '../lib/envelope.ts';

const activityParams = z.object({ activityId: requiredId('activityId') });
const setParams = z.object({
  activityId: requiredId('activityId'),
  ceiling: optionalYuanAsFen('ceiling').refine((fen) => fen !== undefined, { error: '请填写代理出价上限' }),
});

export default async function proxyRoutes(app: FastifyInstance): Promise<void> {
  const { db, engine } = app;
  const auth = { preValidation: app.requireUser };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(PROXY_PATH, { ...auth, schema: { summary: '代理出价：本人在该竞价中的上限与状态（仅本人可见）', querystring: activityParams } }, async (request) => {
    const answer = await readProxy(db, engine, { userId: request.user!.id, activityId: request.query.activityId, ip: request.ip });
    if (!answer) throw notFound(ENGINE_MESSAGES.noActivity);
    return ok(answer);
  });
  api.put(PROXY_PATH, { ...auth, schema: { summary: '代理出价：设置或提高上限（元）；被超越时服务器按最低有效加价自动出价，直至上限', querystring: setParams } }, async (request, reply) => {
    const { activityId, ceiling } = request.query;
    const result = await setProxy(engine, { userId: request.user!.id, activityId, ceilingFen: ceiling!, ip: request.ip });
    return reply.code(result.status).send(result.body);
  });
  api.delete(PROXY_PATH, { ...auth, schema: { summary: '代理出价：取消', querystring: activityParams } }, async (request, reply) => {
    const result = await cancelProxy(engine, { userId: request.user!.id, activityId: request.query.activityId, ip: request.ip });
    return reply.code(result.status).send(result.body);
  });
}
