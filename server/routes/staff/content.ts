/**
 * 内容 (content department): news, the site's notices and trading announcements — list, read, create,
 * edit, schedule (public from a time on) and unpublish; rich text sanitised as the portal's. Paths and
 * wire types: domain/contract/staffLots.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_CONTENT_KINDS, STAFF_LOT_PATHS } from '#domain/contract/staffLots';
import { requiredText } from '../../http/account-params.ts';
import { optionalChinaTime, optionalFlag, optionalId, optionalInt, optionalText, pagingParams, requiredId } from '../../http/params.ts';
import { ok } from '../../lib/envelope.ts';
import { contentDetail, contentPage, createContent, editContent, listPlates, scheduleContent, unpublishContent, type ContentInput } from '../../services/staff/content.ts';

const kind = z.enum(STAFF_CONTENT_KINDS, { error: `参数 kind 须为 ${STAFF_CONTENT_KINDS.join('、')} 之一` });
const richText = (label: string) => z.string({ error: `${label}须为文本` }).max(500_000, { error: `${label}过长` }).optional();
const fields = {
  title: optionalText('title（标题）', 200),
  content: richText('正文'),
  publishTime: optionalChinaTime('publishTime'),
  plateId: optionalId('plateId'),
  summary: optionalText('summary', 500),
  source: optionalText('source', 50),
  isFrontPage: optionalFlag('isFrontPage'),
  category: optionalInt('category', 1, 9),
  isTop: optionalFlag('isTop'),
  noticeType: optionalInt('noticeType', 1, 3),
  assetsId: optionalId('assetsId'),
};
type Fields = z.output<z.ZodObject<typeof fields>>;
const input = ({ publishTime, ...rest }: Fields): Partial<ContentInput> =>
  Object.fromEntries(Object.entries({ ...rest, publishAt: publishTime }).filter(([, v]) => v !== undefined)) as Partial<ContentInput>;

const pageQuery = z.object({ kind, state: z.enum(['scheduled', 'published', 'hidden'], { error: '状态须为 scheduled、published 或 hidden' }).optional(), q: optionalText('q', 64), ...pagingParams(20) });
const idQuery = z.object({ kind, id: requiredId('id') });
const createQuery = z.object({ kind, ...fields });
const editQuery = z.object({ kind, id: requiredId('id'), ...fields });
const scheduleQuery = z.object({ kind, id: requiredId('id'), publishTime: optionalChinaTime('publishTime') });
const unpublishQuery = z.object({ kind, id: requiredId('id'), reason: requiredText('下线原因', 500) });

export default async function staffContentRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const editor = { preValidation: app.requireStaff('content.edit') };
  const c = app.staff;
  routes.get(STAFF_LOT_PATHS.contentPage, { ...editor, schema: { summary: '工作系统：新闻、网站公告、交易公告列表（定时、已发布、已下线）', querystring: pageQuery } }, async (request) => {
    const { current, size, ...filter } = request.query;
    return ok(await contentPage(c, filter, { current, size }));
  });
  routes.get(STAFF_LOT_PATHS.contentDetail, { ...editor, schema: { summary: '工作系统：内容详情', querystring: idQuery } }, async (request) => ok(await contentDetail(c, request.query.kind, request.query.id)));
  routes.get(STAFF_LOT_PATHS.contentPlates, { ...editor, schema: { summary: '工作系统：新闻栏目' } }, async () => ok(await listPlates(app.db)));
  routes.post(STAFF_LOT_PATHS.contentCreate, { ...editor, schema: { summary: '工作系统：新建内容（富文本经清洗；可定时发布）', querystring: createQuery } }, async (request) => {
    const { kind: k, ...rest } = request.query;
    return ok(await createContent(c, k, input(rest) as ContentInput, request.staff!));
  });
  routes.post(STAFF_LOT_PATHS.contentEdit, { ...editor, schema: { summary: '工作系统：修改内容', querystring: editQuery } }, async (request) => {
    const { kind: k, id, ...rest } = request.query;
    return ok(await editContent(c, k, id, input(rest), request.staff!));
  });
  routes.post(STAFF_LOT_PATHS.contentSchedule, { ...editor, schema: { summary: '工作系统：定时发布（到时公开；不填为立即）', querystring: scheduleQuery } }, async (request) =>
    ok(await scheduleContent(c, request.query.kind, request.query.id, request.query.publishTime, request.staff!)),
  );
  routes.post(STAFF_LOT_PATHS.contentUnpublish, { ...editor, schema: { summary: '工作系统：下线内容（须填写原因）', querystring: unpublishQuery } }, async (request) =>
    ok(await unpublishContent(c, request.query.kind, request.query.id, request.query.reason, request.staff!)),
  );
}
