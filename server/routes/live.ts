/**
 * Live bidding routes (spec section 7 "Projects and bidding"; contract domain/rules/hall.ts). Polls are
 * answered from the shared snapshot with a weak ETag (If-None-Match → 304); bids go to the engine.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HALL_PAGE_SIZE, HALL_UPCOMING_SIZE } from '#domain/rules/constants';
import { BIDDING_MODES, HALL_MAX_PAGE_SIZE, HALL_PATHS, JOIN_STAGE_PATH, RATE_MAX_IDS } from '#domain/contract/hall';
import { toFenBigInt } from '#domain/rules/money';
import { placeBid } from '../bidding/engine.ts';
import { joinStage } from '../bidding/join.ts';
import { notFound, ok } from '../lib/envelope.ts';
import { intWithDefault, optionalIntList, optionalText, requiredId } from '../http/params.ts';
import type { Cached } from '../live/hallSnapshot.ts';
import { bidderView } from '../bidding/bidderView.ts';
import { BID_RECEIPTS_PATH, BID_RECORD_PATH } from '#domain/contract/bidReceipt';
import { bidRecord, listReceipts, loadReceiptSigner } from '../bidding/receipts.ts';
import { bidThresholds } from '../services/webauthn/bid-guard.ts';

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
const modeParams = z.object({ mode: z.string().meta({ description: `竞价方式：${BIDDING_MODES.join('、')}` }) });

const bidParams = z.object({
  activityId: requiredId('activityId'),
  amount: amountYuan,
  idempotencyKey: z
    .string({ error: '参数 idempotencyKey 不能为空' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '参数 idempotencyKey 须为 8 到 64 位字母、数字、- 或 _' }),
  // 大额出价需安全密钥确认: the one-time key confirmation of a bid above the bidder's threshold (docs/accounts.md).
  confirmationId: optionalText('confirmationId', 64),
});

/**
 * The envelope of each cached answer, serialised once: the snapshot keeps a body object for (at least) a
 * second, and serialising a 30–2,000-row page for every poll was the poll path's largest cost.
 */
const serialised = new WeakMap<object, string>();

/** The cached answer, or 304 when the client already holds it. */
function sendCached<T>(request: FastifyRequest, reply: FastifyReply, cached: Cached<T>) {
  reply.header('etag', cached.etag);
  reply.header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  const body = cached.body as object;
  let json = serialised.get(body);
  if (json === undefined) {
    json = JSON.stringify(ok(cached.body));
    serialised.set(body, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

export default async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { db, engine, requireBearer } = app;
  const { snapshot } = app.live;
  const keyThresholds = await bidThresholds(db, app.now);

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/dscq-sync/v1/bid-assets/hall/page', { schema: { summary: '竞价大厅：进行中的竞价（最先结束的在前，带 ETag）', querystring: hallPageParams } }, async (request, reply) =>
    sendCached(request, reply, snapshot.hallPage(request.query)),
  );

  api.post('/dscq-project/activity/upcoming-bid', { schema: { summary: '即将开始的竞价（最先开始的在前，带 ETag）', querystring: upcomingParams } }, async (request, reply) =>
    sendCached(request, reply, snapshot.upcomingPage(request.query)),
  );

  api.post(HALL_PATHS.watch, { schema: { summary: '竞价看板：指定竞价（进行中、即将开始、刚结束）的状态、价格、次数、领先竞买号与时间（带 ETag）', querystring: rateParams } }, async (request, reply) =>
    sendCached(request, reply, snapshot.watch(request.query.activityIds ?? [])),
  );
  api.post('/dscq-sync/v1/bid-assets/bidding-rate', { schema: { summary: '指定竞价的当前价、次数、结束时间、状态与溢价率', querystring: rateParams } }, async (request, reply) => {
    const { activityIds } = request.query;
    return sendCached(request, reply, snapshot.rates(activityIds ?? []));
  });

  api.post('/dscq-sync/v1/bid-assets/assets-max-rate', { schema: { summary: '溢价率最高的进行中竞价（首页表格）', querystring: maxRateParams } }, async (request, reply) => {
    const { size } = request.query;
    return sendCached(request, reply, snapshot.maxRate(size));
  });

  api.post('/dscq-sync/v1/bid-assets/bidding-data', { schema: { summary: '竞价室数据：价格、加价幅度、结束与延时、最近 20 次出价（带登录令牌时含本人竞价号）', querystring: activityParams } }, async (request, reply) => {
    const { activityId } = request.query;
    const user = await app.optionalUser(request);
    const tag = snapshot.biddingDataTag(activityId, user?.id ?? null);
    if (tag) {
      reply.header('etag', tag);
      reply.header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === tag) return reply.code(304).send();
    }
    const data = await snapshot.biddingData(activityId);
    if (!data) throw notFound('竞价活动不存在');
    return ok({ ...data, ...(await bidderView(db, activityId, user?.id ?? null, { mode: data.mode, sealed: data.modeState?.sealed === true })) });
  });

  // Checked in this order: login (401), bidding mode (404), then the parameters (400). The login is the
  // token here; its session is checked by the engine inside the bid's transaction (one query less per
  // bid, and under the bid's lock): a session closed since the token was issued is a 401 from there.
  const knownMode: preValidationAsyncHookHandler = async (request) => {
    const { mode } = request.params as { mode: string };
    if (!(BIDDING_MODES as readonly string[]).includes(mode)) throw notFound('竞价方式不存在');
  };
  const bidRoute = {
    preValidation: [requireBearer, knownMode],
    schema: { summary: '出价（按竞价方式），应答为引擎的结果或其中文拒绝理由', params: modeParams, querystring: bidParams },
  };
  api.post(
    JOIN_STAGE_PATH,
    { preValidation: app.requireUser, schema: { summary: '先一次报价后多次报价：第一阶段有有效报价的竞买人确认参加第二阶段（确认期内）', querystring: activityParams } },
    async (request, reply) => {
      const result = await joinStage(engine, { userId: request.user!.id, activityId: request.query.activityId, ip: request.ip });
      return reply.code(result.status).send(result.body);
    },
  );

  // The bid record (docs/bidding.md "The bid record"): the bidder's own signed receipts, and an ended
  // activity's whole chain with its signed head.
  const receiptKey = engine.receipts ?? (await loadReceiptSigner(db, engine.now()));
  api.get(BID_RECEIPTS_PATH, { preValidation: app.requireUser, schema: { summary: '我的出价凭证：本人在该竞价中每笔出价的交易所签名凭证（密封报价只签哈希）', querystring: activityParams } }, async (request) =>
    ok(await listReceipts(db, receiptKey, request.query.activityId, request.user!.id)),
  );
  api.get(BID_RECORD_PATH, { schema: { summary: '出价记录：已结束竞价的全部出价、哈希链、链头签名与交易所公钥（结束前不公开）', querystring: activityParams } }, async (request) =>
    ok(await bidRecord(db, receiptKey, request.query.activityId)),
  );

  api.post('/dscq-sync/v1/bidding/:mode/bid', bidRoute, async (request, reply) => {
    const receivedAt = engine.now();
    const { mode } = request.params;
    const input = request.query;
    const { userId, sessionId } = request.bearer!;
    // Above the bidder's own threshold, a one-time security-key confirmation (a Map look-up when none is set).
    if (keyThresholds.needsKey(userId, input.amount)) {
      const refusal = await keyThresholds.useConfirmation({ userId, activityId: input.activityId, amountFen: input.amount, idempotencyKey: input.idempotencyKey, confirmationId: input.confirmationId });
      if (refusal) return reply.code(refusal.code).send(refusal);
    }
    // portal_bid_seconds / portal_bids_total: the engine's decision and commit, timed here (not in the engine).
    const started = performance.now();
    const result = await placeBid(engine, {
      userId,
      sessionId,
      mode,
      activityId: input.activityId,
      amountFen: input.amount,
      idempotencyKey: input.idempotencyKey,
      receivedAt,
      ip: request.ip,
    }).catch((error: unknown) => {
      const code = (error as { code?: unknown }).code; // a BusinessError's status (a session closed: 401), else a failure
      app.metrics.observeBid((performance.now() - started) / 1000, typeof code === 'number' ? code : 500);
      throw error;
    });
    app.metrics.observeBid((performance.now() - started) / 1000, result.status);
    return reply.code(result.status).send(result.body);
  });
}
