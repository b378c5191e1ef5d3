/**
 * The staff console's page at /ops/ (server/plugins/static.ts): /ops and /ops/… without a file extension
 * get ops/index.html, revalidated every time like index.html; the portal's paths keep the portal's page;
 * a missing file under /ops stays a 404 (an old chunk must not receive HTML).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './helpers.ts';

const PORTAL = '<!doctype html><html lang="zh-CN"><head><title>河北产权交易所</title></head><body><div id="root"></div></body></html>';
const CONSOLE = '<!doctype html><html lang="zh-CN"><head><title>工作系统 · 河北产权交易所</title></head><body><div id="root"></div></body></html>';

function buildDir(withConsole: boolean): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), PORTAL);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(PORTAL));
  writeFileSync(path.join(dist, 'assets', 'console-C0n5o1e.js'), 'console.log("console")');
  if (withConsole) {
    mkdirSync(path.join(dist, 'ops'));
    writeFileSync(path.join(dist, 'ops', 'index.html'), CONSOLE);
    writeFileSync(path.join(dist, 'ops', 'index.html.br'), brotliCompressSync(CONSOLE));
  }
  return dist;
}

describe('the staff console at /ops/', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = buildDir(true);
    t = await createTestApp({ seed: false, staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/ops', '/ops/', '/ops/login', '/ops/approvals?state=all', '/ops/audit', '/ops/staff/12'])('answers %s with the console page, revalidated every time', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(CONSOLE);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed page to a browser that accepts it, cached as the page itself (not for an hour)', async () => {
    for (const url of ['/ops/approvals', '/ops/', '/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("keeps the portal's page for the portal's paths and the shared assets where they are", async () => {
    for (const url of ['/', '/projectDetail/abc', '/opsx', '/operations']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(PORTAL);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/console-C0n5o1e.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file under /ops with a 404, never the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ops/assets/console-OLDHASH.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, success: false, msg: '页面不存在', data: null });
  });
});

describe('a build without the console', () => {
  it("answers /ops with the portal's page rather than failing", async () => {
    const dist = buildDir(false);
    const t = await createTestApp({ seed: false, staticDir: dist });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ops/audit' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(PORTAL);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
