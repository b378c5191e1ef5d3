/**
 * The bidder's desk (ours, issue 13; contract src/domain/desk.ts): GET /dscq-user/desk/lots — the bearer's
 * lots with their lot state, bid code, bid count, leader and enrolment. Only the bearer's own records.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DESK_PATHS } from '../../src/domain/desk.ts';
import { ok } from '../lib/envelope.ts';
import { myLots } from '../services/desk.ts';

export default async function deskRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, requireUser } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(DESK_PATHS.lots, { preValidation: requireUser, schema: { summary: '我的竞价台：竞买资格、报名与收藏的标的及其状态（仅本人）' } }, async (request) =>
    ok(await myLots(db, request.user!.id, now())),
  );
}
