/**
 * The API reference (server/plugins/docs.ts): every route the server answers under /api and /judicial
 * is in the OpenAPI document, with its parameters; the JSON and the Swagger UI page are served at
 * /api/docs, under the app's CSP, and are not taken by the web app's fallback or the JSON 404.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DOCS_PREFIX } from '../../server/plugins/docs.ts';
import { createTestApp, type Json, type TestApp } from './helpers.ts';

interface Registered {
  method: string;
  url: string;
}

/** Every route as Fastify registers it: an onRoute hook on the app as soon as it is created. */
const registered: Registered[] = [];
function collectRoutes(message: unknown) {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  });
}

/** Fastify's `/files/:id` is OpenAPI's `/files/{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url === '/judicial' || url.startsWith('/judicial/');
const isDocs = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

let t: TestApp;
let dist: string;
let doc: Json;
const INDEX = '<!doctype html><html lang="zh-CN"><head><title>河北产权交易所</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  // With a built web app, so its fallback is active.
  dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  subscribe('fastify.initialization', collectRoutes);
  try {
    t = await createTestApp({ staticDir: dist, seed: false });
  } finally {
    unsubscribe('fastify.initialization', collectRoutes);
  }
  doc = (await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` })).json();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const operation = (method: string, url: string): Json => doc.paths[openapiPath(url)]?.[method.toLowerCase()];

describe('the document', () => {
  it('is OpenAPI 3.1 with our title and a tag per service prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('河北产权交易所门户 API');
    const tags = (doc.tags as { name: string }[]).map((tag) => tag.name);
    expect(tags).toEqual(expect.arrayContaining(['blade-auth', 'blade-desk', 'dscq-content', 'dscq-project', 'dscq-sync', 'dscq-user', 'dscq-system', 'judicial']));
    expect(operation('POST', '/api/oauth/token').tags).toEqual(['blade-auth']);
    expect(operation('GET', '/api/dscq-user/user/detail').tags).toEqual(['dscq-user']);
    expect(operation('POST', '/judicial/wechatProject/query').tags).toEqual(['judicial']);
  });

  it('lists every route under /api and /judicial; only the reference itself is left out', () => {
    const api = registered.filter((route) => isApi(route.url));
    expect(api.length).toBeGreaterThan(90);
    const missing = api.filter((route) => {
      // Fastify answers HEAD for every GET route: the GET stands for both.
      const method = route.method === 'HEAD' ? 'GET' : route.method;
      return operation(method, route.url) === undefined;
    });
    expect(missing.filter((route) => !isDocs(route.url))).toEqual([]);
    // The reference's own routes (page, JSON, YAML, Swagger UI files) are the ones left out.
    expect(missing.filter((route) => route.method !== 'HEAD').map((route) => route.url)).toEqual(
      expect.arrayContaining([DOCS_PREFIX, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/static/*`]),
    );
  });

  it('describes only routes the server has', () => {
    const known = new Set(registered.map((route) => `${route.method} ${openapiPath(route.url)}`));
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.filter((entry) => !known.has(entry))).toEqual([]);
  });

  it('lists a route’s parameters: query parameters for GET and POST alike, required where the rule needs a value', () => {
    const search = operation('POST', '/api/dscq-project/search/page');
    const byName = Object.fromEntries((search.parameters as Json[]).map((p) => [p.name, p]));
    for (const name of ['size', 'current', 'typeCode', 'q']) {
      expect(byName[name]).toMatchObject({ in: 'query', required: false });
    }
    expect(byName.size.schema).toMatchObject({ type: 'integer', minimum: 1, default: 10 });
    expect(byName.q.schema).toMatchObject({ type: 'string', maxLength: 100 });

    const detail = operation('GET', '/api/dscq-project/project/detail');
    expect(detail.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query', required: true })]);

    // A rule built on a domain validator is still required, with its Chinese label as the description.
    const register = operation('POST', '/api/dscq-user/user/register');
    expect(register.parameters).toContainEqual(expect.objectContaining({ name: 'phone', in: 'query', required: true, description: '手机号码' }));

    expect(operation('GET', '/api/dscq-content/files/:id').parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const bid = operation('POST', '/api/dscq-sync/v1/bidding/:mode/bid');
    expect((bid.parameters as Json[]).map((p) => `${p.in} ${p.name}`).sort()).toEqual(['path mode', 'query activityId', 'query amount', 'query confirmationId', 'query idempotencyKey']);
  });

  it('marks the routes that need a login', () => {
    expect(operation('POST', '/api/dscq-user/collect-assets/add').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('POST', '/api/dscq-sync/v1/bidding/:mode/bid').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('GET', '/api/dscq-ops/enroll/list').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('POST', '/api/dscq-project/search/page').security).toBeUndefined();
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
  });
});

describe('served at /api/docs', () => {
  it('answers the Swagger UI page as HTML, under the app’s CSP', async () => {
    for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('swagger-ui');
      expect(res.body).not.toBe(INDEX);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      // The page's scripts are files of our own origin (no inline script for the CSP to refuse).
      expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    }
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/${file}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers the document as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().paths['/api/dscq-project/search/page']).toBeDefined();
  });

  it('leaves other paths under it to the JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/no-such-page` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });
});
