/**
 * The built web app (Vite `dist/`). Caching follows how the files change:
 *   index.html    no-cache  — always revalidated, so a deploy is picked up on the next load;
 *   sw.js         no-cache  — the service worker (workers/service.worker.ts), checked by the browser on each visit;
 *   version.json  no-store  — the live worker polls it to detect a new deploy;
 *   assets/*      one year, immutable — Vite puts a content hash in those names;
 *   anything else one hour.
 * The portal uses a hash router, so a non-API GET without a file extension that matches no file gets
 * index.html. The staff console (工作系统, its own entry: vite.config.ts) lives at /ops/ with path
 * routes: /ops and /ops/… without a file extension get its page, ops/index.html, cached as index.html.
 * Both share /assets. A missing file *with* an extension (an old hashed chunk) stays a 404, so the
 * client's "chunk failed → reload" path runs instead of receiving HTML as JavaScript.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../lib/envelope.ts';
import { installNotFoundHandler } from '../http/errors.ts';

/** Where the staff console is served, and its page in the build. */
export const CONSOLE_PREFIX = '/ops';
export const CONSOLE_INDEX = 'ops/index.html';

export const MISSING_BUILD_TEXT = '河北产权交易所门户：前端尚未构建，请先运行 npm run build，然后重启服务。';

function cacheControlFor(filePath: string): string {
  // The precompressed copy (index.html.br) is cached as the file it stands for.
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '');
  // The service worker: revalidated on each check, so a changed one is installed at once.
  if (base === 'index.html' || base === 'sw.js') return 'no-cache';
  if (base === 'version.json') return 'no-store';
  if (filePath.split(path.sep).includes('assets')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function hasIndex(dir: string): boolean {
  try {
    return statSync(dir).isDirectory() && existsSync(path.join(dir, 'index.html'));
  } catch {
    return false;
  }
}

/** The static files, and the fallback for unknown paths: JSON 404 under the API, the web app elsewhere. */
export default fp<{ staticDir: string }>(
  async (app, { staticDir }) => installNotFoundHandler(app, await serveWebApp(app, staticDir)),
  { name: 'static' },
);

/** Registers the static files and returns the not-found fallback for non-API paths. */
async function serveWebApp(
  app: FastifyInstance,
  staticDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => unknown> {
  if (!hasIndex(staticDir)) {
    app.log.warn({ staticDir }, '前端构建目录不存在，只提供 API');
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(MISSING_BUILD_TEXT));
    return (_request, reply) => reply.code(404).send(fail(404, '页面不存在'));
  }

  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    cacheControl: false,
    // The build writes .br and .gz beside each text file (vite.config.ts): sent when the browser accepts them.
    preCompressed: true,
    // Dot files are the build's bookkeeping (.build-stamp.json, server/ops/build-if-changed.ts), not the site.
    dotfiles: 'ignore',
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  const consoleBuilt = existsSync(path.join(staticDir, CONSOLE_INDEX));
  return (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const lastSegment = pathname.split('/').pop() ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && !lastSegment.includes('.')) {
      const inConsole = pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`);
      if (inConsole && consoleBuilt) return reply.sendFile(CONSOLE_INDEX);
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(fail(404, '页面不存在'));
  };
}
