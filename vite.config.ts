import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

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

const serverPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react(), versionFile()],
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
          // Each file gets its own temp database, but PostgreSQL runs share one: keep files serial.
          fileParallelism: false,
        },
      },
    ],
  },
});
