/**
 * The real process: start server/main.ts on a free port with a temp data dir, call it, stop it with
 * SIGTERM and expect a clean exit 0. (Spawned as `node --import tsx`, not `npx`, so the signal reaches
 * the server itself.) Uses the embedded SQLite database whatever TEST_DATABASE_URL says.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const URL_LINE = /河北产权交易所门户已启动: (http:\/\/localhost:\d+)/;

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exit };
}

async function waitForUrl(s: Started, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const m = URL_LINE.exec(s.output());
    if (m) return m[1]!;
    if (s.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start:\n${s.output()}`);
}

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

it('starts, serves, and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
  const s = start({ PORT: '0', HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, PORTAL_STATIC_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'warn' });
  try {
    const base = await waitForUrl(s);
    const time = await fetch(`${base}/api/dscq-sync/v1/server-time`);
    expect(time.status).toBe(200);
    const timeBody = (await time.json()) as { data: { now: number } };
    expect(Math.abs(timeBody.data.now - Date.now())).toBeLessThan(5_000);
    const list = await fetch(`${base}/api/dscq-project/search/page?size=1&typeCode=5`, { method: 'POST' });
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(40);

    s.child.kill('SIGTERM');
    expect(await s.exit).toEqual({ code: 0, signal: null });
    expect(s.output()).toContain('服务已停止');
  } finally {
    s.child.kill('SIGKILL');
  }
});

it('fails fast with a clear message on bad configuration', async () => {
  const s = start({ PORT: 'abc', PORTAL_DATA_DIR: dataDir });
  expect((await s.exit).code).toBe(1);
  expect(s.output()).toContain('配置错误');
  expect(s.output()).toContain('PORT');
});
