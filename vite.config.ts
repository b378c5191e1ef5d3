import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { rolldown } from 'rolldown';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** Emits dist/version.json: the live worker polls it and reloads the page when it changes. */
function versionFile(): Plugin {
  const version = process.env.PORTAL_VERSION ?? new Date().toISOString();
  return {
    name: 'portal-version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every text file of the build beside it, at the highest
 * levels (once per build, not per request); the server sends the one the browser accepts
 * (@fastify/static `preCompressed`). version.json is polled and tiny: left as it is.
 */
function precompressed(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/;
  return {
    name: 'portal-precompressed',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!TEXT.test(file.fileName) || file.fileName === 'version.json' || file.fileName.startsWith('.vite/')) continue;
        const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
        if (source.length < 1024) continue;
        const target = path.join(outDir, file.fileName);
        writeFileSync(`${target}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${target}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The service worker (workers/service.worker.ts) as /sw.js: at the site's root (its scope is the whole site)
 * and under a fixed name (the browser checks that URL for updates), in its own bundle.
 */
function serviceWorker(): Plugin {
  return {
    name: 'portal-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: fileURLToPath(new URL('./workers/service.worker.ts', import.meta.url)), fileName: 'sw.js' });
    },
  };
}

/**
 * antd's component styles as one stylesheet built with the app (`import 'virtual:antd.css'`), instead of
 * antd generating and injecting them in the browser while each component first renders: that runtime was
 * about a quarter of a phone's start-up script time (bench:mobile). The public app's ConfigProvider sets
 * `zeroRuntime`, so antd only registers the theme's tokens at run time, as CSS variables, which the
 * stylesheet's rules read (so the theme and 长辈模式 still apply). From antd's own prebuilt antd.css, less
 * what must not be static: its token blocks (the default blue theme's variables, `.css-var-…`) and its SSR
 * cache marker, and less the components the portal never draws (ANTD_UNUSED, checked against the code's
 * imports by tests/architecture/antd-styles.test.ts). The staff console keeps antd's runtime styles.
 */
export const ANTD_UNUSED = ['tree', 'mentions', 'color', 'cascader', 'transfer', 'tour', 'slider', 'splitter', 'rate', 'float', 'anchor', 'masonry'];
/** antd's prebuilt stylesheet less its token blocks, its SSR cache marker and ANTD_UNUSED's components. */
export function antdStylesheet(css: string): string {
  const unused = new RegExp(`\\.ant-(${ANTD_UNUSED.join('|')})(?![a-z])`);
  const dropped = (selector: string) => selector.startsWith('.css-var-') || selector.startsWith('.data-ant-cssinjs-cache-path') || unused.test(selector);
  // A flat list of rules and of grouping at-rules (@media, @supports…) holding rules: split at each
  // top-level closing brace, and filter inside the groups (keyframes are kept whole).
  const filter = (text: string): string => {
    const kept: string[] = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        const block = text.slice(start, i + 1);
        start = i + 1;
        const open = block.indexOf('{');
        const selector = block.slice(0, open).trim();
        if (/^@(media|supports|container|layer)/.test(selector)) {
          const inner = filter(block.slice(open + 1, -1));
          if (inner) kept.push(`${selector}{${inner}}`);
        } else if (selector.startsWith('@') || !dropped(selector)) kept.push(block);
      }
    }
    return kept.join('\n');
  };
  return filter(css);
}

function antdStaticStyles(): Plugin {
  const ID = 'virtual:antd.css';
  const RESOLVED = '\0antd-static.css';
  return {
    name: 'portal-antd-static-styles',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? antdStylesheet(readFileSync(require.resolve('antd/dist/antd.css'), 'utf8')) : null),
  };
}

/**
 * The page's shell (index.html: the header, 正在加载…) paints before the app's scripts run, not after, and a
 * lot's page paints the lot's title and photo in it (src/start/start.ts, bundled here as a classic script:
 * assets/start-<hash>.js, same-origin as the CSP allows no inline one, and under /assets/ so the service
 * worker keeps it with the rest for an offline start; not deferred: it sets the phone's viewport before the
 * body is laid out). The entry's chunks leave the HTML for the start step, which preloads them at low
 * priority (behind the stylesheet the first paint needs) except on a lot's page, and starts the entry one
 * frame after the first paint. On a slow phone the shell paints as soon as the HTML
 * and the stylesheet are in; otherwise the browser may hold that paint until a megabyte of script has been
 * evaluated (bench:mobile's first contentful paint).
 */
function paintBeforeApp(): Plugin {
  let fileName = '';
  let source = '';
  let env: Record<string, unknown> = {};
  return {
    name: 'portal-paint-before-app',
    apply: 'build',
    configResolved(config) {
      env = config.env;
    },
    async buildStart() {
      // Built apart from the app, with the app's import.meta.env (VITE_API_BASE: the start step asks the API
      // where the app does).
      const built = await rolldown({
        input: fileURLToPath(new URL('./src/start/start.ts', import.meta.url)),
        platform: 'browser',
        transform: { define: { 'import.meta.env': JSON.stringify(env) } },
      });
      const { output } = await built.generate({ format: 'iife', minify: true });
      await built.close();
      source = output[0].code;
      fileName = `assets/start-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.path !== '/index.html') return html;
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const src = html.match(entry)?.[1];
        if (!src) throw new Error('paintBeforeApp: no entry script in index.html');
        const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const chunks = new Set([...html.matchAll(preload)].map((m) => m[1]!));
        // The entry's start steps (src/main.tsx imports them one by one, a task each) and their imports: fetched
        // with the entry, so the steps cost no round trips. Not the pages (the route table's own imports).
        const { bundle, chunk } = context;
        if (bundle && chunk) {
          const add = (fileName: string) => {
            const href = `/${fileName}`;
            if (chunks.has(href) || href === src) return;
            chunks.add(href);
            const imported = bundle[fileName];
            if (imported?.type === 'chunk') imported.imports.forEach(add);
          };
          chunk.dynamicImports.forEach(add);
        }
        return html
          .replace(preload, '')
          .replace(entry, `<link rel="modulepreload" fetchpriority="low" crossorigin href="${src}">\n    <script src="/${fileName}" data-app="${src}" data-preload="${[...chunks].join(' ')}"></script>`);
      },
    },
  };
}

/** The staff console's page: written at src/console/index.html, served by the server at /ops/. */
const CONSOLE_HTML = 'src/console/index.html';
export const CONSOLE_BUILT_HTML = 'ops/index.html';

/**
 * The staff console (工作系统) is a second entry with its own bundle: the public pages load none of its code.
 * The build moves its page from dist/src/console/index.html to dist/ops/index.html (assets stay shared
 * under /assets), and the dev server answers /ops and /ops/… (no file extension) with it, as the server does
 * (server/plugins/static.ts).
 */
function consoleEntry(): Plugin {
  return {
    name: 'portal-console-entry',
    enforce: 'post',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = (request.url ?? '').split('?')[0]!;
        if (/^\/ops(\/|$)/.test(pathname) && !pathname.split('/').pop()!.includes('.')) request.url = `/${CONSOLE_HTML}`;
        next();
      });
    },
    generateBundle(_options, bundle) {
      const page = bundle[CONSOLE_HTML];
      if (!page || page.type !== 'asset') return;
      delete bundle[CONSOLE_HTML];
      this.emitFile({ type: 'asset', fileName: CONSOLE_BUILT_HTML, source: page.source });
    },
  };
}

const serverPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react(), antdStaticStyles(), versionFile(), consoleEntry(), serviceWorker(), paintBeforeApp(), precompressed()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        console: fileURLToPath(new URL(`./${CONSOLE_HTML}`, import.meta.url)),
      },
    },
    // dist/.vite/manifest.json: which chunks each entry loads (e2e/console.spec.ts checks that the public
    // entry loads none of the console's modules). A dot directory: the server never serves it.
    manifest: true,
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/judicial': `http://localhost:${serverPort}`,
      '/version.json': `http://localhost:${serverPort}`,
    },
  },
  test: {
    globals: true,
    // vitest's default is one worker fewer than the cores: a single worker on our two-core machines and CI,
    // which left a core idle for most of the run. The files are independent (each server file has its own
    // database or schema), so every core runs one.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/{domain,api,lib,workers,live,components,routes,console}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The whole code base's import graph (layers, circles): node, no DOM set-up.
          name: 'architecture',
          environment: 'node',
          include: ['tests/architecture/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          // A seeded app per file: the demo seed (with the work system's lots and queues) takes seconds, more on a loaded machine.
          hookTimeout: 120_000,
          // A TMPDIR per run, checked empty at the end (what a test creates, it removes); then the demo seed
          // made once and copied per test (seed-template.ts).
          globalSetup: ['tests/server/tmp-guard.ts', 'tests/server/seed-template.ts'],
        },
      },
    ],
  },
});
