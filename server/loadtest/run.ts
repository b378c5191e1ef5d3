/**
 * `npm run loadtest -- [--url http://host:port] --scenario spike --lots 20 --bidders 200 --watchers 1000
 *                      [--duration 120s] [--report out.html] [--threshold bid.p99=300ms,push.p99=500ms,errors=0]`
 *
 * Drives any deployment by URL (docs/testing.md "The load test"): prepares its lots and bidders through
 * the operator API (prepare.ts: no database access), runs a scenario from a process of its own (load.ts:
 * `steady` or the last-minute `spike`) with bidders, push-stream watchers and hall pollers, measures bid
 * latency, push lag and poll latency in HDR histograms, then checks the lots' public bid records
 * (verify.ts), applies the thresholds (thresholds.ts: the exit code) and writes an HTML report
 * (report.ts). Without --url it starts its own server on a fresh embedded database, configured so the tool
 * can make its own operator, and drives it by URL like any other.
 *
 * Also the toolbox of the benchmarks and the crash-loop tests: freePort, createClient, waitForServer,
 * serverEnv, spawnServer, loadLots (and seed.ts: seedLoad, which writes a database directly).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { GeneratorLot } from './generator.ts';
import { decodeHistogram, summarize } from './histograms.ts';
import { startLoad, type LoadResult } from './load.ts';
import { operatorLogin, prepareRun, PrepareError, registerWithFixedCodes, serverTime } from './prepare.ts';
import { renderReport, type ReportData } from './report.ts';
import { evaluateThresholds, parseThresholds, ThresholdError, thresholdLine, type ThresholdResult } from './thresholds.ts';
import { checkRecords, waitForEnd, type RecordCheck } from './verify.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function rssMb(pid: number | undefined): number | null {
  if (!pid || !existsSync(`/proc/${pid}/status`)) return null;
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
}

interface Answer {
  status: number;
  etag: string | undefined;
  body: string;
}

/**
 * A keep-alive client for POST requests to `base` (the API's verbs). One pool per client: give polls
 * and bids clients of their own, or a burst of one queues the other inside this process.
 */
export function createClient(base: string, options: { maxSockets?: number; timeoutMs?: number; keepAlive?: boolean } = {}) {
  const url = new URL(base);
  // keepAlive false: a new connection per request (behind a cluster, each may reach another process).
  const agent = new http.Agent({ keepAlive: options.keepAlive ?? true, maxSockets: options.maxSockets ?? 256 });
  const timeoutMs = options.timeoutMs ?? 15_000;
  return (pathAndQuery: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: pathAndQuery, method: 'POST', agent, headers: { 'client-id': 'loadtest', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end();
    });
}

export async function waitForServer(base: string, child: ChildProcess | null): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child && child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      const res = await fetch(`${base}/api/dscq-sync/v1/server-time`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start in 60 s');
}

/** The environment of the real server on `port` over the database in `dataDir`: production, no demo seed, no payment gateway or SMS (production refuses the sandbox bank and the outbox); `env` adds to it. */
export function serverEnv(port: number, dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, PORTAL_DEMO_SEED: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', PORTAL_PAYMENT_GATEWAY: 'none', PORTAL_SMS_SENDER: 'none', ...env };
}

/** The real server (server/main.ts) on `port` over the database in `dataDir`, no demo seed; `env` adds to it (the benchmarks: PORTAL_STATIC_DIR). */
export function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/main.ts')], {
    cwd: root,
    env: serverEnv(port, dataDir, env),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The lots' start prices and increments, as the generator's bidders need them. */
export async function loadLots(db: Kysely<Database>, activityIds: readonly number[]): Promise<GeneratorLot[]> {
  const rows = await db.selectFrom('bid_activity').select(['id', 'start_price_fen', 'increment_fen']).where('id', 'in', [...activityIds]).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, priceFen: r.start_price_fen - r.increment_fen, stepFen: r.increment_fen }));
}


// ------------------------------------------------------------------ npm run loadtest

/** The self-started server's test-only codes and operator (its own database; never a deployment's). */
const OWN = { captcha: 'lt42', smsCode: '246810', operator: 'ltops', password: 'Load@2026x', phone: '13900009999' };

export interface RunOptions {
  url?: string | undefined;
  /** The watchers' push streams spread over these URLs (balancers in front of the same nodes as `url`). */
  streamUrls?: string[];
  /**
   * Run beside the load (bench:nodes: a node killed or restarted mid-run), given the measured window in
   * server time (spike: its last spikeWindowMs before the lots' end; steady: estimated); awaited before the
   * record check.
   */
  during?: (window: { startsAt: number; endsAt: number }) => Promise<void>;
  scenario: 'steady' | 'spike';
  lots: number;
  bidders: number;
  watchers: number;
  pollers: number;
  pollIntervalMs: number;
  /** steady: the run; spike: how long bidding may go on after the planned end (extensions). */
  durationMs: number;
  spikeWindowMs: number;
  bidIntervalMs: number;
  extensionSec: number;
  budgetSteps: number;
  /** Time between creating the lots and the load's start (accounts, logins, streams); undefined: estimated. */
  leadMs?: number | undefined;
  report?: string | undefined;
  thresholds: string | undefined;
  opsToken?: string | undefined;
  opsUser?: string | undefined;
  opsPassword?: string | undefined;
  captcha?: string | undefined;
  tag?: string | undefined;
  seed: number;
  log?: (line: string) => void;
}

export interface RunOutcome {
  exitCode: number;
  report: ReportData;
  reportFile: string;
  thresholds: ThresholdResult[];
  records: RecordCheck;
  result: LoadResult;
}

/** `60`, `60s`, `1500ms`, `2m` → ms. */
export function parseDuration(name: string, text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!m) throw new ThresholdError(`--${name} 的格式不正确：“${text}”（例如 30s、2m、1500ms）`);
  const n = Number(m[1]);
  return Math.round(m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000);
}

export async function runLoadTest(o: RunOptions): Promise<RunOutcome> {
  const log = o.log ?? ((line: string) => console.log(line));
  const thresholds = parseThresholds(o.thresholds);
  const own = !o.url;
  const tag = o.tag ?? randomBytes(4).toString('hex').slice(0, 6);
  let child: ChildProcess | null = null;
  let dataDir: string | null = null;
  let base = o.url?.replace(/\/+$/, '') ?? '';
  try {
    if (own) {
      dataDir = mkdtempSync(path.join(tmpdir(), 'hbcq-load-'));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      // A test installation (fixed codes are refused in production) that allows load-test accounts.
      child = spawnServer(port, dataDir, {
        NODE_ENV: 'test',
        PORTAL_FIXED_CAPTCHA: OWN.captcha,
        PORTAL_FIXED_SMS_CODE: OWN.smsCode,
        PORTAL_SMS_SENDER: 'outbox',
        PORTAL_OPERATORS: OWN.operator,
        PORTAL_LOADTEST_ACCOUNTS: '1',
      });
      log(`启动自带服务（全新的嵌入式数据库）：${base}`);
    }
    await waitForServer(base, child);

    // The operator.
    let opsToken = o.opsToken;
    if (!opsToken && own) opsToken = await registerWithFixedCodes(base, { loginName: OWN.operator, password: OWN.password, phone: OWN.phone, captcha: OWN.captcha, smsCode: OWN.smsCode });
    if (!opsToken && o.opsUser && o.opsPassword) {
      if (!o.captcha) throw new PrepareError('--ops-user 登录需要目标的固定测试验证码 --captcha（PORTAL_FIXED_CAPTCHA；生产环境没有），否则请用 --ops-token');
      opsToken = await operatorLogin(base, o.opsUser, o.opsPassword, o.captcha);
    }
    if (!opsToken) throw new PrepareError('需要运营账号的令牌：--ops-token（或环境变量 LOADTEST_OPS_TOKEN），或 --ops-user/--ops-password/--captcha');

    // The lots end at one second: spike — the window after the preparation; steady — after the run.
    const leadMs = o.leadMs ?? 8000 + o.bidders * 15 + o.watchers * 4 + o.lots * 150;
    const now = await serverTime(base);
    const endAt = Math.ceil((now + leadMs + (o.scenario === 'spike' ? o.spikeWindowMs : o.durationMs + o.extensionSec * 1000 + 5000)) / 1000) * 1000;
    log(`准备（经运营接口）：${o.lots} 个标的、${o.bidders} 个竞买人、${Math.ceil(o.watchers / 8)} 个观看账号，标记 ${tag}`);
    const prepared = await prepareRun({ base, opsToken, tag, lots: o.lots, bidders: o.bidders, watchers: o.watchers, endAt, extensionSec: o.extensionSec, log });
    const late = (await serverTime(base)) - (endAt - (o.scenario === 'spike' ? o.spikeWindowMs : o.durationMs));
    if (late > 0) log(`  注意：准备比预计多用了 ${(late / 1000).toFixed(1)} s，测量窗口相应缩短（可加大 --lead）`);
    log(
      o.scenario === 'spike'
        ? `尖峰：标的于 ${new Date(endAt).toISOString()} 同时结束；最后 ${o.spikeWindowMs / 1000} s 内 ${o.bidders} 个竞买人出价，${o.watchers} 个推送连接，${o.pollers} 个大厅轮询`
        : `平稳：${o.durationMs / 1000} s，${o.bidders} 个竞买人（平均每 ${o.bidIntervalMs / 1000} s 一次），${o.watchers} 个推送连接，${o.pollers} 个大厅轮询`,
    );
    log(`在浏览器中观看：${base}/#/hall`);

    const rssStart = rssMb(child?.pid);
    // Started when the load process says its window begins; its failure is held (not an unhandled
    // rejection mid-load) and thrown once the load is done.
    let beside: Promise<{ error: unknown } | null> | undefined;
    const onWindow = (window: { startsAt: number; endsAt: number }) => {
      beside = o.during?.(window).then(
        () => null,
        (error: unknown) => ({ error }),
      );
    };
    const result = await startLoad(
      {
        base,
        ...(o.streamUrls ? { streamBases: o.streamUrls.map((u) => u.replace(/\/+$/, '')) } : {}),
        scenario: o.scenario,
        lots: prepared.lots,
        bidders: prepared.bidders,
        watcherTokens: prepared.watcherTokens,
        watchers: o.watchers,
        pollers: o.pollers,
        pollIntervalMs: o.pollIntervalMs,
        durationMs: o.durationMs,
        spikeWindowMs: o.spikeWindowMs,
        bidIntervalMs: o.bidIntervalMs,
        extensionMs: o.extensionSec * 1000,
        budgetSteps: o.budgetSteps,
        seed: o.seed,
        runId: tag,
        progressMs: 10_000,
        timeoutMs: 15_000,
      },
      {
        onWindow,
        onProgress: (p) =>
          log(
            `${String(p.atSeconds).padStart(4)} s  成交 ${p.acceptedPerSecond.toFixed(1)}/s（发出 ${p.sentPerSecond.toFixed(1)}/s）  出价 p50/p99 ${p.bid.p50.toFixed(1)}/${p.bid.p99.toFixed(1)} ms  ` +
              `推送 p50/p99 ${p.push.p50.toFixed(1)}/${p.push.p99.toFixed(1)} ms  推送连接 ${p.streams}  轮询 ${p.pollsPerSecond.toFixed(0)}/s  拒绝 ${p.refused}  错误 ${p.errors}`,
          ),
      },
    );
    const rssEnd = rssMb(child?.pid);
    const besideFailed = await beside;
    if (besideFailed) throw besideFailed.error;

    // The record: once the lots ended (the last bid's extension, then the sweep).
    log('核对出价记录（等待标的结束）…');
    const lotIds = prepared.lots.map((l) => l.id);
    // Until the planned end (steady: the load stops before it; an over-estimated lead leaves a while), then
    // the last extension and the sweep.
    const stillOpen = await waitForEnd(base, lotIds, Math.max(0, endAt - (await serverTime(base))) + o.extensionSec * 1000 + 30_000);
    const records = await checkRecords(base, lotIds, result.accepted, stillOpen);

    const h = Object.fromEntries(Object.entries(result.histograms).map(([k, v]) => [k, summarize(decodeHistogram(v))])) as Record<keyof LoadResult['histograms'], ReturnType<typeof summarize>>;
    const c = result.counts;
    const evaluated = evaluateThresholds(thresholds, {
      latency: { bid: h.bid, 'bid.accepted': h.accepted, 'bid.refused': h.refused, push: h.push, poll: h.poll },
      sent: c.sent,
      accepted: c.accepted,
      refused: c.refused,
      // Streams refused, or lost and not back by the end, count as errors too (a lost stream that
      // re-attached and caught up is what a browser does when its node goes: counted as a reconnect).
      errors: c.errors + c.streamsFailed + c.streamsDown + c.viewsBehind,
      violations: records.violations.length,
      seconds: result.seconds,
    });
    const report: ReportData = {
      title: `压测报告 Load test report · ${o.scenario}`,
      startedAt: new Date(result.startedAt).toISOString(),
      target: base,
      selfStarted: own,
      scenario: o.scenario,
      params: {
        '--scenario': o.scenario,
        '--lots': o.lots,
        '--bidders': o.bidders,
        '--watchers': o.watchers,
        '--pollers': o.pollers,
        '--poll-interval': `${o.pollIntervalMs} ms`,
        '--duration': `${o.durationMs / 1000} s`,
        ...(o.scenario === 'spike' ? { '--spike-window': `${o.spikeWindowMs / 1000} s` } : { '--bid-interval': `${o.bidIntervalMs} ms` }),
        '--extension': `${o.extensionSec} s`,
        '--budget': `${o.budgetSteps} 个加价幅度`,
        '--threshold': o.thresholds ?? '',
        tag,
        seed: o.seed,
        '时钟偏差 clock offset': `${result.clockOffsetMs.toFixed(1)} ms（往返 ${result.clockRttMs.toFixed(1)} ms）`,
        ...(own ? { '服务进程内存 server RSS': `${rssStart ?? '?'} → ${rssEnd ?? '?'} MB` } : {}),
      },
      seconds: result.seconds,
      bids: { sent: c.sent, accepted: c.accepted, refused: c.refused, errors: c.bidErrors, extensions: c.extensions, refusedReasons: result.refusedReasons, errorSamples: result.errorSamples },
      latency: { bid: h.bid, accepted: h.accepted, refused: h.refused, errors: h.errors, push: h.push, poll: h.poll },
      push: {
        streams: c.streams,
        streamsFailed: c.streamsFailed,
        lost: c.streamsLost,
        reconnects: c.reconnects,
        resyncs: c.resyncs,
        down: c.streamsDown,
        viewsBehind: c.viewsBehind,
        reattach: h.reattach,
        catchUp: h.catchUp,
        events: c.events,
        samples: c.pushSamples,
        ahead: c.pushAhead,
        unmatched: c.pushUnmatched,
        reference: '出价成交应答到达竞买人的时刻（与观看者在同一进程、同一时钟，无需时钟校正）the moment the accepted answer reached its bidder, on the same clock as the watchers',
      },
      polls: { sent: c.polls, notModified: c.notModified, errors: c.pollErrors },
      timeline: result.timeline,
      markers: result.plannedEndAt === null ? [] : [{ t: result.plannedEndAt, label: '计划结束 planned end' }],
      thresholds: evaluated,
      invariants: { lots: records.lots, recorded: records.recorded, accepted: records.accepted, violations: records.violations, notes: records.notes },
      generator: result.self,
    };
    const stamp = new Date(result.startedAt).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const reportFile = path.resolve(o.report ?? path.join('data', 'loadtest', `report-${o.scenario}-${stamp}.html`));
    mkdirSync(path.dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, renderReport(report));

    const f = (n: number) => n.toFixed(1);
    log('\n压测结果 Summary');
    log(`  时长 ${f(result.seconds)} s   目标 ${base}`);
    log(`  出价  发出 ${c.sent}  成交 ${c.accepted}  规则拒绝 ${c.refused}  错误 ${c.bidErrors}  延时 ${c.extensions} 次   全部错误（出价、轮询、推送连接）${c.errors + c.streamsFailed + c.streamsDown + c.viewsBehind}`);
    log(`  出价时延 ms     p50 ${f(h.bid.p50)}  p90 ${f(h.bid.p90)}  p99 ${f(h.bid.p99)}  p99.9 ${f(h.bid.p999)}  max ${f(h.bid.max)}`);
    log(`  推送延迟 ms     p50 ${f(h.push.p50)}  p90 ${f(h.push.p90)}  p99 ${f(h.push.p99)}  p99.9 ${f(h.push.p999)}  max ${f(h.push.max)}  （${c.pushSamples} 个样本，${c.streams} 个推送连接，失败 ${c.streamsFailed}）`);
    if (c.streamsLost > 0)
      log(
        `  推送重连       断开 ${c.streamsLost}  重连 ${c.reconnects}（重新同步 ${c.resyncs}）  结束时未连上 ${c.streamsDown}  视图落后 ${c.viewsBehind}   ` +
          `重连 ms p50/p99/max ${f(h.reattach.p50)}/${f(h.reattach.p99)}/${f(h.reattach.max)}  追上 ms p50/p99/max ${f(h.catchUp.p50)}/${f(h.catchUp.p99)}/${f(h.catchUp.max)}`,
      );
    log(`  大厅轮询 ms     p50 ${f(h.poll.p50)}  p99 ${f(h.poll.p99)}  （${c.polls} 次，304 ${c.notModified}）`);
    log(`  压测进程 CPU ${f(result.self.cpuPercent)} %  事件循环延迟 p99/max ${f(result.self.loopDelayP99)}/${f(result.self.loopDelayMax)} ms`);
    log(`  出价记录：${records.lots} 个标的，${records.recorded} 笔，${records.violations.length === 0 ? '每笔成交都在记录中，哈希链完整' : `${records.violations.length} 处违反：${records.violations.slice(0, 5).join('；')}`}`);
    for (const note of records.notes.slice(0, 5)) log(`  注：${note}`);
    if (evaluated.length > 0) log('阈值 Thresholds');
    for (const t of evaluated) log(thresholdLine(t));
    log(`报告 Report: ${reportFile}`);
    const exitCode = evaluated.some((t) => !t.passed) || records.violations.length > 0 ? 1 : 0;
    return { exitCode, report, reportFile, thresholds: evaluated, records, result };
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const USAGE = `用法 usage: npm run loadtest -- [--url http://host:port] [--scenario spike|steady] [--lots 20] [--bidders 200] [--watchers 1000]
    [--pollers 50] [--poll-interval 2500ms] [--duration 120s] [--spike-window 30s] [--bid-interval 3s] [--extension 15s]
    [--budget 200] [--lead 20s] [--report out.html] [--threshold bid.p99=300ms,push.p99=500ms,errors=0]
    [--ops-token …（或 LOADTEST_OPS_TOKEN）| --ops-user … --ops-password …（或 LOADTEST_OPS_PASSWORD）--captcha …] [--tag abc] [--seed 1]`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        scenario: { type: 'string', default: 'spike' },
        lots: { type: 'string', default: '20' },
        bidders: { type: 'string', default: '200' },
        watchers: { type: 'string', default: '1000' },
        pollers: { type: 'string', default: '50' },
        'poll-interval': { type: 'string', default: '2500ms' },
        duration: { type: 'string' },
        'spike-window': { type: 'string', default: '30s' },
        'bid-interval': { type: 'string', default: '3s' },
        extension: { type: 'string', default: '15s' },
        budget: { type: 'string', default: '200' },
        lead: { type: 'string' },
        report: { type: 'string' },
        threshold: { type: 'string' },
        'ops-token': { type: 'string' },
        'ops-user': { type: 'string' },
        'ops-password': { type: 'string' },
        captcha: { type: 'string' },
        tag: { type: 'string' },
        seed: { type: 'string', default: '1' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  let options: RunOptions;
  try {
    const num = (name: string, value: string | undefined, min: number, max: number) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) throw new ThresholdError(`--${name} 必须是 ${min} 到 ${max} 之间的整数`);
      return n;
    };
    const scenario = values.scenario;
    if (scenario !== 'spike' && scenario !== 'steady') throw new ThresholdError('--scenario 须为 spike 或 steady');
    const extensionMs = parseDuration('extension', values.extension);
    if (extensionMs < 5000 || extensionMs > 3_600_000 || extensionMs % 1000 !== 0) throw new ThresholdError('--extension 须为 5 s 到 60 min 的整秒数');
    if (values.tag !== undefined && !/^[a-z0-9]{1,8}$/.test(values.tag)) throw new ThresholdError('--tag 须为 1 到 8 位小写字母或数字');
    options = {
      url: values.url,
      scenario,
      lots: num('lots', values.lots, 1, 200),
      bidders: num('bidders', values.bidders, 1, 5000),
      watchers: num('watchers', values.watchers, 0, 20_000),
      pollers: num('pollers', values.pollers, 0, 5000),
      pollIntervalMs: parseDuration('poll-interval', values['poll-interval']),
      durationMs: parseDuration('duration', values.duration ?? (scenario === 'spike' ? '120s' : '60s')),
      spikeWindowMs: parseDuration('spike-window', values['spike-window']),
      bidIntervalMs: parseDuration('bid-interval', values['bid-interval']),
      extensionSec: extensionMs / 1000,
      budgetSteps: num('budget', values.budget, 30, 100_000),
      leadMs: values.lead === undefined ? undefined : parseDuration('lead', values.lead),
      report: values.report,
      thresholds: values.threshold,
      opsToken: values['ops-token'] ?? process.env.LOADTEST_OPS_TOKEN,
      opsUser: values['ops-user'],
      opsPassword: values['ops-password'] ?? process.env.LOADTEST_OPS_PASSWORD,
      captcha: values.captcha,
      tag: values.tag,
      seed: num('seed', values.seed, 0, 2 ** 31),
    };
    parseThresholds(options.thresholds);
  } catch (error) {
    if (!(error instanceof ThresholdError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  try {
    return (await runLoadTest(options)).exitCode;
  } catch (error) {
    console.error(error instanceof PrepareError ? `准备失败：${error.message}` : error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
