import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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
        if (!TEXT.test(file.fileName) || file.fileName === 'version.json') continue;
        const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
        if (source.length < 1024) continue;
        const target = path.join(outDir, file.fileName);
        writeFileSync(`${target}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${target}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

const serverPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react(), versionFile(), precompressed()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
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
          include: ['tests/{domain,api,lib,workers,live,components,routes}/**/*.test.{ts,tsx}'],
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
          hookTimeout: 60_000,
          // A TMPDIR per run, checked empty at the end (what a test creates, it removes).
          globalSetup: ['tests/server/tmp-guard.ts'],
        },
      },
    ],
  },
});
