/**
 * The baseline of `npm run bench:bids`: a bare process that runs, per bid, THE SAME STATEMENTS the engine
 * runs for an accepted ongoing bid — the texts of server/bidding/statements.ts, in the engine's order
 * (lock with its reads and the session check, idempotency record, bid, activity update, outbid message,
 * audit line; on
 * PostgreSQL the lock and the one write statement with the NOTIFY), one transaction per bid, on the same
 * database — by hand on the raw driver (better-sqlite3 statements prepared once, pg named prepared
 * statements) with no framework: no Fastify, no token, no validation, no rules, no group commit. The
 * amount is the locked row's price + one increment, so every bid is accepted.
 *
 * It is driven over the same loopback HTTP as our server (a bare `node:http` handler), by the same load
 * process (bid-load.ts): the transport costs the same for both, so the ratio is our own overhead.
 *
 * Started by bids.ts: `tsx server/bench/bare-bid-server.ts` with PORT, and DATABASE_URL or SQLITE_FILE;
 * prints `ready` when it listens.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { formatFenAsYuan } from '#domain/rules/money';
import { bidChainHash, GENESIS_HASH } from '#domain/rules/bidChain';
import type { Statement } from '../db/prepared.ts';
import { POSTGRES_BID_STATEMENTS, SQLITE_BID_STATEMENTS, type LockExtras } from '../bidding/statements.ts';

const port = Number(process.env.PORT);
const databaseUrl = process.env.DATABASE_URL || undefined;
const sqliteFile = process.env.SQLITE_FILE;
/** Its own channel: nobody listens, so the server's snapshot is not woken by the baseline's bids. */
const CHANNEL = 'hbcq_bench_bare';

interface Locked extends LockExtras {
  id: number;
  activity_code: string;
  current_price_fen: number;
  increment_fen: number;
  max_price_fen: number;
  bid_count: number;
  end_at: number;
  extension_count: number;
  leader_user_id: number | null;
}

interface BidAsk {
  activityId: number;
  userId: number;
  /** The bidder's session (auth_session.id): the lock statement checks it is open, as the engine does. */
  sessionId: string;
  key: string;
}

/** The lock statement's parameters, in the engine's order. */
const lockParams = (ask: BidAsk) => [ask.sessionId, ask.userId, Date.now(), ask.userId, ask.userId, ask.userId, ask.key, ask.activityId];

/** What the engine computes per bid besides the statements: the outbid text, the answer, the request hash. */
function bidValues(a: Locked) {
  const at = Date.now();
  const amount = a.current_price_fen + a.increment_fen;
  const seq = a.bid_count + 1;
  const code = a.q_bid_code!;
  const answer = JSON.stringify({ code: 200, success: true, msg: '操作成功', data: { activityId: a.id, seq, bidCode: code, amount: amount / 100, time: at, endTime: a.end_at, extended: false } });
  const content =
    a.leader_user_id === null
      ? null
      : `「${a.project_name ?? a.activity_code}」竞价中，竞买号 ${code} 以 ${formatFenAsYuan(amount, { suffix: ' 元' })}出价领先，您已出局。如需继续竞价，请及时进入竞价室出价。`;
  const hash = createHash('sha256').update(`${a.id}|ongoing|${amount}`).digest('hex');
  // The bid's hash chain link (domain/rules/bidChain.ts), as the engine computes it.
  const prevHash = a.b_prev_hash ?? GENESIS_HASH;
  const chainHash = bidChainHash({ activityId: a.id, seq, bidCode: code, amountFen: amount, serverTime: at, prevHash });
  return { at, amount, seq, code, answer, content, hash, prevHash, chainHash, link: `/quoteHall?activityId=${a.id}`, detail: `seq=${seq} amount_fen=${amount}` };
}

interface Runner {
  /** One bid: the engine's statements in its order, in one transaction. */
  bid(ask: BidAsk): Promise<string>;
  close(): Promise<void>;
}

function sqliteRunner(file: string): Runner {
  const db = new SQLite(file);
  // The server's pragmas (server/db/connection.ts): WAL, synchronous=FULL.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const cache = new Map<Statement, SQLite.Statement>();
  const prepared = (s: Statement) => cache.get(s) ?? cache.set(s, db.prepare(s.text)).get(s)!;
  const st = SQLITE_BID_STATEMENTS;
  const tx = db.transaction((ask: BidAsk): string => {
    const a = prepared(st.lock).get(...lockParams(ask)) as Locked;
    const v = bidValues(a);
    prepared(st.request).run(ask.userId, ask.key, a.id, v.hash, 200, v.answer, v.at);
    prepared(st.bid).run(a.id, v.seq, ask.userId, v.code, v.amount, v.at, ask.key, v.prevHash, v.chainHash, 0);
    prepared(st.activity).run(v.amount, Math.max(a.max_price_fen, v.amount), v.seq, ask.userId, v.code, v.at, a.end_at, a.extension_count, v.at, a.id);
    if (a.leader_user_id !== null) prepared(st.message).run(a.leader_user_id, '您的出价已被超越', v.content, v.link, v.at);
    prepared(st.audit).run(Date.now(), ask.userId, '127.0.0.1', 'bid.place', `activity:${a.id}`, 'success', v.detail);
    return v.answer;
  });
  return {
    bid: async (ask) => tx.immediate(ask),
    close: async () => {
      db.close();
    },
  };
}

function postgresRunner(url: string): Runner {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pg.types.setTypeParser(20, (value) => Number(value));
  const run = async <T>(client: pg.PoolClient, s: Statement, values: unknown[]) => (await client.query({ name: s.name, text: s.text, values })).rows[0] as T | undefined;
  const st = POSTGRES_BID_STATEMENTS;
  return {
    async bid(ask) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const a = (await run<Locked>(client, st.lock, lockParams(ask)))!;
        const v = bidValues(a);
        await run(client, st.accepted, [
          ask.userId,
          ask.key,
          a.id,
          v.hash,
          v.answer,
          v.at,
          v.seq,
          v.code,
          v.amount,
          v.amount,
          Math.max(a.max_price_fen, v.amount),
          ask.userId,
          v.code,
          a.end_at,
          a.extension_count,
          a.leader_user_id,
          '您的出价已被超越',
          v.content,
          v.link,
          Date.now(),
          '127.0.0.1',
          `activity:${a.id}`,
          v.detail,
          CHANNEL,
          String(a.id),
          v.prevHash,
          v.chainHash,
          0,
        ]);
        await client.query('commit');
        return v.answer;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const runner = databaseUrl ? postgresRunner(databaseUrl) : sqliteRunner(sqliteFile!);

const server = http.createServer((req, res) => {
  const q = new URL(req.url ?? '/', 'http://bare').searchParams;
  req.resume();
  runner
    .bid({ activityId: Number(q.get('lot')), userId: Number(q.get('user')), sessionId: q.get('session') ?? '', key: q.get('key') ?? '' })
    .then(
      (answer) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(answer);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      },
    );
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log('ready'));
const stop = () => server.close(() => void runner.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
