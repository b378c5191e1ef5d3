/** /api/dscq-sync: live data for the worker. */
import type { FastifyInstance } from 'fastify';
import type { ServerTime } from '#domain/contract/portal';
import { ok } from '../lib/envelope.ts';

export async function dscqSyncRoutes(app: FastifyInstance): Promise<void> {
  const { now } = app;
  // The worker measures its clock offset from this; a cached answer would be a wrong clock.
  app.get('/v1/server-time', { schema: { summary: '服务器时间（epoch 毫秒，供实时 Worker 校准时钟）' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const body: ServerTime = { now: now() };
    return ok(body);
  });
}
