/**
 * The set-up the browser benchmarks share (bench:home, bench:mobile): the production build (built unless
 * `reuseBuild` finds dist/), served by the real server in production mode with the demo seed on a fresh
 * database, for the length of `run`; then the server is stopped and its data removed.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, waitForServer } from '../../server/loadtest/run.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export async function withDemoServer(name: string, reuseBuild: boolean, run: (base: string) => Promise<void>): Promise<void> {
  if (!reuseBuild || !existsSync(path.join(root, 'dist/index.html'))) {
    console.error('building dist/…');
    const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `hbcq-bench-${name}-`));
  let server: ChildProcess | null = null;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The demo seed gives the pages their real content (news, listings, live lots); production mode serves
    // the compressed build the way a deployment does.
    server = spawnServer(port, dataDir, { PORTAL_DEMO_SEED: 'true', PORTAL_DEMO: '1' });
    await waitForServer(base, server);
    await run(base);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
