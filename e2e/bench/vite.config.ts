import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** The hall benchmark's baseline pages (e2e/bench/baselines), built apart from the app: `vite build -c e2e/bench/vite.config.ts`. */
export default defineConfig({
  root: fileURLToPath(new URL('./baselines', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: process.env.BENCH_BASELINES_DIR ?? '/tmp/bench-baselines',
    emptyOutDir: true,
    chunkSizeWarningLimit: 3000,
  },
});
