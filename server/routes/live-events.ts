/**
 * GET /api/dscq-sync/v1/live/events (ours): the live worker's server-sent-events stream of change events
 * (contract domain/contract/liveEvents.ts, hub server/live/pushHub.ts). `?activityIds=1,2,3` follows those
 * activities; without it every live activity (the hall). An optional bearer counts the stream against
 * its user (8 at once); anonymous streams count against the address (32). Refusals are envelopes.
 * `Last-Event-ID` (the header an EventSource sends on its own reconnects, or `?lastEventId=` for a first
 * connection): the stream resumes — what the client missed is replayed from the event log
 * (live/eventLog.ts), on whichever process it reaches — or is told to re-sync.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENTS_MAX_IDS, LIVE_EVENTS_PATH } from '#domain/contract/liveEvents';
import { parseEventId } from '../live/eventLog.ts';
import { optionalIntList } from '../http/params.ts';
import { BusinessError } from '../lib/envelope.ts';
import type { PushRefusal } from '../live/pushHub.ts';

const eventsParams = z.object({
  activityIds: optionalIntList('activityIds', LIVE_EVENTS_MAX_IDS),
  lastEventId: z.string().max(64).optional(),
});

const REFUSED: Record<PushRefusal, [number, string]> = {
  user: [429, '实时推送连接过多，请关闭部分竞价页面后重试'],
  ip: [429, '实时推送连接过多，请稍后重试'],
  global: [503, '服务器实时推送连接已满，请稍后重试'],
  draining: [503, '服务器正在重启，请稍后重试'],
};

export default async function liveEventRoutes(app: FastifyInstance): Promise<void> {
  const { push, events } = app.live;

  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: '实时推送（text/event-stream）：竞价变化事件；可按竞价活动筛选，不带则为整个大厅', querystring: eventsParams };
  api.get(LIVE_EVENTS_PATH, { schema }, async (request, reply) => {
    const { activityIds } = request.query;
    const header = request.headers['last-event-id'];
    const lastEventId = (typeof header === 'string' ? header : undefined) ?? request.query.lastEventId;
    const user = await app.optionalUser(request);
    const client = { userId: user?.id ?? null, ip: request.ip, activityIds: activityIds ?? null };
    const refusal = push.admit(client);
    if (refusal) {
      const [status, message] = REFUSED[refusal];
      reply.header('retry-after', '5');
      throw new BusinessError(status, message);
    }

    // From here the stream is ours: Fastify sends nothing more (the security headers are already on the
    // raw response). Same turn as admit(): no other stream can take the slot in between.
    reply.hijack();
    const res = reply.raw;
    // The client may have gone while we read its token: then there is nothing to open.
    if (res.destroyed || !res.socket || res.socket.destroyed) return;
    res.socket.setNoDelay(true);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      // The stream is the connection's last response: ending it closes the socket (shutdown, drop).
      connection: 'close',
    });
    const after = lastEventId === undefined ? undefined : parseEventId(lastEventId);
    const connection = push.open(res, client, lastEventId === undefined ? undefined : { after: after ?? -1 });
    res.on('close', () => connection.close());
    if (after === undefined) return;
    // Meanwhile the hub holds what is published for this stream; resume() writes the replay, then that.
    try {
      push.resume(connection, await events.replay(after, client.activityIds));
    } catch (error) {
      request.log.warn({ err: error }, 'live: replay failed');
      push.resume(connection, { resync: 'unavailable' });
    }
  });
}
