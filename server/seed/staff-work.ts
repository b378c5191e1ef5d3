/**
 * Demo work for the staff console's queues, so none is empty: three real-name requests waiting (two
 * persons, one organisation with its licence picture), and for demo_buyer (孙建军, verified) an enrolment
 * taken up by op_review (reviewing: the demo's auto-approval leaves it), a deposit transfer proof waiting,
 * two deals whose bank-transfer proofs wait — one of them already prepared for confirmation by op_finance
 * (four eyes: another member approves) — a withdrawal waiting, an invoice request and an appeal.
 * Money goes through the ledger like real movements (`npm run ops -- ledger check` stays clean). Run at
 * every start after the other demo seeds; idempotent: skipped once demo_buyer exists (all of it is
 * inserted in one transaction). New users reuse demo_new's password hash (no argon2 run here).
 */
import type { Kysely } from 'kysely';
import { AUTH_STATUS } from '#domain/contract/auth';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { creditCodeCheckChar } from '#domain/rules/creditCode';
import { idCardCheckChar } from '#domain/rules/idCard';
import { addWorkingDays, amountDueFen, buyerFeeFen } from '#domain/rules/settlement';
import type { SecretOverrides } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { encryptField } from '../services/accounts/crypto.ts';
import { loginKey } from '../services/accounts/lockout.ts';
import { AGREEMENT } from '../services/accounts/reference.ts';
import { loadSecrets } from '../services/accounts/secrets.ts';
import { orgRow, personRow } from '../services/accounts/verification.ts';
import { post } from '../services/money/ledger.ts';
import { requestWithdrawal, settleWithDeposit, storeCard } from '../services/money/movements.ts';
import { ApprovalRegistry, prepareApproval } from '../services/staff/approvals.ts';
import { registerMoneyExecutors } from '../services/staff/money-approvals.ts';
import { rolesOf } from '../services/staff/members.ts';
import { demoPdf, demoPng, storeFile } from './user-files.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEMO_BUYER = 'demo_buyer';

const withCheck = (id17: string) => id17 + idCardCheckChar(id17);
const APPLICANTS = [
  { loginName: 'demo_apply1', userType: 1, name: '王晓明', phone: '13800000011', idNumber: withCheck('13010419900112341'), hoursAgo: 30 },
  { loginName: 'demo_apply2', userType: 1, name: '刘芳', phone: '13800000012', idNumber: withCheck('13020319920305262'), hoursAgo: 5 },
  { loginName: 'demo_apply_org', userType: 2, name: '石家庄恒信商贸有限公司', phone: '13800000013', idNumber: '', hoursAgo: 50 },
] as const;
const ORG_CREDIT_17 = '91130102MA0D8HX4Q';
const ORG_LEGAL_ID = withCheck('13010219781120153');

export async function ensureStaffWork(db: Kysely<Database>, now: number, options: { dataDir?: string | undefined; secrets?: SecretOverrides | undefined } = {}): Promise<boolean> {
  const template = await db.selectFrom('app_user').select('password_hash').where('login_key', '=', 'demo_new').executeTakeFirst();
  if (!template) return false;
  if (await db.selectFrom('app_user').select('id').where('login_key', '=', DEMO_BUYER).executeTakeFirst()) return false;
  const finance = await db.selectFrom('staff').selectAll().where('login_name', '=', 'op_finance').executeTakeFirst();
  const secrets = await loadSecrets(db, options.secrets ?? {});
  const { dataDir } = options;

  // Listings with no auction, enrolment nor deal (for the deals: concluded ones, 已成交, as a lot with a deal
  // reads), and listings open for enrolment.
  const free = await db
    .selectFrom('project')
    .select(['id', 'assets_name', 'start_price_fen', 'deposit_fen'])
    .where('parent_id', 'is', null)
    .where('state', 'like', '%已成交%')
    .where('start_price_fen', '>', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('enrolment').select('enrolment.id').whereRef('enrolment.project_id', '=', 'project.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('deal').select('deal.id').whereRef('deal.project_id', '=', 'project.id'))))
    .orderBy('id', 'desc')
    .limit(3)
    .execute();
  const dealIds = free.map((p) => p.id);
  const open = await db
    .selectFrom('project')
    .select(['id', 'deposit_fen'])
    .where('parent_id', 'is', null)
    .where('state', 'like', '%正在报名%')
    .where('deposit_fen', '>', 0)
    .where('id', 'not in', dealIds.length ? dealIds : [0])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('project as c').select('c.id').whereRef('c.parent_id', '=', 'project.id'))))
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  if (free.length < 3 || open.length < 2) return false;

  await db.transaction().execute(async (trx) => {
    const newUser = async (u: { loginName: string; userType: number; name: string; phone: string; authStatus: number; at: number }) =>
      (
        await trx
          .insertInto('app_user')
          .values({
            login_name: u.loginName,
            login_key: loginKey(u.loginName),
            user_type: u.userType,
            name: u.authStatus === AUTH_STATUS.underReview ? '' : u.name,
            phone: u.phone,
            email: `${u.loginName}@example.com`,
            head_img: '',
            password_hash: template.password_hash,
            auth_status: u.authStatus,
            is_allowed: 1,
            agreement_version_read: AGREEMENT.version,
            created_at: u.at,
            updated_at: u.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

    // ── Real-name requests waiting ──
    for (const a of APPLICANTS) {
      const at = now - a.hoursAgo * HOUR;
      const userId = await newUser({ ...a, authStatus: AUTH_STATUS.underReview, at: at - DAY });
      const fields =
        a.userType === 1
          ? personRow(secrets, { name: a.name, idType: 0, idNumber: a.idNumber })
          : orgRow(secrets, {
              orgName: a.name,
              creditCode: ORG_CREDIT_17 + creditCodeCheckChar(ORG_CREDIT_17),
              legalPerson: '赵建新',
              legalIdType: 0,
              legalIdNumber: ORG_LEGAL_ID,
              licenceFileId: (await storeFile(trx, dataDir, userId, null, '营业执照.png', demoPng(320, 220), 'image/png', at - HOUR)).fileId,
            });
      await trx.insertInto('verification').values({ user_id: userId, state: 'pending', provider: 'manual', reason: '', reviewer: '', submitted_at: at, reviewed_at: null, ...fields }).execute();
    }

    // ── demo_buyer: verified, with work in the review and finance queues ──
    const buyerName = '孙建军';
    const buyerAt = now - 40 * DAY;
    const buyer = await newUser({ loginName: DEMO_BUYER, userType: 1, name: buyerName, phone: '13800000014', authStatus: AUTH_STATUS.verifiedPerson, at: buyerAt });
    await trx
      .insertInto('verification')
      .values({ user_id: buyer, state: 'approved', provider: 'manual', reason: '', reviewer: 'seed', submitted_at: buyerAt + HOUR, reviewed_at: buyerAt + DAY, ...personRow(secrets, { name: buyerName, idType: 0, idNumber: withCheck('13010519850917281') }) })
      .execute();
    const idMasked = '**************' + withCheck('13010519850917281').slice(-4);

    // An enrolment op_review took up, with a qualification attachment; and one approved whose deposit transfer proof waits.
    const enrol = async (projectId: number, depositFen: number, status: 'reviewing' | 'depositPending', at: number, attachments: { fileId: string; name: string }[]) =>
      (
        await trx
          .insertInto('enrolment')
          .values({
            enrol_code: `BM-STAFF-DEMO-${status === 'reviewing' ? 1 : 2}`,
            user_id: buyer,
            project_id: projectId,
            kind: 'normal',
            status,
            bidder_type: 1,
            bidder_name: buyerName,
            id_masked: idMasked,
            contact_name: buyerName,
            contact_phone: '13800000014',
            contact_email: 'demo_buyer@example.com',
            address: '河北省石家庄市长安区中山东路 88 号',
            attachments: JSON.stringify(attachments),
            commitments: JSON.stringify(ENROLMENT_COMMITMENTS.map((c) => c.key)),
            deposit_fen: depositFen,
            reject_reason: '',
            reviewer: 'op_review',
            activity_id: null,
            bid_code: null,
            submitted_at: at,
            reviewed_at: status === 'reviewing' ? null : at + HOUR,
            qualified_at: null,
            updated_at: at + HOUR,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const attachment = await storeFile(trx, dataDir, buyer, null, '资信证明.pdf', await demoPdf('Bank credit certificate - demo_buyer'), 'application/pdf', now - 4 * HOUR);
    await enrol(open[0]!.id, open[0]!.deposit_fen, 'reviewing', now - 3 * HOUR, [attachment]);
    const paying = await enrol(open[1]!.id, open[1]!.deposit_fen, 'depositPending', now - 28 * HOUR, []);
    const deposit = await trx
      .insertInto('deposit')
      .values({ deposit_code: 'BZJ-STAFF-DEMO-1', enrolment_id: paying, user_id: buyer, project_id: open[1]!.id, amount_fen: open[1]!.deposit_fen, status: 'proofSubmitted', method: 'transfer', confirmed_at: null, settled_at: null, created_at: now - 27 * HOUR, updated_at: now - 20 * HOUR })
      .returning('id')
      .executeTakeFirstOrThrow();
    const depositSlip = await storeFile(trx, dataDir, buyer, null, '保证金转账回单.png', demoPng(), 'image/png', now - 20 * HOUR);
    const payerAccount = '6217000010002233445';
    await trx
      .insertInto('deposit_proof')
      .values({
        deposit_id: deposit.id,
        user_id: buyer,
        file_id: depositSlip.fileId,
        payer_name: buyerName,
        payer_account_enc: encryptField(secrets.fieldKey, payerAccount),
        payer_account_masked: `${payerAccount.slice(0, 6)}*********${payerAccount.slice(-4)}`,
        bank_name: '中国建设银行',
        amount_fen: open[1]!.deposit_fen,
        paid_at: now - 21 * HOUR,
        note: '网银转账',
        status: 'submitted',
        reject_reason: '',
        created_at: now - 20 * HOUR,
        reviewed_at: null,
      })
      .execute();

    // Three deals: two whose transfer proofs wait, one paid with an invoice request and an appeal.
    const deals: number[] = [];
    for (const [i, p] of free.entries()) {
      const priceFen = Math.round((p.start_price_fen * 1.12) / 100) * 100;
      const feeFen = buyerFeeFen(priceFen);
      const dealAt = now - (6 - i) * DAY;
      const paid = i === 2;
      const row = await trx
        .insertInto('deal')
        .values({
          deal_code: `CJ-STAFF-DEMO-${i + 1}`,
          activity_id: null,
          project_id: p.id,
          user_id: buyer,
          deposit_id: null,
          bid_code: String(3301 + i),
          buyer_name: buyerName,
          price_fen: priceFen,
          fee_fen: feeFen,
          deposit_fen: 0,
          status: paid ? 'paid' : 'proofSubmitted',
          pay_method: paid ? 'online' : '',
          forfeit_reason: '',
          deal_at: dealAt,
          confirm_due_at: addWorkingDays(dealAt, 3),
          confirmed_at: dealAt + HOUR,
          pay_due_at: addWorkingDays(now, 3),
          paid_at: paid ? dealAt + 2 * HOUR : null,
          handover_at: null,
          certificate_at: null,
          payout_at: null,
          forfeited_at: null,
          updated_at: now - (i + 1) * HOUR,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      deals.push(row.id);
      if (paid) {
        await settleWithDeposit(trx, { dealId: row.id, depositId: null, userId: buyer, priceFen, feeFen, source: { kind: 'bank' }, at: dealAt + 2 * HOUR, memo: p.assets_name });
        continue;
      }
      const slip = await storeFile(trx, dataDir, buyer, null, `成交价款转账回单${i + 1}.pdf`, await demoPdf(`Transfer slip ${i + 1} - demo_buyer`), 'application/pdf', now - (10 - i) * HOUR);
      await trx
        .insertInto('deal_proof')
        .values({ deal_id: row.id, user_id: buyer, file_id: slip.fileId, file_name: slip.name, note: `已转账 ${amountDueFen(priceFen, feeFen, 0) / 100} 元`, status: 'submitted', reason: '', created_at: now - (10 - i) * HOUR, reviewed_at: null })
        .execute();
    }
    const paidDeal = await trx.selectFrom('deal').select(['id', 'fee_fen']).where('id', '=', deals[2]!).executeTakeFirstOrThrow();
    await trx
      .insertInto('invoice')
      .values({ invoice_no: 'FP-STAFF-DEMO-1', user_id: buyer, deal_id: paidDeal.id, kind: 'normal', title: buyerName, taxpayer_no: '', address: '', phone: '', bank_name: '', bank_account: '', email: 'demo_buyer@example.com', amount_fen: paidDeal.fee_fen, status: 'requested', refuse_reason: '', created_at: now - 7 * HOUR, reviewed_at: null })
      .execute();
    const subject = await trx.selectFrom('deal').innerJoin('project', 'project.id', 'deal.project_id').select(['project.assets_name', 'deal.deal_code']).where('deal.id', '=', paidDeal.id).executeTakeFirstOrThrow();
    await trx
      .insertInto('appeal')
      .values({
        appeal_code: 'SS-STAFF-DEMO-1',
        user_id: buyer,
        kind: 'settlement',
        subject_id: paidDeal.id,
        subject_title: `${subject.assets_name}（成交 ${subject.deal_code}）· 已付款`,
        reason: '成交价款已于付款期限内全额支付，但资产交接通知书迟迟未出具，请尽快安排交割。',
        attachments: '[]',
        status: 'submitted',
        answer: '',
        handler: '',
        created_at: now - 26 * HOUR,
        updated_at: now - 26 * HOUR,
      })
      .execute();

    // Wallet: a card, a top-up through the bank, a withdrawal waiting for the bank.
    await storeCard(trx, secrets.fieldKey, { userId: buyer, bankCode: 'CCB', bankName: '中国建设银行', cardNo: payerAccount, accountName: buyerName, at: now - 30 * DAY });
    const orderNo = `TU-STAFF-DEMO-${buyer}`;
    const topUpAt = now - 10 * DAY;
    await trx
      .insertInto('payment_order')
      .values({ order_no: orderNo, deposit_id: null, purpose: 'topUp', ref_id: null, user_id: buyer, gateway: 'sandbox', amount_fen: 2_000_000, status: 'paid', gateway_txn: `SBX-STAFF-DEMO-${buyer}`, created_at: topUpAt, paid_at: topUpAt })
      .execute();
    await post(trx, { key: `payment_order:${orderNo}`, kind: 'topUp', userId: buyer, ref: `payment_order:${orderNo}`, at: topUpAt, lines: [['bank', -2_000_000], [{ user: buyer, kind: 'available' }, 2_000_000]] });
    await requestWithdrawal(trx, buyer, 800_000, now - 9 * HOUR, '');

    // Four eyes: op_finance prepared the confirmation of the first transfer; another member approves it.
    if (finance) {
      const firstProof = await trx.selectFrom('deal_proof').select('id').where('deal_id', '=', deals[0]!).executeTakeFirstOrThrow();
      const registry = new ApprovalRegistry();
      registerMoneyExecutors(registry, () => ({ db: trx, now }));
      await prepareApproval(
        { db: trx, now: () => now - 2 * HOUR, registry },
        'transfer.confirm',
        { id: firstProof.id },
        { id: Number(finance.id), loginName: finance.login_name, name: finance.name, ip: '', roles: rolesOf(finance) },
      );
    }
  });
  return true;
}
