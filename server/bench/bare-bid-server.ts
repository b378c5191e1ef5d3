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
 * 代理出价 (`bench:bids --proxies`): when the lock sees an active ceiling (x_proxy) of another bidder, the
 * engine reads the ceilings and, in the same transaction, writes the ceiling's answering bid — idempotency
 * record, bid (proxy = 1), activity, the displaced bidder's message, audit line — and tells the displaced
 * ceiling owner nothing (his ceiling answered). The baseline does the same, by hand: a request that makes two
 * bids is compared with a bare transaction that writes the same two.
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

/** One bid to write: who, at what amount, after which bid (the lock's row, or the bid before it in this transaction). */
interface BidToWrite {
  userId: number;
  code: string;
  key: string;
  /** The price before this bid, the bid count before it, the previous bid's hash and the leader it displaces. */
  priceFen: number;
  count: number;
  prevHash: string;
  displaced: number | null;
  /** The displaced leader's ceiling answers at once: he is told nothing (the engine's 'silent' notice). */
  silent: boolean;
  proxyId?: number;
}

/** What the engine computes per bid besides the statements: the outbid text, the answer, the request hash, the chain link. */
function bidValues(a: Locked, w: BidToWrite) {
  const at = Date.now();
  const amount = w.priceFen + a.increment_fen;
  const seq = w.count + 1;
  const answer = JSON.stringify({ code: 200, success: true, msg: '操作成功', data: { activityId: a.id, seq, bidCode: w.code, amount: amount / 100, time: at, endTime: a.end_at, extended: false } });
  const outbid = w.displaced === null || w.silent ? null : w.displaced;
  const content =
    outbid === null
      ? null
      : `「${a.project_name ?? a.activity_code}」竞价中，竞买号 ${w.code} 以 ${formatFenAsYuan(amount, { suffix: ' 元' })}出价领先，您已出局。如需继续竞价，请及时进入竞价室出价。`;
  const hash = createHash('sha256').update(`${a.id}|ongoing|${amount}`).digest('hex');
  // The bid's hash chain link (domain/rules/bidChain.ts), as the engine computes it.
  const chainHash = bidChainHash({ activityId: a.id, seq, bidCode: w.code, amountFen: amount, serverTime: at, prevHash: w.prevHash });
  const detail = `seq=${seq} amount_fen=${amount}${w.proxyId === undefined ? '' : ` proxy=${w.proxyId}`}`;
  return { at, amount, seq, answer, outbid, content, hash, chainHash, link: `/quoteHall?activityId=${a.id}`, detail };
}

interface ProxyRow {
  id: number;
  user_id: number;
  bid_code: string;
}

/** The request's bid, from the locked row. */
const requestBid = (a: Locked, ask: BidAsk, ownCeiling: boolean): BidToWrite => ({
  userId: ask.userId,
  code: a.q_bid_code!,
  key: ask.key,
  priceFen: a.current_price_fen,
  count: a.bid_count,
  prevHash: a.b_prev_hash ?? GENESIS_HASH,
  displaced: a.leader_user_id,
  silent: ownCeiling,
});

/** The ceiling's answer to `first` (written just before it): one increment above, displacing its bidder. */
const proxyAnswer = (first: BidToWrite, v: ReturnType<typeof bidValues>, p: ProxyRow): BidToWrite => ({
  userId: Number(p.user_id),
  code: p.bid_code,
  key: `proxy:${p.id}:${v.seq + 1}`,
  priceFen: v.amount,
  count: v.seq,
  prevHash: v.chainHash,
  displaced: first.userId,
  silent: false,
  proxyId: Number(p.id),
});

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
  const write = (a: Locked, w: BidToWrite) => {
    const v = bidValues(a, w);
    prepared(st.request).run(w.userId, w.key, a.id, v.hash, 200, v.answer, v.at);
    prepared(w.proxyId === undefined ? st.bid : st.proxyBid).run(a.id, v.seq, w.userId, w.code, v.amount, v.at, w.key, w.prevHash, v.chainHash, 0);
    prepared(st.activity).run(v.amount, Math.max(a.max_price_fen, v.amount), v.seq, w.userId, w.code, v.at, a.end_at, a.extension_count, v.at, a.id);
    if (v.outbid !== null) prepared(st.message).run(v.outbid, '您的出价已被超越', v.content, v.link, v.at);
    prepared(st.audit).run(Date.now(), w.userId, w.proxyId === undefined ? '127.0.0.1' : 'proxy', 'bid.place', `activity:${a.id}`, 'success', v.detail);
    return v;
  };
  const tx = db.transaction((ask: BidAsk): string => {
    const a = prepared(st.lock).get(...lockParams(ask)) as Locked;
    const ceiling = a.x_proxy === 1 ? (prepared(st.proxies).all(a.id) as ProxyRow[]).find((p) => Number(p.user_id) !== ask.userId) : undefined;
    const first = requestBid(a, ask, ceiling !== undefined && Number(ceiling.user_id) === a.leader_user_id);
    const v = write(a, first);
    if (ceiling) write(a, proxyAnswer(first, v, ceiling));
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
  const write = async (client: pg.PoolClient, a: Locked, w: BidToWrite) => {
    const v = bidValues(a, w);
    await run(client, w.proxyId === undefined ? st.accepted : st.acceptedProxy, [
      w.userId,
      w.key,
      a.id,
      v.hash,
      v.answer,
      v.at,
      v.seq,
      w.code,
      v.amount,
      v.amount,
      Math.max(a.max_price_fen, v.amount),
      w.userId,
      w.code,
      a.end_at,
      a.extension_count,
      v.outbid,
      '您的出价已被超越',
      v.content,
      v.link,
      Date.now(),
      w.proxyId === undefined ? '127.0.0.1' : 'proxy',
      `activity:${a.id}`,
      v.detail,
      CHANNEL,
      String(a.id),
      w.prevHash,
      v.chainHash,
      0,
    ]);
    return v;
  };
  return {
    async bid(ask) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        let a = (await run<Locked>(client, st.lock, lockParams(ask)))!;
        // As the engine's lockForBid: a lock that waited for another commit reads again (statements.ts).
        if (a.x_locked !== a.x_seen) a = (await run<Locked>(client, st.lock, lockParams(ask)))!;
        const ceiling = a.x_proxy === 1 ? (await client.query<ProxyRow>({ name: st.proxies.name, text: st.proxies.text, values: [a.id] })).rows.find((p) => Number(p.user_id) !== ask.userId) : undefined;
        const first = requestBid(a, ask, ceiling !== undefined && Number(ceiling.user_id) === a.leader_user_id);
        const v = await write(client, a, first);
        if (ceiling) await write(client, a, proxyAnswer(first, v, ceiling));
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
