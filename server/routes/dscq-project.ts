/** /api/dscq-project: listings and notices. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { optionalFlag, optionalId, optionalInt, optionalIntList, optionalText, pagingParams, parseParams, requiredId } from '../http/params.ts';
import { getNoticeDetail } from '../services/desk-content.ts';
import { listNotices } from '../services/notices.ts';
import { searchProjects } from '../services/projects.ts';
import type { RouteDeps } from './deps.ts';

const searchParams = z.object({
  ...pagingParams(10),
  typeCode: optionalInt('typeCode', 0, 9999),
  notTypeCodeList: optionalIntList('notTypeCodeList'),
  q: optionalText('q', 100),
  associationId: optionalId('associationId'),
  /** (api-reference) a state word the listing's state text contains, e.g. 正在报名. */
  state: optionalText('state', 20),
});

const noticeParams = z.object({
  ...pagingParams(10),
  noticeType: optionalInt('noticeType', 1, 99),
  isFrontPage: optionalFlag('isFrontPage'),
});

export async function dscqProjectRoutes(app: FastifyInstance, { db }: RouteDeps): Promise<void> {
  // page and page2 are two entry points of the same search in the real system (home tabs vs. centre).
  const search = async (request: Parameters<typeof parseParams>[1]) =>
    ok(await searchProjects(db, parseParams(searchParams, request)));
  app.post('/search/page', search);
  app.post('/search/page2', search);

  app.post('/notice/page', async (request) => ok(await listNotices(db, parseParams(noticeParams, request))));
  app.post('/notice/detail', async (request) => ok(await getNoticeDetail(db, parseParams(z.object({ id: requiredId('id') }), request).id)));
}
