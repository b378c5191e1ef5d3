/** /api/blade-desk: site configuration. */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { listMenu } from '../services/navigation.ts';
import type { RouteDeps } from './deps.ts';

export async function bladeDeskRoutes(app: FastifyInstance, { db }: RouteDeps): Promise<void> {
  app.get('/navigation-config/list', async () => ok(await listMenu(db)));
}
