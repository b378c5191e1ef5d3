/**
 * Crash loop for settlement payments: the real server (server/main.ts) is killed with SIGKILL
 * while deals are being paid — from the wallet (POST settle/pay-wallet) and by the bank's signed notices of
 * settlement orders (POST /dscq-pay/notify) — and restarted, a few times. Afterwards: every payment the
 * server acknowledged has its settlement posting, no deal is half paid (paid ⇔ its posting exists, with the
 * order paid for a bank payment), and the ledger check is clean.
 * SQLite in a temp data dir; PostgreSQL (a fresh database) when TEST_DATABASE_URL is set.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killTree } from '../../server/bench/process-tree.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { createClient, freePort, spawnServer, waitForServer } from '../../server/loadtest/run.ts';
import { seedLoad } from '../../server/loadtest/seed.ts';
import { loadSecrets } from '../../server/services/accounts/secrets.ts';
import { createDealOrder } from '../../server/services/money/deals.ts';
import { post } from '../../server/services/money/ledger.ts';
import { checkLedger } from '../../server/services/money/reconcile.ts';
import { SandboxBank, sandboxKey } from '../../server/services/payments/sandbox.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { buyerFeeFen } from '#domain/rules/settlement';
import { DIALECT } from './helpers.ts';
import { createProcessDatabase, type ProcessDatabase } from './process-database.ts';

const CYCLES = 4;
const DEALS_PER_USER = 40;
/** Payments acknowledged in a cycle before its kill (the payers keep going: others are in flight). */
const ACKS_BEFORE_KILL = 12;
const PRICE_FEN = 1_000_000;
let dataDir: string;
let databaseUrl: string | undefined;
let database: ProcessDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createProcessDatabase('settle-crash');
  ({ dataDir, databaseUrl } = database);
  handle = database.open();
  await prepareDatabase(handle, { seed: false, now: Date.now() });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await database?.dispose();
});

const crash = (child: ChildProcess): void => killTree(child.pid!);

interface Work {
  dealId: number;
  userIndex: number;
  /** Wallet payment, or the bank's notice of this settlement order. */
  kind: 'wallet' | 'bank';
  orderNo?: string;
  amountFen: number;
}

describe(`settlement crash loop on ${DIALECT}`, () => {
  it('loses no acknowledged settlement payment across SIGKILLs and leaves no deal half paid', async () => {
    const now = Date.now();
    const seeded = await seedLoad(handle.db, { lots: 1, bidders: 4, now, minEndMs: 3_600_000, maxEndMs: 7_200_000, dataDir, runId: `s${now.toString(36)}` });
    const project = await handle.db.selectFrom('bid_activity').select('project_id').where('id', '=', seeded.activityIds[0]!).executeTakeFirstOrThrow();
    const users = await handle.db.selectFrom('app_user').select(['id', 'login_name']).where('login_name', 'like', `loads${now.toString(36)}b%`).orderBy('login_name').execute();
    expect(users).toHaveLength(4);
    const fieldKey = (await loadSecrets(handle.db, {})).fieldKey;
    const bank = new SandboxBank(sandboxKey(fieldKey));
    const feeFen = buyerFeeFen(PRICE_FEN);

    // Each user: deals awaiting payment, half to pay from the wallet (topped up for all of them), half by the bank.
    const work: Work[] = [];
    let n = 0;
    for (const [userIndex, user] of users.entries()) {
      await post(handle.db, { key: `crash-topup:${user.id}`, kind: 'topUp', userId: user.id, ref: `crash:${user.id}`, at: now, lines: [['bank', -(PRICE_FEN + feeFen) * DEALS_PER_USER], [{ user: user.id, kind: 'available' }, (PRICE_FEN + feeFen) * DEALS_PER_USER]] });
      for (let i = 0; i < DEALS_PER_USER; i++) {
        n += 1;
        const { id } = await handle.db
          .insertInto('deal')
          .values({
            deal_code: `CJCRASH${now}${n}`,
            activity_id: null,
            project_id: project.project_id,
            user_id: user.id,
            deposit_id: null,
            bid_code: String(100000 + n),
            buyer_name: user.login_name,
            price_fen: PRICE_FEN,
            fee_fen: feeFen,
            deposit_fen: 0,
            status: 'awaitingPayment',
            pay_method: '',
            forfeit_reason: '',
            deal_at: now - 3_600_000,
            confirm_due_at: now + 86_400_000,
            confirmed_at: now - 1_800_000,
            pay_due_at: now + 5 * 86_400_000,
            paid_at: null,
            handover_at: null,
            certificate_at: null,
            payout_at: null,
            forfeited_at: null,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (i % 2 === 0) {
          work.push({ dealId: id, userIndex, kind: 'wallet', amountFen: PRICE_FEN + feeFen });
        } else {
          const order = await createDealOrder(handle.db, bank, user.id, id, now, '127.0.0.1');
          work.push({ dealId: id, userIndex, kind: 'bank', orderNo: order.orderNo, amountFen: PRICE_FEN + feeFen });
        }
      }
    }

    const acked = new Set<number>();
    const pending = [...work];
    let sent = 0;
    let kills = 0;
    for (let cycle = 0; cycle < CYCLES && pending.length > 0; cycle++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child: ChildProcess = spawnServer(port, dataDir, { DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'test', PORTAL_PAYMENT_GATEWAY: 'sandbox' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await waitForServer(base, child);
        const call = createClient(base);
        let running = true;
        // Four payers at a time, each taking the next unpaid deal; a payment is retried (idempotent) until acknowledged.
        const payer = async () => {
          while (running && pending.length > 0) {
            const w = pending.shift()!;
            sent += 1;
            try {
              if (w.kind === 'wallet') {
                const res = await call(`/api/dscq-user/settle/pay-wallet?id=${w.dealId}`, { authorization: `Bearer ${seeded.tokens[w.userIndex]}` });
                const code = res.status === 200 ? (JSON.parse(res.body) as { code: number }).code : res.status;
                if (code === 200) acked.add(w.dealId);
                // A retry of a payment the crash cut off after its commit: the deal is already paid (checked below).
                else if (code !== 409) pending.push(w);
              } else {
                const paidAt = now + w.dealId;
                const notice = bank.notificationOf({ order_no: w.orderNo!, txn_id: `SBXCRASH${w.dealId}`, amount_fen: w.amountFen, paid_at: paidAt });
                const query = new URLSearchParams(Object.entries(notice).map(([k, v]): [string, string] => [k, String(v)])).toString();
                const res = await call(`/api/dscq-pay/notify?${query}`);
                if (res.status === 200 && res.body.trim() === bank.ack) acked.add(w.dealId);
                else pending.push(w);
              }
            } catch {
              pending.push(w);
              return; // the server is gone
            }
          }
        };
        const load = Promise.all([payer(), payer(), payer(), payer()]);
        // Kill once some payments of this cycle are acknowledged, a random few milliseconds later.
        const start = acked.size;
        while (acked.size < start + ACKS_BEFORE_KILL) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 30)));
        expect(pending.length, 'payments left when the server is killed').toBeGreaterThan(0);
        crash(child);
        kills += 1;
        await exited;
        running = false;
        await load;
        await expect(fetch(`${base}/api/dscq-sync/v1/server-time`)).rejects.toThrow();
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          crash(child);
          await exited;
        }
      }
    }
    expect(kills).toBe(CYCLES);
    expect(acked.size).toBeGreaterThanOrEqual(CYCLES * ACKS_BEFORE_KILL);
    expect(sent).toBeGreaterThan(acked.size);

    const deals = await handle.db.selectFrom('deal').select(['id', 'status', 'pay_method']).where('id', 'in', work.map((w) => w.dealId)).execute();
    const entries = await handle.db.selectFrom('ledger_entry').select(['idem_key']).where('kind', '=', 'settlementPaid').execute();
    const posted = new Set(entries.map((e) => e.idem_key));
    const orders = new Map((await handle.db.selectFrom('payment_order').select(['order_no', 'status']).where('purpose', '=', 'settlement').execute()).map((o) => [o.order_no, o.status]));
    for (const w of work) {
      const deal = deals.find((d) => d.id === w.dealId)!;
      const hasPosting = posted.has(`deal:${w.dealId}:settlement`);
      if (acked.has(w.dealId)) {
        expect(hasPosting, `acknowledged ${w.kind} payment of deal ${w.dealId}`).toBe(true);
        expect(deal.status).toBe('paid');
      }
      // No half state: paid ⇔ posted (⇔ the order paid, for the bank).
      expect(deal.status === 'paid', `deal ${w.dealId}: status ${deal.status}, posting ${hasPosting}`).toBe(hasPosting);
      if (w.kind === 'bank') expect(orders.get(w.orderNo!) === 'paid', `order of deal ${w.dealId}`).toBe(hasPosting);
      if (hasPosting) expect(deal.pay_method).toBe(w.kind === 'wallet' ? 'wallet' : 'online');
    }
    const check = await checkLedger(handle.db);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  }, 300_000);
});
