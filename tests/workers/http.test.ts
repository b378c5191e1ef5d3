/** The worker's HTTP helpers: POST with a JSON body and If-None-Match (304), failure texts for views. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvelopeError, failureText, HttpStatusError, postJson, RequestTimeoutError } from '../../workers/http';
import { fakeFetch, json, testEnv } from './helpers';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('postJson', () => {
  it('POSTs JSON without the cache-busting n, with If-None-Match when it holds an ETag', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(JSON.stringify({ code: 200, data: 1 }), { status: 200, headers: { ETag: 'W/"7"' } }));
    const env = testEnv(fetch);
    const first = await postJson(env, '/api/x', { a: 1 }, { headers: { 'Client-Id': 'hbcq' } });
    expect(first).toEqual({ notModified: false, body: { code: 200, data: 1 }, etag: 'W/"7"' });
    const [call] = calls;
    expect(call!.init?.method).toBe('POST');
    expect(call!.url.search).toBe('');
    expect(call!.init?.body).toBe('{"a":1}');
    const headers = new Headers(call!.init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Client-Id')).toBe('hbcq');
    expect(headers.get('If-None-Match')).toBeNull();

    await postJson(env, '/api/x', { a: 1 }, { etag: 'W/"7"' });
    expect(new Headers(calls[1]!.init?.headers).get('If-None-Match')).toBe('W/"7"');
  });

  it('resolves a 304 as not modified', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 304 }));
    await expect(postJson(testEnv(fetch), '/api/x', {}, { etag: 'W/"1"' })).resolves.toEqual({ notModified: true });
  });

  it("rejects other statuses with the envelope's msg, and times out after 15 s", async () => {
    const { fetch } = fakeFetch(() => json({ code: 500, msg: '服务器异常' }, 500));
    const failed = postJson(testEnv(fetch), '/api/x', {});
    await expect(failed).rejects.toBeInstanceOf(HttpStatusError);
    await expect(failed).rejects.toMatchObject({ status: 500, serverMsg: '服务器异常' });

    const hanging = fakeFetch(() => new Promise<Response>(() => {}));
    const pending = postJson(testEnv(hanging.fetch), '/api/x', {});
    pending.catch(() => {});
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(pending).rejects.toBeInstanceOf(RequestTimeoutError);
  });
});

describe('failureText', () => {
  it("prefers the server's msg, then the client's network and time-out texts", () => {
    expect(failureText(new EnvelopeError(400, '参数错误'))).toBe('参数错误');
    expect(failureText(new HttpStatusError('/x', 503, 'POST', '服务繁忙'))).toBe('服务繁忙');
    expect(failureText(new HttpStatusError('/x', 502))).toBe('加载失败，请稍后重试（502）');
    expect(failureText(new TypeError('Failed to fetch'))).toBe('网络异常，请检查网络连接');
    expect(failureText(new RequestTimeoutError('POST', '/x', 15_000, null))).toBe('请求超时，请稍后重试');
    expect(failureText(new Error('?'))).toBe('加载失败，请稍后重试');
  });
});
