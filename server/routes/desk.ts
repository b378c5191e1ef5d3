/**
 * The bidder's desk (ours; contract domain/contract/desk.ts): GET /dscq-user/desk/lots — the bearer's
 * lots with their lot state, bid code, bid count, leader and enrolment. Only the bearer's own records.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DESK_PATHS } from '#domain/contract/desk';
import { ok } from '../lib/envelope.ts';
import { createHash } from 'node:crypto';
import { deskSignal, myLots } from '../services/auctions/bidder-desk.ts';

export default async function deskRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, requireUser } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(DESK_PATHS.lots, { preValidation: requireUser, schema: { summary: '我的竞价台：竞买资格、报名与收藏的标的及其状态（仅本人）' } }, async (request) =>
    ok(await myLots(db, request.user!.id, now())),
  );
  // The worker's poll: a weak ETag of the answer, so an unchanged desk costs a 304 (no body).
  routes.post(DESK_PATHS.signal, { preValidation: requireUser, schema: { summary: '竞价台信号：未读消息数、最新消息、本人竞价室的领先竞买号、报名与保证金的变化（带 ETag）' } }, async (request, reply) => {
    const body = JSON.stringify(ok(await deskSignal(db, request.user!.id)));
    const tag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    reply.header('etag', tag);
    reply.header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === tag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
