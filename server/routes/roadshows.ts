/**
 * 路演 on the portal (/api, domain/contract/roadshow.ts ROADSHOW_PATHS):
 *   GET dscq-project/roadshow/list (public; `followed` with a bearer) · POST dscq-project/roadshow/follow
 *   and /unfollow (login: an anonymous call is a 401 before any 400, so the client's catalogue shows
 *   用户未登录 / 去登录).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROADSHOW_PATHS } from '#domain/contract/roadshow';
import { requiredId } from '../http/params.ts';
import { ok } from '../lib/envelope.ts';
import { followRoadshow, lotRoadshows, unfollowRoadshow } from '../services/roadshows/roadshows.ts';

const listParams = z.object({ assetsId: requiredId('assetsId') });
const followParams = z.object({ roadshowId: requiredId('roadshowId') });

export default async function roadshowRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const auth = { preValidation: app.requireUser };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(ROADSHOW_PATHS.list, { schema: { summary: '项目的路演（带登录令牌时含关注标记）', querystring: listParams } }, async (request) =>
    ok(await lotRoadshows(db, request.query.assetsId, (await app.optionalUser(request))?.id ?? null, app.now())),
  );
  api.post(ROADSHOW_PATHS.follow, { ...auth, schema: { summary: '关注路演（开始前站内消息提醒；重复关注无影响）', querystring: followParams } }, async (request) =>
    ok(await followRoadshow(db, request.user!.id, request.query.roadshowId, app.now())),
  );
  api.post(ROADSHOW_PATHS.unfollow, { ...auth, schema: { summary: '取消关注路演', querystring: followParams } }, async (request) =>
    ok(await unfollowRoadshow(db, request.user!.id, request.query.roadshowId)),
  );
}
