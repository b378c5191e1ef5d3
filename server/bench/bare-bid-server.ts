/**
 * The baseline of `npm run bench:bids`: a bare process that runs, per bid, THE SAME STATEMENTS the engine
 * (server/bidding/engine.ts) runs for an accepted ongoing bid — same lock, reads, inserts, update,
 * outbid message, idempotency record, audit line and NOTIFY, in one transaction on the same database —
 * written by hand on the raw driver (better-sqlite3 statements prepared once, pg named prepared
 * statements) with no framework: no Fastify, no token, no validation, no Kysely, no rules. The amount is
 * the locked row's price + one increment, so every bid is accepted.
 *
 * It is driven over the same loopback HTTP as our server (a bare `node:http` handler), by the same load
 * process (bid-load.ts): the transport costs the same for both, so the ratio is our own overhead.
 * Keep the statement list in step with the engine: a change there is a change here.
 *
 * Started by bids.ts: `tsx server/bench/bare-bid-server.ts` with PORT, and DATABASE_URL or SQLITE_FILE;
 * prints `ready` when it listens.
 */
import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { formatFenAsYuan } from '../../src/domain/money.ts';

const port = Number(process.env.PORT);
const databaseUrl = process.env.DATABASE_URL || undefined;
const sqliteFile = process.env.SQLITE_FILE;
/** Its own channel: nobody listens, so the server's snapshot is not woken by the baseline's bids. */
const CHANNEL = 'hbcq_bench_bare';

interface Locked {
  id: number;
  project_id: number;
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
  key: string;
}

/** The text of the outbid message and the stored answer, built as the engine builds them. */
const outbidText = (name: string, code: string, fen: number) =>
  `「${name}」竞价中，竞买号 ${code} 以 ${formatFenAsYuan(fen, { suffix: ' 元' })}出价领先，您已出局。如需继续竞价，请及时进入竞价室出价。`;
const answerOf = (a: Locked, seq: number, code: string, fen: number, at: number) =>
  JSON.stringify({ code: 200, success: true, msg: '操作成功', data: { activityId: a.id, seq, bidCode: code, amount: fen / 100, time: at, endTime: a.end_at, extended: false } });

// ------------------------------------------------------------------ the statements (the engine's, in its order)

const SQL = {
  findRequest: 'select "request_hash", "status_code", "answer" from "bid_request" where "user_id" = ? and "idempotency_key" = ?',
  user: 'select "auth_status", "is_allowed" from "app_user" where "id" = ?',
  lock: 'update "bid_activity" set "lock_version" = "lock_version" + 1 where "id" = ? returning *',
  qualification: 'select "bid_code", "pre_emptive_rank" from "bid_qualification" where "activity_id" = ? and "user_id" = ?',
  insertBid: 'insert into "bid" ("activity_id", "seq", "user_id", "bid_code", "amount_fen", "placed_at", "idempotency_key") values (?, ?, ?, ?, ?, ?, ?)',
  updateActivity:
    'update "bid_activity" set "status" = ?, "current_price_fen" = ?, "max_price_fen" = ?, "bid_count" = ?, "leader_user_id" = ?, "leader_bid_code" = ?, "last_bid_at" = ?, "end_at" = ?, "extension_count" = ?, "updated_at" = ? where "id" = ?',
  project: 'select "assets_name" from "project" where "id" = ?',
  message: 'insert into "message" ("user_id", "kind", "title", "content", "link", "created_at", "read_at") values (?, ?, ?, ?, ?, ?, ?)',
  request:
    'insert into "bid_request" ("user_id", "idempotency_key", "activity_id", "request_hash", "status_code", "answer", "created_at") values (?, ?, ?, ?, ?, ?, ?) on conflict ("user_id", "idempotency_key") do nothing',
  audit: 'insert into "audit_log" ("at", "user_id", "login_name", "ip", "action", "object", "result", "detail") values (?, ?, ?, ?, ?, ?, ?, ?)',
  notify: 'select pg_notify(?, ?)',
} as const;
type Name = keyof typeof SQL;

/** ? → $1, $2 … for PostgreSQL. */
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

const HASH = 'a'.repeat(64); // the engine stores a sha256 hex of the body; computing it is part of ours, not of the statements

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
  const st = Object.fromEntries(Object.entries(SQL).filter(([name]) => name !== 'notify').map(([name, text]) => [name, db.prepare(text)])) as Record<Exclude<Name, 'notify'>, SQLite.Statement>;
  const tx = db.transaction((ask: BidAsk): string => {
    const at = Date.now();
    const a = st.lock.get(ask.activityId) as Locked;
    st.findRequest.get(ask.userId, ask.key);
    const q = st.qualification.get(a.id, ask.userId) as { bid_code: string };
    const amount = a.current_price_fen + a.increment_fen;
    const seq = a.bid_count + 1;
    st.insertBid.run(a.id, seq, ask.userId, q.bid_code, amount, at, ask.key);
    st.updateActivity.run('live', amount, Math.max(a.max_price_fen, amount), seq, ask.userId, q.bid_code, at, a.end_at, a.extension_count, at, a.id);
    if (a.leader_user_id !== null) {
      const p = st.project.get(a.project_id) as { assets_name: string } | undefined;
      st.message.run(a.leader_user_id, 'outbid', '您的出价已被超越', outbidText(p?.assets_name ?? a.activity_code, q.bid_code, amount), `/quoteHall?activityId=${a.id}`, at, null);
    }
    const answer = answerOf(a, seq, q.bid_code, amount, at);
    st.request.run(ask.userId, ask.key, a.id, HASH, 200, answer, at);
    st.audit.run(Date.now(), ask.userId, '', '127.0.0.1', 'bid.place', `activity:${a.id}`, 'success', `seq=${seq} amount_fen=${amount}`);
    return answer;
  });
  return {
    bid: async (ask) => {
      st.findRequest.get(ask.userId, ask.key);
      st.user.get(ask.userId);
      return tx.immediate(ask);
    },
    close: async () => {
      db.close();
    },
  };
}

function postgresRunner(url: string): Runner {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pg.types.setTypeParser(20, (value) => Number(value));
  const run = async <T = Record<string, unknown>>(client: pg.PoolClient | pg.Pool, name: Name, values: unknown[]) =>
    (await client.query<T & pg.QueryResultRow>({ name: `bare_${name}`, text: numbered(SQL[name]), values })).rows[0];
  return {
    async bid(ask) {
      const client = await pool.connect();
      try {
        await run(client, 'findRequest', [ask.userId, ask.key]);
        await run(client, 'user', [ask.userId]);
        await client.query('begin');
        const at = Date.now();
        const a = (await run<Locked>(client, 'lock', [ask.activityId]))!;
        await run(client, 'findRequest', [ask.userId, ask.key]);
        const q = (await run<{ bid_code: string }>(client, 'qualification', [a.id, ask.userId]))!;
        const amount = a.current_price_fen + a.increment_fen;
        const seq = a.bid_count + 1;
        await run(client, 'insertBid', [a.id, seq, ask.userId, q.bid_code, amount, at, ask.key]);
        await run(client, 'updateActivity', ['live', amount, Math.max(a.max_price_fen, amount), seq, ask.userId, q.bid_code, at, a.end_at, a.extension_count, at, a.id]);
        if (a.leader_user_id !== null) {
          const p = await run<{ assets_name: string }>(client, 'project', [a.project_id]);
          await run(client, 'message', [a.leader_user_id, 'outbid', '您的出价已被超越', outbidText(p?.assets_name ?? a.activity_code, q.bid_code, amount), `/quoteHall?activityId=${a.id}`, at, null]);
        }
        const answer = answerOf(a, seq, q.bid_code, amount, at);
        await run(client, 'request', [ask.userId, ask.key, a.id, HASH, 200, answer, at]);
        await run(client, 'audit', [Date.now(), ask.userId, '', '127.0.0.1', 'bid.place', `activity:${a.id}`, 'success', `seq=${seq} amount_fen=${amount}`]);
        await run(client, 'notify', [CHANNEL, String(a.id)]);
        await client.query('commit');
        return answer;
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
    .bid({ activityId: Number(q.get('lot')), userId: Number(q.get('user')), key: q.get('key') ?? '' })
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
