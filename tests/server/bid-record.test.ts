/**
 * The public bid record (docs/bidding.md "The bid record") against the real database (SQLite; PostgreSQL
 * when TEST_DATABASE_URL is set), in all eight modes: every accepted bid is chained and its receipt
 * verifies (a sealed offer's receipt signs the hash only, and the amount revealed in the record after the
 * end is the one it committed to); once ended, the head is stamped (RFC 3161) by the installation's TSA —
 * the token verifies against the TSA certificate and the head — by a leased, idempotent job; the signed
 * PDF; the HTTP client of a real TSA, against our own TSA served over HTTP; and `bidlog verify` finding
 * each kind of tampering done by hand, including those only the timestamp can catch (a chain rewritten
 * consistently, a last bid removed with the count).
 */
import { createServer, type Server } from 'node:http';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIDDING_MODES, type BiddingMode } from '#domain/contract/hall';
import { BID_RECORD_PATH, BID_RECORD_PDF_PATH } from '#domain/contract/bidReceipt';
import { bidChainHash, GENESIS_HASH, headSigningText } from '#domain/rules/bidChain';
import { dutchEndAt } from '#domain/rules/bidModes';
import type { ActivitySettings } from '#domain/contract/bidModes';
import type { EngineDeps } from '../../server/bidding/engine.ts';
import { verifyReceipt, verifyRecordHead } from '../../server/bidding/receipts.ts';
import { bidRecordBlocks } from '../../server/bidding/recordPdf.ts';
import { createBidStampJob, headImprint, stampActivity } from '../../server/bidding/stamps.ts';
import {
  answerTimeStampRequest,
  checkTimeStampToken,
  createTimeStampToken,
  createTsa,
  httpTimeStamper,
  loadTsa,
  localTimeStamper,
  OID,
  parseTimeStampRequest,
  timeStampRequest,
  tokenOfResponse,
  type Tsa,
} from '../../server/bidding/timestamp.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { BusinessError } from '../../server/lib/envelope.ts';
import { bidlogCommands } from '../../server/ops/commands/bidlog.ts';
import type { OpsContext } from '../../server/ops/commands/shared.ts';
import { createRoot } from '../../server/services/esign/ca.ts';
import { bidAt, createActivity, demoBidderIds, joinAt, liveSpec, modelDutchPrice, type ActivitySpec } from './bidding-fixtures.ts';
import { createTestApp, DIALECT, NOW, type Json, type TestApp } from './helpers.ts';

let t: TestApp;
let engine: EngineDeps;
const clock = { now: NOW + 3_600_000 };
let users: number[] = [];
const db = () => t.handle.db;

/** Every mode, in the spec's order (domain/contract/hall.ts). */
const MODES = BIDDING_MODES;
type Mode = BiddingMode;
const INC = 10_000;
const START = 1_000_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
  engine = t.app.live.engine;
  users = await demoBidderIds(db());
}, 120_000);

afterAll(async () => t?.close());

/** A live activity of `mode` starting now, with each mode's phases. */
function specOf(mode: Mode, at: number): ActivitySpec {
  const settings: ActivitySettings = {};
  let endAt = at + 10 * 60_000;
  let capFen: number | null = null;
  if (mode === 'phased') {
    settings.phased = { freeEndAt: at + 120_000, cycleMs: 60_000 };
    endAt = settings.phased.freeEndAt + settings.phased.cycleMs;
  }
  if (mode === 'final') {
    capFen = START + 3 * INC;
    settings.final = { windowMs: 60_000 };
  }
  if (mode === 'dutch-auction' || mode === 'v-shaped') {
    settings.dutch = { decrementFen: INC, intervalMs: 10_000, floorFen: START - 10 * INC };
    endAt = dutchEndAt(settings.dutch, START, at);
    if (mode === 'v-shaped') settings.vShaped = { ascendingMs: 60_000 };
  }
  if (mode === 'two-stage') {
    settings.twoStage = { stage1EndAt: at + 60_000, joinWindowMs: 30_000, cycleMs: 60_000 };
    endAt = settings.twoStage.stage1EndAt;
  }
  return liveSpec(mode, at, users, { startAt: at, endAt, startFen: START, incrementFen: INC, capFen, settings });
}

interface Accepted {
  seq: number;
  userId: number;
  amountFen: number;
  at: number;
  receipt: Json;
  /** What the test expects: whatever the mode's public view hides when the bid is made. */
  sealed: boolean;
}

const activityRow = (id: number) => db().selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Tries the amounts in order until the engine takes one; null when it takes none. */
async function tryBid(mode: Mode, id: number, userId: number, at: number, amounts: number[]): Promise<{ amountFen: number; data: Json } | null> {
  for (const amountFen of amounts) {
    const r = await bidAt(engine, { userId, mode, activityId: id, amountFen, at });
    if (r.status === 200) return { amountFen, data: (r.body as Json).data };
  }
  return null;
}

/** Drives one activity of `mode` through its phases with bids of the four demo bidders; returns what was accepted. */
async function runMode(mode: Mode): Promise<{ id: number; spec: ActivitySpec; accepted: Accepted[] }> {
  const s0 = clock.now;
  const spec = specOf(mode, s0);
  const id = await createActivity(db(), spec);
  const accepted: Accepted[] = [];
  let capReached = false;
  const take = async (userId: number, at: number, amounts: number[], sealed: boolean) => {
    clock.now = at;
    const got = await tryBid(mode, id, userId, at, amounts);
    if (!got) return;
    accepted.push({ seq: got.data.receipt.signed.seq, userId, amountFen: got.amountFen, at, receipt: got.data.receipt, sealed });
    if (spec.capFen != null && got.amountFen >= spec.capFen) capReached = true;
  };
  const next = async () => {
    const a = await activityRow(id);
    return Number(a.bid_count) === 0 ? [START, START + INC] : [Number(a.current_price_fen) + INC, Number(a.max_price_fen) + INC];
  };
  if (mode === 'ongoing' || mode === 'phased') {
    for (const [i, u] of [0, 1, 0, 2].entries()) await take(users[u]!, s0 + 1_000 * (i + 1), await next(), false);
    // phased: the timed period too.
    if (mode === 'phased') await take(users[3]!, s0 + 125_000, await next(), false);
  } else if (mode === 'onceOff') {
    for (const [i, u] of users.entries()) await take(u, s0 + 1_000 * (i + 1), [START + i * INC], true);
  } else if (mode === 'dutch-auction') {
    const at = s0 + 25_000;
    await take(users[1]!, at, [modelDutchPrice(spec, at)], false);
  } else if (mode === 'v-shaped') {
    const at = s0 + 25_000;
    await take(users[1]!, at, [modelDutchPrice(spec, at)], false);
    for (const [i, u] of [2, 1, 3].entries()) await take(users[u]!, at + 1_000 * (i + 1), await next(), false);
  } else if (mode === 'first-come-first-served') {
    await take(users[2]!, s0 + 2_000, [START], false);
  } else if (mode === 'final') {
    const cap = spec.capFen!;
    for (const [i, u] of users.entries()) await take(u, s0 + 1_000 * (i + 1), capReached ? [cap, cap + INC, cap + 2 * INC] : [START + i * INC], capReached);
    // After the cap: the sealed offers of those at the cap.
    for (const [i, u] of users.entries()) await take(u, s0 + 10_000 + 1_000 * i, [cap + INC, cap + 2 * INC, cap], capReached);
  } else if (mode === 'two-stage') {
    const ts = spec.settings!.twoStage!;
    for (const [i, u] of users.slice(0, 3).entries()) await take(u, s0 + 1_000 * (i + 1), [START + i * INC], true);
    clock.now = ts.stage1EndAt + 1_000;
    await t.app.live.sweep();
    for (const u of users.slice(0, 3)) expect((await joinAt(engine, { userId: u, activityId: id, at: ts.stage1EndAt + 2_000 })).status).toBe(200);
    const stage2 = ts.stage1EndAt + ts.joinWindowMs + 1_000;
    clock.now = stage2;
    await t.app.live.sweep();
    for (const [i, u] of [0, 1].entries()) await take(users[u]!, stage2 + 1_000 * i, await next(), false);
  }
  return { id, spec, accepted };
}

/** Ends the activity through the sweep (the clock past its end, as often as its phases need). */
async function endActivity(id: number) {
  for (let i = 0; i < 6; i++) {
    const a = await activityRow(id);
    if (a.status === 'ended') return a;
    clock.now = Math.max(clock.now, Number(a.end_at)) + 40_000;
    await t.app.live.sweep();
  }
  return activityRow(id);
}

async function chainRows(activityId: number) {
  return db().selectFrom('bid').select(['seq', 'bid_code', 'amount_fen', 'placed_at', 'prev_hash', 'hash', 'sealed']).where('activity_id', '=', activityId).orderBy('seq').execute();
}

async function record(activityId: number) {
  const { res, body } = await t.get(`/api${BID_RECORD_PATH}`, { activityId });
  return { status: res.statusCode, body: body as Json };
}

async function verify(activityId?: number) {
  const lines: string[] = [];
  const ctx: OpsContext = { db: db(), config: {} as OpsContext['config'], print: (l) => lines.push(l), now: () => clock.now, reviewer: 'ops:test', notifyChannel: null };
  let error: unknown = null;
  try {
    await bidlogCommands.run(ctx, 'bidlog', activityId === undefined ? ['verify'] : ['verify', String(activityId)]);
  } catch (e) {
    error = e;
  }
  return { lines, error, text: lines.join('\n') };
}

const ended = new Map<Mode, { id: number; accepted: Accepted[] }>();

describe('the chain and receipts in every mode', () => {
  it.each(MODES)('%s: every accepted bid is chained and its receipt verifies; sealed offers sign only the hash', async (mode) => {
    const { id, accepted } = await runMode(mode);
    const minimum = mode === 'dutch-auction' || mode === 'first-come-first-served' ? 1 : 3;
    expect(accepted.length, `${mode}: bids accepted`).toBeGreaterThanOrEqual(minimum);
    if (mode === 'onceOff' || mode === 'two-stage' || mode === 'final') expect(accepted.some((b) => b.sealed), `${mode}: a sealed offer`).toBe(true);
    if (mode === 'two-stage' || mode === 'final' || mode === 'ongoing') expect(accepted.some((b) => !b.sealed), `${mode}: an open bid`).toBe(true);
    const rows = await chainRows(id);
    expect(rows.map((r) => Number(r.seq))).toEqual(accepted.map((_, i) => i + 1));
    let prev = GENESIS_HASH;
    for (const [i, r] of rows.entries()) {
      const b = accepted[i]!;
      expect(r.prev_hash).toBe(prev);
      expect(r.hash).toBe(bidChainHash({ activityId: id, seq: i + 1, bidCode: r.bid_code, amountFen: Number(r.amount_fen), serverTime: Number(r.placed_at), prevHash: prev }));
      expect(Number(r.sealed), `${mode} seq ${i + 1} sealed`).toBe(b.sealed ? 1 : 0);
      const { signed } = b.receipt;
      expect(signed).toEqual({ activityId: id, seq: i + 1, bidCode: r.bid_code, amount: b.sealed ? null : Number(r.amount_fen) / 100, serverTime: Number(r.placed_at), hash: r.hash, prevHash: b.sealed ? null : r.prev_hash, sealed: b.sealed });
      expect(verifyReceipt(engine.receipts!.publicKey, b.receipt)).toBe(true);
      prev = r.hash!;
    }
    const a = await endActivity(id);
    expect(a.status).toBe('ended');
    ended.set(mode, { id, accepted });
  });
});

describe('the record, its timestamp and the commit–reveal of sealed offers', () => {
  it('the record has no timestamp until the job stamps it; the job stamps every ended activity once', async () => {
    const first = ended.get('ongoing')!;
    const before = await record(first.id);
    expect(before.status).toBe(200);
    expect(before.body.data.timestamp).toBeNull();

    const stamped = await t.app.bidStamps.runOnce();
    expect(stamped).toBeGreaterThanOrEqual(MODES.length);
    const endedCount = Number((await db().selectFrom('bid_activity').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'ended').executeTakeFirstOrThrow()).n);
    const stampCount = async () => Number((await db().selectFrom('bid_record_stamp').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await stampCount()).toBe(endedCount);
    // Idempotent: again, and a second process's job at the same time, change nothing.
    const other = createBidStampJob({ db: db(), now: () => clock.now, stamper: localTimeStamper(db(), () => clock.now), timers: false });
    const [again, theirs] = await Promise.all([t.app.bidStamps.runOnce(), other.runOnce()]);
    expect([again, theirs].filter((n) => n === null)).toHaveLength(1);
    expect([again, theirs].find((n) => n !== null)).toBe(0);
    expect(await stampCount()).toBe(endedCount);
    // A stamp already there is not replaced by a second call.
    expect(await stampActivity(db(), localTimeStamper(db(), () => clock.now), first.id, clock.now)).toBe(false);
    await other.stop();
  });

  it.each(MODES)('%s: the record verifies, the token verifies against the TSA certificate and the head, sealed offers are revealed as committed', async (mode) => {
    const { id, accepted } = ended.get(mode)!;
    const { status, body } = await record(id);
    expect(status).toBe(200);
    const data = body.data;
    expect(verifyRecordHead(data)).toBe(true);
    expect(data.head).toEqual({ seq: accepted.length, hash: accepted.at(-1)!.receipt.signed.hash });
    // Commit–reveal: each receipt given before the end matches the bid revealed in the record after it.
    for (const b of accepted) {
      const shown = data.bids[b.seq - 1];
      expect(shown.hash).toBe(b.receipt.signed.hash);
      if (!b.sealed) expect(shown.amountFen).toBe(Math.round(b.receipt.signed.amount * 100));
      expect(bidChainHash({ activityId: id, seq: b.seq, bidCode: shown.bidCode, amountFen: shown.amountFen, serverTime: b.receipt.signed.serverTime, prevHash: shown.prevHash })).toBe(b.receipt.signed.hash);
      // A sealed receipt leaves out the previous hash (it commits to another sealed offer); an open one carries the record's.
      expect(b.receipt.signed.prevHash).toBe(b.sealed ? null : shown.prevHash);
      if (b.sealed) expect(shown.amountFen, `${mode}: the sealed offer's amount revealed`).toBe(b.amountFen);
    }
    const ts = data.timestamp;
    expect(ts).toMatchObject({ hashAlgorithm: 'SHA-256', tsa: '河北产权交易所时间戳服务' });
    const imprint = createHash('sha256').update(headSigningText({ activityId: id, ...data.head }), 'utf8').digest('hex');
    expect(ts.imprint).toBe(imprint);
    const certificate = Buffer.from(ts.certificate, 'base64');
    const check = checkTimeStampToken(Buffer.from(ts.token, 'base64'), certificate);
    expect(check).toMatchObject({ valid: true, problem: null, imprint, hashAlgorithm: OID.sha256, genTime: ts.genTime, tsa: ts.tsa });
    expect(ts.genTime).toBeGreaterThanOrEqual(data.endTime);
    // Another head, or another certificate, does not verify.
    expect(checkTimeStampToken(Buffer.from(ts.token, 'base64')).imprint).not.toBe(headImprint({ activityId: id, seq: data.head.seq - 1, hash: data.head.hash }).toString('hex'));
    const stranger = createTsa(createRoot(NOW), NOW);
    expect(checkTimeStampToken(Buffer.from(ts.token, 'base64'), stranger.certDer)).toMatchObject({ valid: false, problem: '时间戳令牌的签名与时间戳服务证书不符' });
  });

  it('the TSA certificate is for time-stamping only (critical EKU) and issued by the installation’s e-sign CA', async () => {
    const tsa = await loadTsa(db(), clock.now);
    const x = new X509Certificate(tsa.certDer);
    expect(x.keyUsage).toEqual([OID.timeStamping]);
    const root = await db().selectFrom('esign_ca').select('cert_pem').where('name', '=', 'root').executeTakeFirstOrThrow();
    const rootX = new X509Certificate(root.cert_pem);
    expect(x.checkIssued(rootX)).toBe(true);
    expect(x.verify(rootX.publicKey)).toBe(true);
    // The EKU extension is critical (RFC 3161 2.3).
    const der = x.raw.toString('hex');
    expect(der).toContain('0603551d250101ff'); // extKeyUsage OID, BOOLEAN TRUE
    // The same TSA in every process: loaded again, the same key and certificate.
    expect((await loadTsa(db(), clock.now + 1)).certPem).toBe(tsa.certPem);
  });

  it('a token is refused when its TSTInfo, signature or certificate binding is changed', () => {
    const tsa = createTsa(createRoot(NOW), NOW);
    const imprint = createHash('sha256').update('head').digest();
    const token = createTimeStampToken(tsa, imprint, NOW + 123);
    expect(checkTimeStampToken(token)).toMatchObject({ valid: true, genTime: NOW + 123, imprint: imprint.toString('hex') });
    const changedImprint = Buffer.from(token);
    flip(changedImprint, changedImprint.indexOf(imprint));
    expect(checkTimeStampToken(changedImprint).problem).toBe('时间戳令牌的内容与其签名摘要不符（TSTInfo 被改动）');
    const changedSignature = Buffer.from(token);
    flip(changedSignature, changedSignature.length - 5);
    expect(checkTimeStampToken(changedSignature).problem).toBe('时间戳令牌的签名与时间戳服务证书不符');
    // The TSA's answers: a token with the request's nonce; a request it cannot read refused.
    const answered = tokenOfResponse(answerTimeStampRequest(tsa, timeStampRequest(imprint, Buffer.from('7f01', 'hex')), NOW));
    expect(checkTimeStampToken(answered)).toMatchObject({ valid: true, nonce: '7f01' });
    expect(() => tokenOfResponse(answerTimeStampRequest(tsa, Buffer.from('nonsense'), NOW))).toThrow('时间戳服务拒绝了请求（状态 2：badDataFormat）');
  });
});

describe('the signed PDF', () => {
  it('is refused before the end and for an unknown activity', async () => {
    const live = await createActivity(db(), liveSpec('ongoing', clock.now, users));
    const early = await t.app.inject({ method: 'GET', url: `/api${BID_RECORD_PDF_PATH}`, query: { activityId: String(live) } });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('竞价尚未结束，出价记录在竞价结束后公开');
    expect((await t.app.inject({ method: 'GET', url: `/api${BID_RECORD_PDF_PATH}`, query: { activityId: '99999999' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api${BID_RECORD_PDF_PATH}`, query: { activityId: 'x' } })).statusCode).toBe(400);
  });

  it('after the end: a PDF the exchange signed, made once and served as is', async () => {
    const { id } = ended.get('two-stage')!;
    const first = await t.app.inject({ method: 'GET', url: `/api${BID_RECORD_PDF_PATH}`, query: { activityId: String(id) } });
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toContain(encodeURIComponent('电子竞价记录-'));
    const pdf = first.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const checked = await t.app.esign.signing.verify(new Uint8Array(pdf));
    expect(checked.valid, checked.problem).toBe(true);
    expect(checked.signatures.map((s) => s.name)).toEqual(['河北产权交易所']);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe('电子竞价记录');
    clock.now += 60_000;
    const second = await t.app.inject({ method: 'GET', url: `/api${BID_RECORD_PDF_PATH}`, query: { activityId: String(id) } });
    expect(second.rawPayload.equals(pdf)).toBe(true);
  });

  it('says what the record says: the lot, the mode, every bid to the millisecond, the head and the timestamp', async () => {
    const { id } = ended.get('two-stage')!;
    const data = (await record(id)).body.data;
    const blocks = bidRecordBlocks(data, { name: '某某股权', code: 'HB-2026-001', startAt: NOW, winnerBidCode: 'A01', finalFen: 1_234_567 });
    const text = JSON.stringify(blocks);
    for (const needle of ['某某股权', 'HB-2026-001', '先一次报价后多次报价', '成交：竞买号 A01，成交价 12,345.67元', data.head.hash, data.timestamp.imprint, '河北产权交易所时间戳服务', '#/verify']) expect(text).toContain(needle);
    const table = blocks.find((b) => b.kind === 'table');
    expect(table && table.kind === 'table' && table.rows.length).toBe(data.bids.length);
    if (table?.kind === 'table') {
      const b = data.bids[0];
      expect(table.rows[0]).toEqual(['1', b.bidCode, (b.amountFen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }), expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/), b.hash.slice(0, 16)]);
    }
  });
});

describe('a real TSA over HTTP (PORTAL_TSA_URL)', () => {
  let server: Server;
  let url = '';
  let tsa: Tsa;
  /** How the served TSA misbehaves: not at all, refuses, or stamps another digest. */
  let behaviour: 'ok' | 'reject' | 'other' = 'ok';

  beforeAll(async () => {
    tsa = createTsa(createRoot(NOW), NOW, '测试时间戳服务');
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method !== 'POST' || req.headers['content-type'] !== 'application/timestamp-query') {
          res.writeHead(415).end();
          return;
        }
        let body: Buffer = Buffer.concat(chunks);
        if (behaviour === 'other') {
          const parsed = parseTimeStampRequest(body);
          body = timeStampRequest(createHash('sha256').update('another').digest(), parsed.nonce!);
        }
        const answer = behaviour === 'reject' ? Buffer.from('3009300702010230020c00', 'hex') : answerTimeStampRequest(tsa, body, clock.now);
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/tsa`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('stamps through the client: our digest, our nonce, the TSA’s certificate in the token', async () => {
    behaviour = 'ok';
    const imprint = createHash('sha256').update('x').digest();
    const token = await httpTimeStamper(url).stamp(imprint);
    const check = checkTimeStampToken(token);
    expect(check).toMatchObject({ valid: true, imprint: imprint.toString('hex'), tsa: '测试时间戳服务' });
    expect(check.nonce).not.toBeNull();
    expect(check.certificate.equals(tsa.certDer)).toBe(true);
  });

  it('the job stores a stamp of a real TSA with its URL; refusals and a wrong digest store nothing', async () => {
    const id = await createActivity(db(), liveSpec('ongoing', clock.now, users, { startAt: clock.now, endAt: clock.now + 60_000 }));
    await bidAt(engine, { userId: users[0]!, mode: 'ongoing', activityId: id, amountFen: 1_000_000, at: clock.now + 1_000 });
    await endActivity(id);
    behaviour = 'reject';
    await expect(stampActivity(db(), httpTimeStamper(url), id, clock.now)).rejects.toThrow(/时间戳服务拒绝了请求（状态 2/);
    behaviour = 'other';
    await expect(stampActivity(db(), httpTimeStamper(url), id, clock.now)).rejects.toThrow('的令牌盖的不是所请求的摘要');
    await expect(stampActivity(db(), httpTimeStamper(url, 2_000, async () => new Response('', { status: 503 })), id, clock.now)).rejects.toThrow('应答 HTTP 503');
    expect(await db().selectFrom('bid_record_stamp').select('activity_id').where('activity_id', '=', id).executeTakeFirst()).toBeUndefined();
    behaviour = 'ok';
    expect(await stampActivity(db(), httpTimeStamper(url), id, clock.now)).toBe(true);
    const stamp = await db().selectFrom('bid_record_stamp').selectAll().where('activity_id', '=', id).executeTakeFirstOrThrow();
    expect(stamp.source).toBe(url);
    expect(stamp.tsa).toBe('测试时间戳服务');
    expect((await record(id)).body.data.timestamp.tsa).toBe('测试时间戳服务');
    // bidlog checks it against its own certificate (a real TSA's, not the installation's CA).
    const one = await verify(id);
    expect(one.error, one.text).toBeNull();
    expect(one.text).toMatch(/时间戳 .*（测试时间戳服务）核验通过/);
  });

  it('PORTAL_TSA_URL must be an http(s) URL', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tsa-config-'));
    try {
      const base = { PORTAL_DATA_DIR: dir, NODE_ENV: 'test' };
      expect(loadConfig({ ...base, PORTAL_TSA_URL: 'https://tsa.example.cn/tsr' }).tsaUrl).toBe('https://tsa.example.cn/tsr');
      expect(loadConfig(base).tsaUrl).toBeUndefined();
      expect(() => loadConfig({ ...base, PORTAL_TSA_URL: 'ftp://tsa.example.cn' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, PORTAL_TSA_URL: 'tsa' })).toThrow(/PORTAL_TSA_URL: 须为时间戳服务（RFC 3161）的 http:\/\/ 或 https:\/\/ 地址/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Flips one bit of `bytes` at `at` (a byte of the DER changed by hand). */
function flip(bytes: Buffer, at: number) {
  bytes.writeUInt8(bytes.readUInt8(at) ^ 1, at);
}

/** The bid table's append-only triggers off, as someone with database access would do to tamper. */
async function liftAppendOnly() {
  if (DIALECT === 'postgres') await sql`alter table bid disable trigger bid_no_change`.execute(db() as Kysely<unknown>);
  else {
    await sql`drop trigger if exists bid_no_update`.execute(db() as Kysely<unknown>);
    await sql`drop trigger if exists bid_no_delete`.execute(db() as Kysely<unknown>);
  }
}

/** Rewrites an activity's whole chain from its (changed) fields, as a forger who recomputes every hash would. */
async function rechain(activityId: number) {
  let prev = GENESIS_HASH;
  for (const r of await chainRows(activityId)) {
    const hash = bidChainHash({ activityId, seq: Number(r.seq), bidCode: r.bid_code, amountFen: Number(r.amount_fen), serverTime: Number(r.placed_at), prevHash: prev });
    await db().updateTable('bid').set({ prev_hash: prev, hash }).where('activity_id', '=', activityId).where('seq', '=', r.seq).execute();
    prev = hash;
  }
  return prev;
}

describe('bidlog verify with the timestamps', () => {
  it('passes with every stamp checked', async () => {
    const clean = await verify();
    expect(clean.error, clean.text).toBeNull();
    expect(clean.text).toMatch(/出价记录校验通过：\d+ 个竞价活动、\d+ 笔出价，哈希链完整；\d+ 个时间戳核验通过/);
    const one = await verify(ended.get('ongoing')!.id);
    expect(one.text).toMatch(/哈希链完整，链头 [0-9a-f]{64}；时间戳 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d（河北产权交易所时间戳服务）核验通过/);
  });

  it('finds what only the stamp shows (a consistent rewrite, a last bid removed with the count), a changed token, a forged TSA, and a sealed offer changed after it was opened', async () => {
    const id = (m: Mode) => ended.get(m)!.id;
    await liftAppendOnly();
    // 1. The last bid removed and the count lowered: the chain is whole, the head is not the one stamped.
    const truncated = id('ongoing');
    const last = ended.get('ongoing')!.accepted.length;
    await db().deleteFrom('bid').where('activity_id', '=', truncated).where('seq', '=', last).execute();
    await db().updateTable('bid_activity').set({ bid_count: last - 1 }).where('id', '=', truncated).execute();
    // 2. An amount changed and every hash recomputed: a consistent chain, and not the one stamped.
    const rewritten = id('phased');
    await db().updateTable('bid').set((eb) => ({ amount_fen: eb('amount_fen', '-', 100) })).where('activity_id', '=', rewritten).where('seq', '=', 1).execute();
    await rechain(rewritten);
    // 3. The stored token changed (one byte of its TSTInfo).
    const badToken = id('v-shaped');
    const stamp = await db().selectFrom('bid_record_stamp').selectAll().where('activity_id', '=', badToken).executeTakeFirstOrThrow();
    const token = Buffer.from(stamp.token, 'base64');
    flip(token, token.indexOf(Buffer.from(stamp.imprint, 'hex')));
    await db().updateTable('bid_record_stamp').set({ token: token.toString('base64') }).where('activity_id', '=', badToken).execute();
    // 4. A full forgery: the chain rewritten and a new stamp of it by a TSA of the forger's own.
    const forged = id('onceOff');
    await db().updateTable('bid').set((eb) => ({ amount_fen: eb('amount_fen', '+', 10_000) })).where('activity_id', '=', forged).where('seq', '=', 2).execute();
    const head = await rechain(forged);
    const own = createTsa(createRoot(NOW, '伪造认证中心'), NOW, '河北产权交易所时间戳服务');
    const imprint = headImprint({ activityId: forged, seq: ended.get('onceOff')!.accepted.length, hash: head });
    const forgedToken = createTimeStampToken(own, imprint, clock.now);
    await db()
      .updateTable('bid_record_stamp')
      .set({ head_hash: head, imprint: imprint.toString('hex'), token: forgedToken.toString('base64'), certificate: own.certDer.toString('base64'), gen_time: checkTimeStampToken(forgedToken).genTime })
      .where('activity_id', '=', forged)
      .execute();
    // 5. A sealed offer's amount changed after the opening: the receipt's commitment no longer holds.
    const sealed = id('two-stage');
    const offer = ended.get('two-stage')!.accepted.find((b) => b.sealed)!;
    await db().updateTable('bid').set({ amount_fen: offer.amountFen + 20_000 }).where('activity_id', '=', sealed).where('seq', '=', offer.seq).execute();

    const result = await verify();
    expect(result.error).toBeInstanceOf(BusinessError);
    expect((result.error as Error).message).toMatch(/出价记录校验未通过：5 个竞价活动的哈希链或时间戳有问题/);
    const linesOf = (activityId: number) => result.lines.filter((l) => l.startsWith(`竞价活动 #${activityId}（`));
    const stampLine = /时间戳：时间戳所盖的链头（第 \d+ 笔，[0-9a-f]{12}…）与由出价重算的链头（第 \d+ 笔，[0-9a-f]{12}…）不符：盖时间戳后出价被改动、删除、插入或调换/;
    // Only the stamp shows these two.
    expect(linesOf(truncated)).toHaveLength(1);
    expect(linesOf(truncated)[0]).toMatch(stampLine);
    expect(linesOf(truncated)[0]).toContain(`（第 ${last} 笔，`);
    expect(linesOf(rewritten)).toHaveLength(1);
    expect(linesOf(rewritten)[0]).toMatch(stampLine);
    expect(linesOf(badToken).join('\n')).toContain('时间戳：时间戳令牌无效：时间戳令牌的内容与其签名摘要不符（TSTInfo 被改动）');
    expect(linesOf(forged).join('\n')).toContain('时间戳：时间戳的证书不是本机构电子签章认证中心签发的时间戳服务证书');
    expect(linesOf(sealed).join('\n')).toContain(`第 ${offer.seq} 笔：第 ${offer.seq} 笔出价的内容（金额、竞买号或时间）与其哈希不符（被修改）`);
    expect(linesOf(sealed).join('\n')).toMatch(stampLine);
    // The bidders' receipts give the rewrite away too: their hashes are no longer in the record.
    const phasedRecord = (await record(rewritten)).body.data;
    expect(phasedRecord.bids[0].hash).not.toBe(ended.get('phased')!.accepted[0]!.receipt.signed.hash);
    const revealed = (await record(sealed)).body.data.bids[offer.seq - 1];
    expect(bidChainHash({ activityId: sealed, seq: offer.seq, bidCode: revealed.bidCode, amountFen: revealed.amountFen, serverTime: revealed.serverTime, prevHash: revealed.prevHash })).not.toBe(offer.receipt.signed.hash);
  });
});
