/**
 * 代理出价 (docs/bidding.md "Proxy bidding"): the room's and the watch board's read of the bidder's own
 * ceiling — by default none, and one may be set. Tests of the panel answer with their own handlers.
 */
import { http, HttpResponse } from 'msw';
import { PROXY_PATH, type ProxyAnswer } from '#domain/contract/proxy';
import { envelope } from '../fixtures';

export const proxyHandlers = [
  http.get(`/api${PROXY_PATH}`, ({ request }) => {
    const activityId = Number(new URL(request.url).searchParams.get('activityId'));
    return HttpResponse.json(envelope<ProxyAnswer>({ activityId, proxy: null, allowed: true, reason: null, minCeiling: null }));
  }),
];
