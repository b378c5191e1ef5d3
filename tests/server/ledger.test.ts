/**
 * The money ledger on the real database (SQLite; PostgreSQL when TEST_DATABASE_URL is set):
 * a property test of random sequences of deposits, wallet freezes, releases, keeps, forfeits, settlements,
 * top-ups, withdrawals and replayed gateway notices against a model (books at zero, no balance below zero,
 * every balance what the model says and equal to the sum of its postings, `ledger check` clean); two
 * withdrawals racing for one balance from two database handles; one gateway notice delivered 10 times at
 * once; the migration's backfill; and the ops command.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { createMigrator } from '../../server/db/migrate.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/schema.ts';
import { BusinessError } from '../../server/lib/envelope.ts';
import { runOps } from '../../server/ops/cli.ts';
import { loadSecrets } from '../../server/services/accounts/secrets.ts';
import { confirmDeposit, forfeitDeposit, keepDeposit, releaseDeposit } from '../../server/services/enrolment/deposits.ts';
import { post, userBalances } from '../../server/services/money/ledger.ts';
import { completeWithdrawal, requestWithdrawal, settleWithDeposit, storeCard } from '../../server/services/money/movements.ts';
import { setReleasePreference } from '../../server/services/money/preferences.ts';
import { checkLedger } from '../../server/services/money/reconcile.ts';
import { applyNotification, createTopUpOrder } from '../../server/services/payments/orders.ts';
import { SandboxBank, sandboxKey, type SandboxNotification } from '../../server/services/payments/sandbox.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { createTestDatabase, DIALECT, NOW, type TestDatabase } from './helpers.ts';

const OPS = { name: 'ops:test', ip: '' };
let tdb: TestDatabase;
let db: Kysely<Database>;
let bank: SandboxBank;
let users: number[] = [];
let freeProjects: number[] = [];
let clock = NOW;
const tick = () => (clock += 1000);

beforeAll(async () => {
  tdb = await createTestDatabase('seeded');
  db = tdb.handle.db;
  const secrets = await loadSecrets(db, {});
  bank = new SandboxBank(sandboxKey(secrets.fieldKey));
  const rows = await db.selectFrom('app_user').select(['id', 'name']).where('login_name', 'in', ['bidder01', 'bidder02', 'bidder03']).orderBy('id').execute();
  users = rows.map((r) => r.id);
  // bidder01 has the demo's card already.
  for (const r of rows) if (!(await db.selectFrom('bank_card').select('id').where('user_id', '=', r.id).executeTakeFirst())) await storeCard(db, secrets.fieldKey, { userId: r.id, bankCode: 'ICBC', bankName: '中国工商银行', cardNo: '6222020200112233446', accountName: r.name, at: NOW });
  // Released deposits go to the wallet here (the model counts them as available): the card path, the
  // default, is deposit-release-choice.test.ts's.
  for (const r of rows) await setReleasePreference(db, r.id, 'wallet', NOW, '127.0.0.1');
  const projects = await db
    .selectFrom('project')
    .select('id')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('enrolment').select('enrolment.id').whereRef('enrolment.project_id', '=', 'project.id'))))
    .orderBy('id')
    .limit(400)
    .execute();
  freeProjects = projects.map((p) => p.id);
}, 120_000);

afterAll(async () => {
  await tdb?.cleanup();
});

let pairSeq = 0;
/** A fresh pending deposit of `userId` (an enrolment waiting for it) on a project nobody enrolled in. */
async function pendingDeposit(userId: number, amountFen: number): Promise<number> {
  const projectId = freeProjects[pairSeq % freeProjects.length]!;
  const round = Math.floor(pairSeq / freeProjects.length);
  pairSeq += 1;
  if (round > 0) await db.deleteFrom('enrolment').where('user_id', '=', userId).where('project_id', '=', projectId).where('status', '=', 'depositPending').execute();
  const enrolment = await db
    .insertInto('enrolment')
    .values({
      enrol_code: `BMTEST${pairSeq}`,
      user_id: userId,
      project_id: projectId,
      kind: 'normal',
      status: 'depositPending',
      bidder_type: 1,
      bidder_name: '测试',
      id_masked: '',
      contact_name: '测试',
      contact_phone: '13800000000',
      contact_email: '',
      address: '',
      attachments: '[]',
      commitments: '[]',
      deposit_fen: amountFen,
      reject_reason: '',
      reviewer: '',
      activity_id: null,
      bid_code: null,
      submitted_at: clock,
      reviewed_at: clock,
      qualified_at: null,
      updated_at: clock,
    })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!enrolment) return pendingDeposit(userId, amountFen);
  const deposit = await db
    .insertInto('deposit')
    .values({ deposit_code: `BZJTEST${pairSeq}`, enrolment_id: enrolment.id, user_id: userId, project_id: projectId, amount_fen: amountFen, status: 'pending', method: '', confirmed_at: null, settled_at: null, created_at: clock, updated_at: clock })
    .returning('id')
    .executeTakeFirstOrThrow();
  return deposit.id;
}

async function topUp(userId: number, amountFen: number): Promise<SandboxNotification> {
  const order = await createTopUpOrder(db, bank, userId, amountFen, tick(), '127.0.0.1');
  await bank.pay(db, { orderNo: order.orderNo, amountFen }, tick());
  const paid = await db.selectFrom('sandbox_bank_payment').selectAll().where('order_no', '=', order.orderNo).executeTakeFirstOrThrow();
  const notice = bank.notificationOf(paid);
  expect(await applyNotification(db, bank, notice, tick())).toBe('applied');
  return notice;
}

async function refused(work: Promise<unknown>, message: RegExp): Promise<void> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BusinessError);
  expect((err as BusinessError).message).toMatch(message);
}

/** Every account's balance is the sum of its postings, and the books sum to zero (straight SQL, not the service). */
async function rawSums(): Promise<{ total: number; byCode: Map<string, number> }> {
  const rows = await db
    .selectFrom('ledger_account')
    .leftJoin('ledger_posting', 'ledger_posting.account_id', 'ledger_account.id')
    .select(['ledger_account.code', (eb) => eb.fn.coalesce(eb.fn.sum<number>('ledger_posting.amount_fen'), eb.lit(0)).as('total')])
    .groupBy('ledger_account.code')
    .execute();
  const byCode = new Map(rows.map((r) => [r.code, Number(r.total)]));
  return { total: [...byCode.values()].reduce((a, b) => a + b, 0), byCode };
}

const RACER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/ledger-racer.ts');
const TSX = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/tsx/dist/cli.mjs');

/** Starts one racer process per argument list, all released at the same moment; their JSON outcomes. */
async function race(jobs: string[][]): Promise<Array<{ ok: boolean; result?: unknown; message?: string }>> {
  const target = tdb.handle.dialect === 'postgres' ? process.env.TEST_DATABASE_URL! : tdb.handle.sqliteFile!;
  const goAt = String(Date.now() + 4000);
  const run = (job: string[]) =>
    new Promise<{ ok: boolean; result?: unknown; message?: string }>((resolve, reject) => {
      execFile(process.execPath, [TSX, RACER, target, tdb.handle.schema ?? '-', goAt, ...job], { timeout: 60_000 }, (err, stdout) => {
        if (err) reject(err);
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!));
      });
    });
  return Promise.all(jobs.map(run));
}

type Op =
  | { op: 'deposit'; u: number; fen: number }
  | { op: 'freeze'; u: number; fen: number }
  | { op: 'release'; i: number }
  | { op: 'keep'; i: number }
  | { op: 'forfeit'; i: number }
  | { op: 'settle'; i: number; price: number; fee: number; wallet: boolean }
  | { op: 'topUp'; u: number; fen: number }
  | { op: 'replay'; i: number }
  | { op: 'withdraw'; u: number; fen: number }
  | { op: 'payout'; i: number; ok: boolean };

const fen = fc.integer({ min: 1, max: 5_000_000 });
const u = fc.integer({ min: 0, max: 2 });
const i = fc.nat({ max: 50 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), u, fen }),
  fc.record({ op: fc.constant('freeze' as const), u, fen }),
  fc.record({ op: fc.constant('release' as const), i }),
  fc.record({ op: fc.constant('keep' as const), i }),
  fc.record({ op: fc.constant('forfeit' as const), i }),
  fc.record({ op: fc.constant('settle' as const), i, price: fc.integer({ min: 0, max: 8_000_000 }), fee: fc.integer({ min: 0, max: 200_000 }), wallet: fc.boolean() }),
  fc.record({ op: fc.constant('topUp' as const), u, fen }),
  fc.record({ op: fc.constant('replay' as const), i }),
  fc.record({ op: fc.constant('withdraw' as const), u, fen }),
  fc.record({ op: fc.constant('payout' as const), i, ok: fc.boolean() }),
);

describe(`ledger (${DIALECT})`, () => {
  it('random sequences of money movements keep the books at zero, no balance below zero, every balance as the model says', async () => {
    let dealSeq = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
        const model = new Map<number, { available: number; frozen: number }>();
        for (const id of users) {
          const b = await userBalances(db, id);
          model.set(id, { available: b.availableFen, frozen: b.frozenFen });
        }
        const deposits: Array<{ id: number; user: number; fen: number; status: 'confirmed' | 'kept' | 'gone' }> = [];
        const notices: SandboxNotification[] = [];
        const withdrawals: Array<{ no: string; user: number; fen: number; open: boolean }> = [];
        for (const o of ops) {
          tick();
          if (o.op === 'deposit' || o.op === 'freeze') {
            const user = users[o.u]!;
            const m = model.get(user)!;
            const id = await pendingDeposit(user, o.fen);
            if (o.op === 'freeze' && m.available < o.fen) {
              await refused(confirmDeposit(db, id, { method: 'wallet', actor: OPS, now: clock }), /可用余额不足/);
              expect((await db.selectFrom('deposit').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending');
              continue;
            }
            expect(await confirmDeposit(db, id, { method: o.op === 'freeze' ? 'wallet' : 'transfer', actor: OPS, now: clock })).toBe(true);
            // Confirming twice changes nothing.
            expect(await confirmDeposit(db, id, { method: 'transfer', actor: OPS, now: clock + 1 })).toBe(false);
            if (o.op === 'freeze') m.available -= o.fen;
            m.frozen += o.fen;
            deposits.push({ id, user, fen: o.fen, status: 'confirmed' });
          } else if (o.op === 'release' || o.op === 'keep' || o.op === 'forfeit') {
            const d = deposits[o.i % Math.max(1, deposits.length)];
            if (!d) continue;
            const m = model.get(d.user)!;
            if (o.op === 'release') {
              expect(await releaseDeposit(db, d.id, clock)).toBe(d.status === 'confirmed');
              if (d.status === 'confirmed') {
                m.frozen -= d.fen;
                m.available += d.fen;
                d.status = 'gone';
              }
            } else if (o.op === 'keep') {
              expect(await keepDeposit(db, d.id, clock)).toBe(d.status === 'confirmed');
              if (d.status === 'confirmed') d.status = 'kept';
            } else {
              expect(await forfeitDeposit(db, d.id, '竞得人未在规定期限内签署成交确认书', OPS, clock)).toBe(d.status !== 'gone');
              if (d.status !== 'gone') {
                m.frozen -= d.fen;
                d.status = 'gone';
              }
            }
          } else if (o.op === 'settle') {
            const d = deposits.filter((x) => x.status === 'kept')[o.i % Math.max(1, deposits.length)];
            if (!d) continue;
            const m = model.get(d.user)!;
            const due = Math.max(0, o.price + o.fee - d.fen);
            const surplus = Math.max(0, d.fen - o.price - o.fee);
            const run = settleWithDeposit(db, { dealId: ++dealSeq + clock, depositId: d.id, userId: d.user, priceFen: o.price, feeFen: o.fee, source: o.wallet ? { kind: 'wallet' } : { kind: 'bank' }, at: clock, memo: '测试成交' });
            if (o.wallet && m.available < due) {
              await refused(run, /可用余额不足/);
              expect((await db.selectFrom('deposit').select('status').where('id', '=', d.id).executeTakeFirstOrThrow()).status).toBe('kept');
              continue;
            }
            expect(await run).toBe(true);
            m.frozen -= d.fen;
            m.available += surplus - (o.wallet ? due : 0);
            d.status = 'gone';
          } else if (o.op === 'topUp') {
            const user = users[o.u]!;
            notices.push(await topUp(user, o.fen));
            model.get(user)!.available += o.fen;
          } else if (o.op === 'replay') {
            const n = notices[o.i % Math.max(1, notices.length)];
            if (!n) continue;
            expect(await applyNotification(db, bank, n, clock)).toBe('duplicate');
          } else if (o.op === 'withdraw') {
            const user = users[o.u]!;
            const m = model.get(user)!;
            if (m.available < o.fen) {
              await refused(requestWithdrawal(db, user, o.fen, clock, ''), /可用余额不足/);
              continue;
            }
            const { withdrawNo } = await requestWithdrawal(db, user, o.fen, clock, '');
            m.available -= o.fen;
            withdrawals.push({ no: withdrawNo, user, fen: o.fen, open: true });
          } else {
            const w = withdrawals[o.i % Math.max(1, withdrawals.length)];
            if (!w) continue;
            expect(await completeWithdrawal(db, w.no, o.ok ? { ok: true } : { ok: false, reason: '户名与卡号不符' }, clock)).toBe(w.open);
            if (w.open && !o.ok) model.get(w.user)!.available += w.fen;
            w.open = false;
          }
        }
        const sums = await rawSums();
        expect(sums.total).toBe(0);
        for (const id of users) {
          const b = await userBalances(db, id);
          const m = model.get(id)!;
          expect({ available: b.availableFen, frozen: b.frozenFen }).toEqual(m);
          expect(sums.byCode.get(`U${id}:available`) ?? 0).toBe(b.availableFen);
          expect(sums.byCode.get(`U${id}:frozen`) ?? 0).toBe(b.frozenFen);
          expect(b.availableFen).toBeGreaterThanOrEqual(0);
        }
        // Settle what the run left open so the next run starts from a clean withdrawal book.
        for (const w of withdrawals.filter((x) => x.open)) await completeWithdrawal(db, w.no, { ok: true }, tick());
        const check = await checkLedger(db);
        expect(check.problems).toEqual([]);
      }),
      { numRuns: DIALECT === 'postgres' ? 30 : 50, seed: 16, endOnFailure: true },
    );
  }, 300_000);

  it('an unbalanced or sub-fen entry is refused and writes nothing', async () => {
    const before = await rawSums();
    await expect(post(db, { key: 'bad:1', kind: 'topUp', userId: users[0]!, at: clock, lines: [['bank', -100], [{ user: users[0]!, kind: 'available' }, 99]] })).rejects.toThrow(/does not balance/);
    await expect(post(db, { key: 'bad:2', kind: 'topUp', userId: users[0]!, at: clock, lines: [['bank', -0.5], [{ user: users[0]!, kind: 'available' }, 0.5]] })).rejects.toThrow(/integer fen/);
    expect(await db.selectFrom('ledger_entry').select('id').where('idem_key', 'like', 'bad:%').execute()).toEqual([]);
    expect((await rawSums()).byCode).toEqual(before.byCode);
  });

  it('two withdrawals racing for one balance from two processes: exactly one succeeds, the other is told 可用余额不足', async () => {
    const user = users[2]!;
    const { availableFen } = await userBalances(db, user);
    if (availableFen > 0) await requestWithdrawal(db, user, availableFen, tick(), '');
    await topUp(user, 100_00);
    const outcomes = await race([
      ['withdraw', String(user), String(80_00)],
      ['withdraw', String(user), String(80_00)],
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.message)).toEqual(['可用余额不足']);
    expect((await userBalances(db, user)).availableFen).toBe(20_00);
    expect(await db.selectFrom('withdrawal').select('id').where('user_id', '=', user).where('amount_fen', '=', 80_00).execute()).toHaveLength(1);
    expect((await checkLedger(db)).problems).toEqual([]);
  }, 90_000);

  it('one gateway notice delivered 10 times at once (5 processes, 2 each) posts once', async () => {
    const user = users[1]!;
    const before = (await userBalances(db, user)).availableFen;
    const order = await createTopUpOrder(db, bank, user, 12_345, tick(), '');
    await bank.pay(db, { orderNo: order.orderNo, amountFen: 12_345 }, tick());
    const paid = await db.selectFrom('sandbox_bank_payment').selectAll().where('order_no', '=', order.orderNo).executeTakeFirstOrThrow();
    const notice = JSON.stringify(bank.notificationOf(paid));
    const outcomes = await race(Array.from({ length: 5 }, () => ['notify2', notice]));
    const results = outcomes.flatMap((o) => (o.ok ? (o.result as string[]) : [`error:${o.message}`]));
    expect(results.sort()).toEqual(['applied', ...Array<string>(9).fill('duplicate')]);
    expect((await userBalances(db, user)).availableFen).toBe(before + 12_345);
    expect(await db.selectFrom('ledger_entry').select('id').where('ref', '=', `payment_order:${order.orderNo}`).execute()).toHaveLength(1);
    expect((await checkLedger(db)).problems).toEqual([]);
  }, 90_000);

  it('a deposit notice arriving after the deposit was confirmed by transfer goes to the wallet, not lost', async () => {
    const user = users[0]!;
    const id = await pendingDeposit(user, 5_000_00);
    const order = await db
      .insertInto('payment_order')
      .values({ order_no: `POTEST${clock}`, deposit_id: id, purpose: 'deposit', ref_id: null, user_id: user, gateway: bank.name, amount_fen: 5_000_00, status: 'created', gateway_txn: null, created_at: tick(), paid_at: null })
      .returning('order_no')
      .executeTakeFirstOrThrow();
    expect(await confirmDeposit(db, id, { method: 'transfer', actor: OPS, now: tick() })).toBe(true);
    const before = await userBalances(db, user);
    await bank.pay(db, { orderNo: order.order_no, amountFen: 5_000_00 }, tick());
    const paid = await db.selectFrom('sandbox_bank_payment').selectAll().where('order_no', '=', order.order_no).executeTakeFirstOrThrow();
    expect(await applyNotification(db, bank, bank.notificationOf(paid), tick())).toBe('applied');
    const after = await userBalances(db, user);
    expect(after.availableFen - before.availableFen).toBe(5_000_00);
    expect(after.frozenFen).toBe(before.frozenFen);
    const entry = await db.selectFrom('ledger_entry').select(['kind', 'memo']).where('ref', '=', `payment_order:${order.order_no}`).executeTakeFirstOrThrow();
    expect(entry.kind).toBe('overpayment');
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('ledger check finds a paid order without money on the books and a hand-edited posting', async () => {
    const lost = `POLOST${tick()}`;
    await db
      .insertInto('payment_order')
      .values({ order_no: lost, deposit_id: null, purpose: 'topUp', ref_id: null, user_id: users[0]!, gateway: bank.name, amount_fen: 777, status: 'paid', gateway_txn: 'X', created_at: clock, paid_at: clock })
      .execute();
    const broken = await checkLedger(db);
    expect(broken.ok).toBe(false);
    expect(broken.problems).toEqual([`已支付订单未入账：${lost}（777 分）`]);
    await db.deleteFrom('payment_order').where('order_no', '=', lost).execute();
    const posting = await db.selectFrom('ledger_posting').select(['id', 'amount_fen']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await db.updateTable('ledger_posting').set({ amount_fen: posting.amount_fen + 1 }).where('id', '=', posting.id).execute();
    const edited = await checkLedger(db);
    expect(edited.problems.some((p) => p.startsWith('账本合计不为零'))).toBe(true);
    expect(edited.problems.some((p) => p.startsWith('分录不平衡'))).toBe(true);
    await db.updateTable('ledger_posting').set({ amount_fen: posting.amount_fen }).where('id', '=', posting.id).execute();
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe.skipIf(DIALECT === 'postgres')('npm run ops -- ledger (sqlite data directory)', () => {
  it('checks the demo books, shows a balance, forfeits a deposit with its reason and pays out a withdrawal', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ledger-ops-'));
    try {
      const config = loadConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' });
      const run = async (...argv: string[]) => {
        const lines: string[] = [];
        await runOps(argv, config, (line) => lines.push(line));
        return lines;
      };
      // A fresh data directory: migrated by the command itself; an empty book is balanced.
      expect((await run('ledger', 'check')).at(-1)).toBe('✓ 账本平衡，与支付订单、保证金、提现一致');
      await expect(run('deposit', 'forfeit', '1')).rejects.toThrow(/--reason/);
      await expect(run('withdrawal', 'pay', 'TX404')).rejects.toThrow('提现 TX404 不存在或已处理');
      expect(await run('withdrawal', 'list')).toEqual(['没有待付的提现']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe(`migration 0009 moves existing deposits onto the ledger (${DIALECT})`, () => {
  it('confirmed and kept deposits sit frozen, released ones went back to the bank; the books check clean', async () => {
    const t2 = await createTestDatabase();
    try {
      await prepareDatabase(t2.handle, { seed: true, now: NOW });
      const db2 = t2.handle.db;
      const migrator = createMigrator(db2, t2.handle.schema);
      expect((await migrator.migrateTo('0008_bidding_modes')).error).toBeUndefined();
      // Before 0009 every payment order paid a deposit (the demo's top-up order came with 0009).
      await db2.deleteFrom('payment_order').where('deposit_id', 'is', null).execute();
      // Before the ledger: one deposit released, one kept (as the sweep left them).
      const [a, b] = await db2.selectFrom('deposit').select(['id', 'user_id', 'amount_fen']).where('status', '=', 'confirmed').orderBy('id').limit(2).execute();
      await db2.updateTable('deposit').set({ status: 'released', settled_at: NOW }).where('id', '=', a!.id).execute();
      await db2.updateTable('deposit').set({ status: 'kept', settled_at: NOW }).where('id', '=', b!.id).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const frozen = await db2.selectFrom('deposit').select((eb) => eb.fn.sum<number>('amount_fen').as('total')).where('user_id', '=', b!.user_id).where('status', 'in', ['confirmed', 'kept']).executeTakeFirstOrThrow();
      expect((await userBalances(db2, b!.user_id)).frozenFen).toBe(Number(frozen.total));
      const refund = await db2.selectFrom('ledger_entry').select('kind').where('idem_key', 'like', `deposit:${a!.id}:refund@%`).execute();
      expect(refund).toEqual([{ kind: 'depositRefund' }]);
      expect(await checkLedger(db2)).toMatchObject({ ok: true, problems: [] });
    } finally {
      await t2.cleanup();
    }
  }, 120_000);
});
