/**
 * 路演 in the work system (permission roadshow.edit: 竞价 and 内容): the list (all, or one lot's with the
 * lot's attachments to choose materials from), schedule or change one, withdraw one (with a reason).
 * Paths and wire types: domain/contract/roadshow.ts STAFF_ROADSHOW_PATHS.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROADSHOW_KINDS, STAFF_ROADSHOW_PATHS } from '#domain/contract/roadshow';
import { requiredText } from '../../http/account-params.ts';
import { optionalChinaTime, optionalId, optionalIntList, optionalText, pagingParams, requiredId } from '../../http/params.ts';
import { BusinessError, ok } from '../../lib/envelope.ts';
import { cancelRoadshow, saveRoadshow, staffRoadshowPage } from '../../services/roadshows/roadshows.ts';

const pageQuery = z.object({ assetsId: optionalId('assetsId'), ...pagingParams(20) });
const saveQuery = z.object({
  id: optionalId('id'),
  assetsId: requiredId('assetsId'),
  kind: z.enum(ROADSHOW_KINDS, { error: `参数 kind 须为 ${ROADSHOW_KINDS.join('、')} 之一` }),
  title: requiredText('路演标题', 100),
  presenter: requiredText('主讲人', 50),
  startTime: optionalChinaTime('startTime'),
  endTime: optionalChinaTime('endTime'),
  videoUrl: optionalText('videoUrl', 500),
  posterUrl: optionalText('posterUrl', 500),
  materialIds: optionalIntList('materialIds', 50),
});
const cancelQuery = z.object({ id: requiredId('id'), reason: requiredText('取消原因', 500) });

export default async function staffRoadshowRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const editor = { preValidation: app.requireStaff('roadshow.edit') };
  const c = { db: app.db, now: app.now };
  routes.get(STAFF_ROADSHOW_PATHS.page, { ...editor, schema: { summary: '工作系统：路演列表（可按项目）', querystring: pageQuery } }, async (request) => {
    const { current, size, assetsId } = request.query;
    return ok(await staffRoadshowPage(c, { assetsId }, { current, size }));
  });
  routes.post(STAFF_ROADSHOW_PATHS.save, { ...editor, schema: { summary: '工作系统：安排或修改路演（直播或录像）', querystring: saveQuery } }, async (request) => {
    const { id, startTime, endTime, videoUrl, posterUrl, materialIds, ...rest } = request.query;
    if (startTime === undefined || endTime === undefined) throw new BusinessError(400, '请填写路演开始与结束时间');
    return ok(
      await saveRoadshow(
        c,
        id,
        { ...rest, startAt: startTime, endAt: endTime, ...(videoUrl === undefined ? {} : { videoUrl }), ...(posterUrl === undefined ? {} : { posterUrl }), ...(materialIds === undefined ? {} : { materialIds }) },
        request.staff!,
      ),
    );
  });
  routes.post(STAFF_ROADSHOW_PATHS.cancel, { ...editor, schema: { summary: '工作系统：取消路演（须填写原因）', querystring: cancelQuery } }, async (request) => {
    await cancelRoadshow(c, request.query.id, request.query.reason, request.staff!);
    return ok(null);
  });
}
