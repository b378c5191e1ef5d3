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
 * antd's component styles, built with the app from antd's own prebuilt antd.css, instead of antd generating
 * and injecting them in the browser while each component first renders: that runtime was about a quarter of
 * a phone's start-up script time (bench:mobile). The public app's ConfigProvider sets `zeroRuntime`, so antd
 * only registers the theme's tokens at run time, as CSS variables, which the rules read (so the theme and
 * 长辈模式 still apply). Left out: what must not be static (antd's token blocks, the default blue theme's
 * `.css-var-…` variables, and its SSR cache marker).
 *
 * Each component's rules travel with the code that draws it: a module that imports `Table` from antd gets
 * `import 'virtual:antd-style/table.css'` (and the styles of what a table draws inside it, ANTD_STYLES), so
 * Vite puts them in that module's chunk's stylesheet, which loads with the chunk, before it runs. As one
 * sheet it was 790 kB on every first page, of which a page used about 22 kB (Chrome's CSS coverage of the
 * home page, the hall and the login page); the browser matched every element against all of it. What belongs
 * to no component (antd's link and icon defaults, motion classes, keyframes) and the styles of the components
 * of the page's frame (ANTD_IN_ENTRY) are `virtual:antd.css`, the first import of src/main.tsx.
 *
 * Every antd rule is in the cascade layer `base`, under the portal's own (unlayered) rules: a component's
 * stylesheet that arrives after the portal's can no longer win over the portal's overrides by coming later.
 * The portal's element defaults (src/styles/global.css: a, body…) are in `base` too, after antd's, so antd's
 * classes still win over them as they did in one sheet. The staff console keeps antd's runtime styles.
 */
export const ANTD_STYLES: Record<string, readonly string[]> = {
  Alert: ['alert'],
  // App.useApp(): the toasts, notifications and confirm dialogs (with their buttons).
  App: ['app', 'message', 'notification', 'modal', 'btn'],
  Avatar: ['avatar'],
  Badge: ['badge', 'ribbon'],
  Breadcrumb: ['breadcrumb', 'dropdown'],
  Button: ['btn'],
  Card: ['card', 'skeleton'],
  Carousel: ['carousel'],
  Checkbox: ['checkbox'],
  Col: ['col'],
  Collapse: ['collapse'],
  ConfigProvider: [],
  DatePicker: ['picker', 'btn'],
  Descriptions: ['descriptions'],
  Drawer: ['drawer'],
  Dropdown: ['dropdown'],
  Empty: ['empty'],
  Form: ['form', 'row', 'col'],
  Image: ['image'],
  Input: ['input', 'otp', 'btn'],
  InputNumber: ['input-number'],
  Modal: ['modal', 'btn'],
  Pagination: ['pagination', 'select', 'input'],
  Popconfirm: ['popconfirm', 'popover', 'btn'],
  Popover: ['popover'],
  Progress: ['progress'],
  QRCode: ['qrcode', 'spin'],
  Radio: ['radio'],
  Result: ['result'],
  Row: ['row'],
  Segmented: ['segmented'],
  Select: ['select', 'empty'],
  Skeleton: ['skeleton'],
  Space: ['space'],
  Spin: ['spin'],
  Statistic: ['statistic'],
  Steps: ['steps'],
  Switch: ['switch'],
  Table: ['table', 'pagination', 'select', 'input', 'checkbox', 'radio', 'dropdown', 'spin', 'empty', 'tooltip', 'btn'],
  Tabs: ['tabs', 'dropdown'],
  Tag: ['tag'],
  Timeline: ['timeline'],
  Tooltip: ['tooltip'],
  Typography: ['typography', 'tooltip', 'input'],
  Upload: ['upload', 'progress', 'tooltip', 'btn'],
};

/**
 * The antd components the page's frame draws on every page (header, navigation drawer, message bell, toasts
 * and dialogs; tests/architecture/antd-styles.test.ts keeps the list equal to what the entry's modules import):
 * their rules are in the entry's stylesheet with the shared ones. As separate stylesheets they were four
 * requests before the first paint, and a lot's photo queued behind them (a browser opens six connections to a
 * server).
 */
export const ANTD_IN_ENTRY = ['Alert', 'App', 'Badge', 'Button', 'Checkbox', 'ConfigProvider', 'Drawer', 'Input', 'Modal', 'Popover', 'Skeleton', 'Space', 'Switch'];
const ENTRY_PREFIXES = new Set(ANTD_IN_ENTRY.flatMap((name) => ANTD_STYLES[name] ?? []));

/** First words of antd classes that are no component's (motion, the click wave…): their rules are for every page. */
const ANTD_SHARED_WORDS = new Set(['zoom', 'fade', 'slide', 'move', 'wave', 'motion', 'border', 'listy', 'css']);

/** The group every page loads (`virtual:antd.css`): the rules of no component and those of ANTD_IN_ENTRY's. */
export const ANTD_SHARED = 'shared';

/**
 * antd's prebuilt stylesheet split by component: group name (a class prefix such as `btn`, `input-number`, or
 * ANTD_SHARED) → its rules, in the sheet's order, in the layer `base` (but for their `!important` declarations). A rule belongs to the
 * component of the first antd class in its selector (`.ant-form-item .ant-input` styles an input inside a
 * form: the form's), by the longest prefix (`input-number` before `input`); the token blocks and the SSR
 * cache marker are left out.
 */
export function antdStyleGroups(css: string): Map<string, string> {
  const prefixes = new Set(Object.values(ANTD_STYLES).flat());
  for (const match of css.matchAll(/\.ant-([a-z]+)/g)) prefixes.add(match[1]!);
  const owner = (selector: string): string | null => {
    if (selector.startsWith('.css-var-') || selector.startsWith('.data-ant-cssinjs-cache-path')) return null;
    const name = selector.match(/\.ant-([a-z][a-z0-9-]*)/)?.[1];
    if (!name) return ANTD_SHARED;
    let best = '';
    for (const prefix of prefixes) if ((name === prefix || name.startsWith(`${prefix}-`)) && prefix.length > best.length) best = prefix;
    return !best || ANTD_SHARED_WORDS.has(best) || ENTRY_PREFIXES.has(best) ? ANTD_SHARED : best;
  };
  // A flat list of rules and of grouping at-rules (@media, @supports…) holding rules: split at each top-level
  // closing brace, and sort inside the groups (keyframes and other at-rules are kept whole, for every page).
  // Each entry: [group, rule, important]. A rule's `!important` declarations are taken out of the layer into a
  // copy of the rule after it: in a layer, an important declaration would beat every important one of the
  // portal's, whatever its selector (the phone's `display: none !important` on the home page's carousel dots
  // lost to antd's `display: flex !important`).
  type Entry = [group: string, rule: string, important: boolean];
  const split = (text: string): Entry[] => {
    const found: Entry[] = [];
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
          const inner = new Map<string, Entry[]>();
          for (const entry of split(block.slice(open + 1, -1))) {
            const key = `${entry[0]} ${entry[2]}`;
            inner.set(key, [...(inner.get(key) ?? []), entry]);
          }
          for (const entries of inner.values()) found.push([entries[0]![0], `${selector}{${entries.map((entry) => entry[1]).join('')}}`, entries[0]![2]]);
          continue;
        }
        const group = selector.startsWith('@') ? ANTD_SHARED : owner(selector);
        if (!group) continue;
        if (selector.startsWith('@') || !block.includes('!important')) {
          found.push([group, block, false]);
          continue;
        }
        const declarations = block.slice(open + 1, -1).split(';').filter((declaration) => declaration.trim());
        const normal = declarations.filter((declaration) => !declaration.includes('!important'));
        if (normal.length > 0) found.push([group, `${selector}{${normal.join(';')};}`, false]);
        found.push([group, `${selector}{${declarations.filter((declaration) => declaration.includes('!important')).join(';')};}`, true]);
      }
    }
    return found;
  };
  const groups = new Map<string, { layered: string[]; important: string[] }>();
  for (const [group, rule, important] of split(css)) {
    const rules = groups.get(group) ?? { layered: [], important: [] };
    (important ? rules.important : rules.layered).push(rule);
    groups.set(group, rules);
  }
  return new Map([...groups].map(([group, { layered, important }]) => [group, [`@layer base{\n${layered.join('\n')}\n}`, ...important].join('\n')]));
}

/** The antd components a module imports (`import { Button, App as AntdApp } from 'antd'`, after TypeScript is stripped). */
export function antdImportsOf(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]antd['"]/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/**
 * antd's exports by the module that defines each (`Button` → `antd/es/button`), read from its barrel
 * (antd/es/index.js: `export { default as Button } from './button'`).
 */
function antdModules(): Map<string, string> {
  const barrel = readFileSync(path.join(path.dirname(require.resolve('antd/package.json')), 'es/index.js'), 'utf8');
  return new Map([...barrel.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)].map((m) => [m[1]!, `antd/es/${m[2]}`]));
}

/**
 * The build imports each antd component from its own module (`import Button from 'antd/es/button'`), not
 * through antd's barrel: the entry imports the barrel, so the bundler put every component any page imports
 * (Result with its illustrations, Menu…) in the entry's chunks, about 80 kB of script every first page
 * loaded and never ran. Tests and the dev server keep the barrel (Node cannot load antd/es's extensionless
 * imports).
 */
function rewriteAntdImports(code: string, modules: Map<string, string>, fail: (message: string) => never): string {
  return code.replace(/import\s*\{([^}]*)\}\s*from\s*['"]antd['"];?/g, (_statement, names: string) =>
    names
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, local = name] = part.split(/\s+as\s+/).map((word) => word.trim()) as [string, string?];
        const module = modules.get(name) ?? fail(`${name} from antd: not a default export of antd/es/index.js`);
        return `import ${local} from '${module}';`;
      })
      .join(''),
  );
}

function antdStaticStyles(): Plugin {
  const SHARED_ID = 'virtual:antd.css';
  const GROUP_ID = 'virtual:antd-style/';
  const RESOLVED = '\0antd-style:';
  let groups: Map<string, string> | null = null;
  const groupCss = (group: string) => {
    groups ??= antdStyleGroups(readFileSync(require.resolve('antd/dist/antd.css'), 'utf8'));
    return groups.get(group) ?? '';
  };
  let build = false;
  let modules: Map<string, string> | null = null;
  return {
    name: 'portal-antd-static-styles',
    configResolved: (config) => {
      build = config.command === 'build' && !process.env.VITEST;
    },
    resolveId: (id) => (id === SHARED_ID ? `${RESOLVED}${ANTD_SHARED}.css` : id.startsWith(GROUP_ID) ? `${RESOLVED}${id.slice(GROUP_ID.length)}` : null),
    load: (id) => (id.startsWith(RESOLVED) ? groupCss(id.slice(RESOLVED.length, -'.css'.length)) : null),
    transform(code, id) {
      if (!/\/src\/.+\.[jt]sx?$/.test(id) || !code.includes('antd')) return null;
      const names = antdImportsOf(code);
      if (names.length === 0) return null;
      const fail = (message: string): never => this.error(message);
      // The public app's modules get their components' styles (the console's draw with antd's runtime styles).
      const prefixes = new Set<string>();
      if (!id.includes('/src/console/')) {
        for (const name of names) {
          const styles = ANTD_STYLES[name] ?? fail(`${name} from antd: no styles listed for it in ANTD_STYLES (vite.config.ts), the page would draw it unstyled`);
          for (const prefix of styles) if (!ENTRY_PREFIXES.has(prefix)) prefixes.add(prefix);
        }
      }
      // The component modules replace the barrel on its own line, and the styles come at the end: the module's
      // lines keep their places (its source map stays true).
      const imports = build ? rewriteAntdImports(code, (modules ??= antdModules()), fail) : code;
      return { code: `${imports}\n${[...prefixes].map((prefix) => `import '${GROUP_ID}${prefix}.css';`).join('\n')}\n`, map: null };
    },
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
  return {
    name: 'portal-paint-before-app',
    apply: 'build',
    async buildStart() {
      const built = await rolldown({ input: fileURLToPath(new URL('./src/start/start.ts', import.meta.url)), platform: 'browser' });
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
        const chunks = [...html.matchAll(preload)].map((m) => m[1]!);
        return html
          .replace(preload, '')
          .replace(entry, `<link rel="modulepreload" fetchpriority="low" crossorigin href="${src}">\n    <script src="/${fileName}" data-app="${src}" data-preload="${chunks.join(' ')}"></script>`);
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
