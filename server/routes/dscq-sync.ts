/** /api/dscq-sync: live data for the worker. */
import type { FastifyInstance } from 'fastify';
import type { ServerTime } from '../../src/domain/contracts.ts';
import { ok } from '../http/envelope.ts';
import type { RouteDeps } from './deps.ts';

export async function dscqSyncRoutes(app: FastifyInstance, { now }: RouteDeps): Promise<void> {
  // The worker measures its clock offset from this; a cached answer would be a wrong clock.
  app.get('/v1/server-time', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const body: ServerTime = { now: now() };
    return ok(body);
  });
}
