/**
 * The production start (server/cluster.ts): two worker processes behind one port over one database (a
 * fresh PostgreSQL database when TEST_DATABASE_URL is set, else SQLite in a temp dir). Bids sent on new
 * connections reach both processes (the pids of their request logs), every one is accepted in turn, and
 * each process soon answers the price the other committed; SIGTERM to the primary stops every worker, exit 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ConfigError, workerCount } from '../../server/config.ts';
import { createClient, freePort } from '../../server/loadtest/run.ts';
import { seedLoad } from '../../server/loadtest/seed.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { createProcessDatabase, type ProcessDatabase } from './process-database.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let dataDir: string;
let databaseUrl: string | undefined;
let database: ProcessDatabase | null = null;

beforeEach(async () => {
  database = await createProcessDatabase('cluster');
  ({ dataDir, databaseUrl } = database);
});
afterEach(async () => {
  await database?.dispose();
  database = null;
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function startCluster(port: number): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cluster.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORTAL_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTAL_WORKERS: '2',
      PORTAL_DATA_DIR: dataDir,
      PORTAL_STATIC_DIR: path.join(dataDir, 'no-dist'),
      PORTAL_DEMO_SEED: 'false',
      LOG_LEVEL: 'debug', // polls (bidding-data) are logged at debug
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function until(what: string, s: Started, test: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline || s.child.exitCode !== null) throw new Error(`${what}:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pids of the processes whose request logs name this URL part. */
function pidsServing(output: string, urlPart: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number; req?: { url?: string } };
      if (entry.pid && entry.req?.url?.includes(urlPart)) pids.add(entry.pid);
    } catch {
      /* not a log line */
    }
  }
  return pids;
}

it('serves one port from two processes: bids through both are decided in turn and each sees the other’s', async () => {
  const handle = database!.open();
  await prepareDatabase(handle, { seed: false, now: Date.now() });
  const seeded = await seedLoad(handle.db, { lots: 1, bidders: 2, now: Date.now(), minEndMs: 3_600_000, maxEndMs: 7_200_000, dataDir, runId: 'cl' });
  await handle.close();
  const [activityId] = seeded.activityIds;

  const port = await freePort();
  const s = startCluster(port);
  try {
    await until('two workers listening', s, () => s.output().split('河北产权交易所门户已启动').length - 1 === 2);
    const base = `http://127.0.0.1:${port}`;
    // A new connection per request: the kernel spreads them over the workers.
    const call = createClient(base, { keepAlive: false });
    const data = async () => {
      const answer = await call(`/api/dscq-sync/v1/bid-assets/bidding-data?activityId=${activityId}`);
      return (JSON.parse(answer.body) as { data: { startPrice: number; increment: number; biddingPrice: number; biddingCount: number } }).data;
    };
    const first = await data();
    let price = first.startPrice - first.increment;
    const bids = 24;
    for (let i = 0; i < bids; i++) {
      price += first.increment;
      const token = seeded.tokens[i % 2]!;
      const answer = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${activityId}&amount=${price}&idempotencyKey=cluster-bid-${i}`, {
        authorization: `Bearer ${token}`,
      });
      expect(answer.status, answer.body).toBe(200);
      expect((JSON.parse(answer.body) as { code: number }).code, answer.body).toBe(200);
    }
    await until('both workers took bids', s, () => pidsServing(s.output(), '/bidding/ongoing/bid').size === 2, 10_000);
    // Whichever process answers, it soon knows every bid committed by either (its change feed: NOTIFY on
    // PostgreSQL, SQLite's data_version polled every 250 ms): six answers in a row agree within 3 s.
    const deadline = Date.now() + 3_000;
    let agreeing = 0;
    let last = first;
    while (agreeing < 6 && Date.now() < deadline) {
      last = await data();
      agreeing = last.biddingCount === bids && last.biddingPrice === price ? agreeing + 1 : 0;
    }
    expect({ count: last.biddingCount, price: last.biddingPrice, agreeing }).toEqual({ count: bids, price, agreeing: 6 });
    expect(pidsServing(s.output(), '/bidding-data').size).toBe(2);
  } finally {
    s.child.kill('SIGTERM');
  }
  expect(await s.exit).toBe(0);
  expect(s.output()).toContain('全部工作进程已停止');
});

it('PORTAL_WORKERS: a whole number from 1 to 64, one per core when unset', () => {
  expect(workerCount({ PORTAL_WORKERS: '3' })).toBe(3);
  expect(workerCount({})).toBeGreaterThanOrEqual(1);
  for (const bad of ['0', '65', '2.5', 'many']) expect(() => workerCount({ PORTAL_WORKERS: bad })).toThrow(ConfigError);
  expect(() => workerCount({ PORTAL_WORKERS: 'many' })).toThrow('PORTAL_WORKERS: 必须是 1 到 64 之间的整数');
});
