/** /api/dscq-content: news. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { optionalId, pagingParams, parseParams, requiredId } from '../http/params.ts';
import { getNewsDetail, listNews } from '../services/news.ts';
import type { RouteDeps } from './deps.ts';

const pageParams = z.object({ ...pagingParams(10), plateId: optionalId('plateId') });
const detailParams = z.object({ id: requiredId('id') });

export async function dscqContentRoutes(app: FastifyInstance, { db }: RouteDeps): Promise<void> {
  app.post('/news-content/page', async (request) => ok(await listNews(db, parseParams(pageParams, request))));
  app.post('/news-content/detail', async (request) => {
    const { id } = parseParams(detailParams, request);
    return ok(await getNewsDetail(db, id));
  });
}
