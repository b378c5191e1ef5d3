/** Account entry points mounted directly under /api (/api/oauth/token, /api/logout …). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  // Stateless for now: the client drops its tokens. Refresh-token revocation arrives with accounts.
  app.get('/logout', async () => ok(null));
}
