/** Security headers, static files and their caching, the SPA fallback, server time, logout. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './helpers.ts';

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(EXPECTED_CSP);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  // Plain HTTP for now: HSTS must not be sent (see server/plugins/security.ts).
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('with a built web app', () => {
  let t: TestApp;
  let dist: string;
  const INDEX = '<!doctype html><html lang="zh-CN"><head><title>河北产权交易所</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ version: '2026-11-21T04:00:00.000Z' }));
    writeFileSync(path.join(dist, 'assets', 'index-B1a2c3d4.js'), 'console.log("portal")');
    // What the build writes beside a text file (vite.config.ts precompressed()).
    writeFileSync(path.join(dist, 'assets', 'index-B1a2c3d4.js.br'), brotliCompressSync('console.log("portal")'));
    writeFileSync(path.join(dist, 'assets', 'index-B1a2c3d4.js.gz'), gzipSync('console.log("portal")'));
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(path.join(dist, 'favicon.ico'), 'icon');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, '.build-stamp.json'), JSON.stringify({ hash: 'abc' }));
    t = await createTestApp({ staticDir: dist, now: () => 1_795_000_000_000 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(res.headers);
  });

  it('serves the service worker with no-cache (a changed one is installed on the next visit)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves version.json with no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ version: '2026-11-21T04:00:00.000Z' });
  });

  it('caches hashed assets for a year, other files for an hour', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-B1a2c3d4.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the precompressed copy the browser accepts (brotli first), with the same caching', async () => {
    const url = '/assets/index-B1a2c3d4.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("portal")');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("portal")');
    const index = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(INDEX);
  });

  it('does not serve the build\'s dot files (the start script\'s build stamp)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.build-stamp.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('abc');
  });

  it('falls back to index.html for app paths, but not for missing files or APIs', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/projectDetail/abc' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toBe(INDEX);
    expect(route.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(route.headers);

    const chunk = await t.app.inject({ method: 'GET', url: '/assets/index-OLDHASH.js' });
    expect(chunk.statusCode).toBe(404);
    expect(chunk.json()).toEqual({ code: 404, success: false, msg: '页面不存在', data: null });

    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().msg).toBe('接口不存在');
    expectSecurityHeaders(api.headers);
  });

  it('sends the security headers and no-store on API answers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dscq-project/search/page?size=1' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    const bad = await t.app.inject({ method: 'POST', url: '/api/dscq-project/search/page?size=0' });
    expect(bad.statusCode).toBe(400);
    expectSecurityHeaders(bad.headers);
  });

  it('compresses a large API answer for a client that accepts it, not a small one, and none for a client that does not', async () => {
    const url = '/api/dscq-project/search/page?size=20';
    const plain = await t.app.inject({ method: 'POST', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ method: 'POST', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.app.inject({ method: 'POST', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    // Under 1 kB: as it is (compressing would cost more than it saves).
    const time = await t.app.inject({ method: 'GET', url: '/api/dscq-sync/v1/server-time', headers: { 'accept-encoding': 'br' } });
    expect(time.headers['content-encoding']).toBeUndefined();
    expect(time.json().data.now).toBe(1_795_000_000_000);
  });

  it('answers the server time uncached, from the server clock', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dscq-sync/v1/server-time' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ code: 200, success: true, msg: '操作成功', data: { now: 1_795_000_000_000 } });
  });

  it('logout answers ok(null)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.json()).toEqual({ code: 200, success: true, msg: '操作成功', data: null });
  });
});

describe('without a build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, staticDir: path.join(tmpdir(), 'portal-missing-dist-xyz') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells at / to run npm run build, and the API still works', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('npm run build');
    expectSecurityHeaders(res.headers);
    const api = await t.app.inject({ method: 'POST', url: '/api/dscq-project/search/page' });
    expect(api.json().data).toMatchObject({ total: 0, pages: 0, records: [] });
    expect((await t.app.inject({ method: 'GET', url: '/hall' })).statusCode).toBe(404);
  });
});
