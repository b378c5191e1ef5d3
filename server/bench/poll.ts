/**
 * `npm run bench:poll`: hall polling by 2,000 watchers at a 2 s interval alongside a bid load
 * (performance.md: poll p99 < 100 ms), run twice side by side on the same machine and data shape:
 *   ours      — hall/page from the shared snapshot with ETag/304;
 *   baseline  — the same polls answered by a query per request (server/bench/naive-hall-server.ts),
 * while the same bidders bid through our server in both runs. Prints one table and the ratios.
 * Options: --watchers 2000 --bidders 200 --lots 500 --seconds 60.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runLoad, type LoadSummary } from '../loadtest/run.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const { values } = parseArgs({
  options: {
    watchers: { type: 'string', default: '2000' },
    bidders: { type: 'string', default: '200' },
    lots: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
  },
});
const base = {
  lots: Number(values.lots),
  bidders: Number(values.bidders),
  watchers: Number(values.watchers),
  minutes: Number(values.seconds) / 60,
  pollIntervalMs: 2000,
  bidIntervalMs: 3000,
  pageSize: 30,
  quiet: true,
};

async function naiveServer(dataDir: string) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/bench/naive-hall-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PORTAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', () => reject(new Error('baseline server exited')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

console.log(`bench:poll — ${base.watchers} 个轮询者 / ${base.pollIntervalMs} ms，${base.bidders} 个出价人，${base.lots} 个标的，每轮 ${values.seconds} s`);
const ours = await runLoad(base);
const naive = await runLoad({ ...base, pollServer: naiveServer });

const row = (name: string, s: LoadSummary) =>
  `| ${name.padEnd(24)} | ${s.polls.perSecond.toFixed(0).padStart(7)} | ${s.polls.p50.toFixed(1).padStart(8)} | ${s.polls.p99.toFixed(1).padStart(8)} | ${((s.polls.notModified / Math.max(1, s.polls.sent)) * 100).toFixed(0).padStart(5)} % | ${s.bids.perSecond.toFixed(1).padStart(7)} | ${s.bids.p99.toFixed(1).padStart(8)} | ${(s.errorRate * 100).toFixed(2).padStart(6)} % |`;
console.log('\n| hall polls answered by   | polls/s | p50 ms   | p99 ms   | 304   | bids/s  | bid p99  | errors   |');
console.log('|--------------------------|---------|----------|----------|-------|---------|----------|----------|');
console.log(row('ours (snapshot + ETag)', ours));
console.log(row('baseline (query/request)', naive));
console.log(`\npoll p99 ours/baseline = ${(ours.polls.p99 / Math.max(0.001, naive.polls.p99)).toFixed(2)}; target: ours p99 < 100 ms → ${ours.polls.p99 < 100 ? 'met' : 'NOT met'}`);
console.log(`bid-log invariants: ours ${ours.invariants.violations.length === 0 ? 'hold' : 'VIOLATED'}, baseline run ${naive.invariants.violations.length === 0 ? 'hold' : 'VIOLATED'}`);
