/**
 * Live bidding routes (spec section 7 "Projects and bidding"; contract src/domain/hall.ts). Polls are
 * answered from the shared snapshot with a weak ETag (If-None-Match → 304); bids go to the engine.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HALL_PAGE_SIZE, HALL_UPCOMING_SIZE } from '../../src/domain/constants.ts';
import { BIDDING_MODES, HALL_MAX_PAGE_SIZE, RATE_MAX_IDS } from '../../src/domain/hall.ts';
import { toFenBigInt } from '../../src/domain/money.ts';
import { placeBid } from '../bidding/engine.ts';
import { notFound, ok } from '../http/envelope.ts';
import { bearerToken, userOfToken } from '../http/auth.ts';
import { intWithDefault, optionalIntList, optionalText, parseParams, requiredId } from '../http/params.ts';
import type { Cached, HallSnapshot } from '../live/hallSnapshot.ts';
import type { LiveRuntime } from '../plugins/live.ts';
import type { AccountRouteDeps } from './accounts-deps.ts';
import { fenToYuan } from '../lib/wire.ts';

const hallParams = (defaultSize: number, maxSize: number) =>
  z.object({
    assetsName: optionalText('assetsName', 50),
    size: intWithDefault('size', 1, maxSize, defaultSize),
    current: intWithDefault('current', 1, 100_000, 1),
  });

/** Amount in yuan with at most two decimals (whole fen), positive, at most 12 integer digits. */
const amountYuan = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.union([z.number(), z.string()], { error: '出价金额不能为空' }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    const fen = /^\d{1,12}(\.\d{1,2})?$/.test(text) ? toFenBigInt(text) : null;
    if (fen === null || fen <= 0n) {
      ctx.addIssue({ code: 'custom', message: '出价金额须为大于 0 的数字，最多两位小数' });
      return z.NEVER;
    }
    return Number(fen);
  }),
);

// Schemas are built once: zod compiles a schema on its first parse, which per request would cost more
// than answering from the snapshot.
const hallPageParams = hallParams(HALL_PAGE_SIZE, HALL_MAX_PAGE_SIZE);
const upcomingParams = hallParams(HALL_UPCOMING_SIZE, 100);
const rateParams = z.object({ activityIds: optionalIntList('activityIds', RATE_MAX_IDS) });
const maxRateParams = z.object({ size: intWithDefault('size', 1, 50, 8) });
const activityParams = z.object({ activityId: requiredId('activityId') });

const bidParams = z.object({
  activityId: requiredId('activityId'),
  amount: amountYuan,
  idempotencyKey: z
    .string({ error: '参数 idempotencyKey 不能为空' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '参数 idempotencyKey 须为 8 到 64 位字母、数字、- 或 _' }),
});

/** The cached answer, or 304 when the client already holds it. */
function sendCached<T>(request: FastifyRequest, reply: FastifyReply, cached: Cached<T>) {
  reply.header('etag', cached.etag);
  reply.header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return ok(cached.body);
}

export async function liveRoutes(
  app: FastifyInstance,
  { runtime, accounts, requireUser }: { runtime: LiveRuntime } & AccountRouteDeps,
): Promise<void> {
  const snapshot: HallSnapshot = runtime.snapshot;

  app.post('/dscq-sync/v1/bid-assets/hall/page', async (request, reply) =>
    sendCached(request, reply, snapshot.hallPage(parseParams(hallPageParams, request))),
  );

  app.post('/dscq-project/activity/upcoming-bid', async (request, reply) =>
    sendCached(request, reply, snapshot.upcomingPage(parseParams(upcomingParams, request))),
  );

  app.post('/dscq-sync/v1/bid-assets/bidding-rate', async (request, reply) => {
    const { activityIds } = parseParams(rateParams, request);
    return sendCached(request, reply, snapshot.rates(activityIds ?? []));
  });

  app.post('/dscq-sync/v1/bid-assets/assets-max-rate', async (request, reply) => {
    const { size } = parseParams(maxRateParams, request);
    return sendCached(request, reply, snapshot.maxRate(size));
  });

  app.post('/dscq-sync/v1/bid-assets/bidding-data', async (request, reply) => {
    const { activityId } = parseParams(activityParams, request);
    const user = await userOfToken(accounts, request, bearerToken(request));
    const tag = snapshot.biddingDataTag(activityId, user?.id ?? null);
    if (tag) {
      reply.header('etag', tag);
      reply.header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === tag) return reply.code(304).send();
    }
    const data = await snapshot.biddingData(activityId);
    if (!data) throw notFound('竞价活动不存在');
    const mine = user
      ? await runtime.engine.db
          .selectFrom('bid_qualification')
          .select('bid_code')
          .where('activity_id', '=', activityId)
          .where('user_id', '=', user.id)
          .executeTakeFirst()
      : undefined;
    // A sealed offer is hidden from everyone but its bidder.
    const myOffer =
      user && mine && data.modeState?.sealed
        ? ((await runtime.engine.db.selectFrom('bid').select('amount_fen').where('activity_id', '=', activityId).where('user_id', '=', user.id).executeTakeFirst())?.amount_fen ?? null)
        : undefined;
    return ok({ ...data, myBidCode: mine?.bid_code ?? null, ...(myOffer !== undefined ? { myOffer: myOffer === null ? null : fenToYuan(myOffer) } : {}) });
  });

  app.post<{ Params: { mode: string } }>('/dscq-sync/v1/bidding/:mode/bid', { preHandler: requireUser }, async (request, reply) => {
    const receivedAt = runtime.engine.now();
    const { mode } = request.params;
    if (!(BIDDING_MODES as readonly string[]).includes(mode)) throw notFound('竞价方式不存在');
    const input = parseParams(bidParams, request);
    const result = await placeBid(runtime.engine, {
      userId: request.user!.id,
      mode,
      activityId: input.activityId,
      amountFen: input.amount,
      idempotencyKey: input.idempotencyKey,
      receivedAt,
      ip: request.ip,
    });
    return reply.code(result.status).send(result.body);
  });
}
