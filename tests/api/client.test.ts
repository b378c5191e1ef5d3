import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureHttp, http } from '@/api/client';
import type { Effect } from '@/api/errorCatalogue';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let effects: Effect[] = [];
let token: string | null = null;
beforeEach(() => {
  effects = [];
  token = null;
  configureHttp({
    getAccessToken: () => token,
    pageRequiresAuth: () => false,
    runEffect: (effect) => effects.push(effect),
  });
});

describe('http client (spec section 7)', () => {
  it('sends Client-Id, no Authorization when anonymous, and a cache-busting n on GET', async () => {
    let seen: Request | undefined;
    server.use(
      mswHttp.get('/api/blade-desk/navigation-config/list', ({ request }) => {
        seen = request;
        return HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: [1] });
      }),
    );
    await expect(http.get('/blade-desk/navigation-config/list', { a: 1 })).resolves.toEqual([1]);
    const url = new URL(seen!.url);
    expect(seen!.headers.get('Client-Id')).toBe('hbcq');
    expect(seen!.headers.get('Authorization')).toBeNull();
    expect(url.searchParams.get('a')).toBe('1');
    expect(url.searchParams.get('n')).toMatch(/^[a-z0-9]+$/);
  });

  it('sends the bearer token when logged in; POST has no n and keeps query parameters', async () => {
    token = 'tok-1';
    let seen: Request | undefined;
    server.use(
      mswHttp.post('/api/dscq-project/search/page', ({ request }) => {
        seen = request;
        return HttpResponse.json({ code: 200, success: true, msg: '', data: { records: [] } });
      }),
    );
    await http.post('/dscq-project/search/page', { size: 10, q: '' });
    const url = new URL(seen!.url);
    expect(seen!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(url.searchParams.has('n')).toBe(false);
    expect(url.searchParams.get('size')).toBe('10');
    expect(url.searchParams.has('q')).toBe(false);
  });

  it('uses the body code over the HTTP status, and warns with msg', async () => {
    server.use(
      mswHttp.get('/api/x', () => HttpResponse.json({ code: 500, success: false, msg: '项目不存在', data: null })),
    );
    const failure = await http.get('/x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'business', code: 500, message: '项目不存在' });
    expect(effects).toEqual([{ kind: 'warning', text: '项目不存在' }]);
  });

  it('warns with the judicial service’s message field when there is no msg', async () => {
    server.use(mswHttp.get('/api/x', () => HttpResponse.json({ status: 1, message: '法院列表暂不可用', content: null }, { status: 400 })));
    await expect(http.get('/x')).rejects.toMatchObject({ code: 400, message: '法院列表暂不可用' });
    expect(effects).toEqual([{ kind: 'warning', text: '法院列表暂不可用' }]);
  });

  it('uses the HTTP status when the body has no code', async () => {
    server.use(mswHttp.get('/api/x', () => new HttpResponse('nope', { status: 401 })));
    await expect(http.get('/x')).rejects.toMatchObject({ code: 401 });
    expect(effects).toEqual([{ kind: 'clearSession' }]);
  });

  it('treats statuses above 500 as transport failures without a message', async () => {
    server.use(mswHttp.get('/api/x', () => new HttpResponse(null, { status: 503 })));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'http', code: 503 });
    expect(effects).toEqual([{ kind: 'none' }]);
  });

  it('rejects network errors without a message', async () => {
    server.use(mswHttp.get('/api/x', () => HttpResponse.error()));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'network', code: null });
    expect(effects).toEqual([{ kind: 'none' }]);
  });

  it('times out after 15 s', async () => {
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout');
    server.use(mswHttp.get('/api/x', () => HttpResponse.json({ code: 200, data: 1 })));
    await http.get('/x');
    expect(timeoutSpy).toHaveBeenCalledWith(15_000);
    timeoutSpy.mockRestore();
  });
});
