/**
 * The money actions that need four eyes (FOUR_EYES_KINDS): confirming a buyer's bank transfer of a deal,
 * forfeiting a deposit, paying the price out to the transferor. `prepare` checks the request now and
 * describes it for the checker; `execute` runs, when another member approves, the same service the ops
 * commands call (`deal confirm-transfer`, `deposit forfeit`, `deal payout`), with the approver as actor.
 * Registered in app.staff.registry by routes/staff/queues.ts; the demo seed prepares through them too.
 */
import { z } from 'zod';
import { formatFenAsYuan } from '#domain/rules/money';
import { amountDueFen } from '#domain/rules/settlement';
import { BusinessError } from '../../lib/envelope.ts';
import { transferorNameSql } from '../common/transferor.ts';
import { forfeitDeposit } from '../enrolment/deposits.ts';
import { confirmDealTransfer, payoutDeal } from '../money/deals.ts';
import type { ApprovalExecutor, ApprovalRegistry } from './approvals.ts';
import type { StaffActor } from './audit.ts';
import { queueItem, type QueueContext } from './queues.ts';

const yuan = (fen: number) => formatFenAsYuan(fen, { suffix: ' 元' });
const actorOf = (staff: StaffActor) => ({ name: staff.loginName, ip: staff.ip });
const ALREADY = '当前状态不能执行该操作（可能已被他人处理）';

const idInput = z.object({ id: z.coerce.number().int().positive() });
const forfeitInput = z.object({ id: z.coerce.number().int().positive(), reason: z.string().trim().min(1).max(500) });

function parse<T>(schema: z.ZodType<T>, input: unknown, message: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new BusinessError(400, message);
  return parsed.data;
}

export interface TransferConfirm {
  dealId: number;
  proofId: number;
}
export interface DepositForfeit {
  depositId: number;
  reason: string;
}
export interface DealPayout {
  dealId: number;
}

export function moneyExecutors(context: () => QueueContext): {
  'transfer.confirm': ApprovalExecutor<TransferConfirm>;
  'deposit.forfeit': ApprovalExecutor<DepositForfeit>;
  'deal.payout': ApprovalExecutor<DealPayout>;
} {
  return {
    'transfer.confirm': {
      // input {id}: the transfer proof (the transferProof queue's item).
      async prepare(input) {
        const { id } = parse(idInput, input, '请指定转账凭证');
        const c = context();
        const item = await queueItem(c, 'transferProof', id);
        const deal = await c.db.selectFrom('deal').select(['status', 'price_fen', 'fee_fen', 'deposit_fen']).where('id', '=', item.dealId).executeTakeFirstOrThrow();
        if (item.state !== 'submitted' || deal.status !== 'proofSubmitted') throw new BusinessError(409, '该转账凭证已处理，不能再确认');
        const due = amountDueFen(deal.price_fen, deal.fee_fen, deal.deposit_fen);
        return {
          subject: `deal:${item.dealId}`,
          summary: `确认「${item.assetsName}」成交价款 ${yuan(due)}已到账（成交 ${item.dealCode}，买方 ${item.userName || item.loginName}（${item.loginName}），凭证 ${item.fileName}）`,
          payload: { dealId: item.dealId, proofId: id },
          before: item,
        };
      },
      async execute(payload, approver) {
        const c = context();
        if (!(await confirmDealTransfer(c.db, payload.dealId, actorOf(approver), c.now))) throw new BusinessError(409, ALREADY);
        return queueItem(context(), 'transferProof', payload.proofId);
      },
    },
    'deposit.forfeit': {
      // input {id, reason}: the deposit and why (the user reads it in his message).
      async prepare(input) {
        const { id, reason } = parse(forfeitInput, input, '请指定保证金并填写没收原因');
        const c = context();
        const deposit = await c.db
          .selectFrom('deposit')
          .innerJoin('project', 'project.id', 'deposit.project_id')
          .innerJoin('app_user', 'app_user.id', 'deposit.user_id')
          .select(['deposit.id', 'deposit.deposit_code', 'deposit.status', 'deposit.amount_fen', 'project.assets_name', 'app_user.login_name'])
          .where('deposit.id', '=', id)
          .executeTakeFirst();
        if (!deposit) throw new BusinessError(404, '保证金记录不存在');
        if (deposit.status !== 'confirmed' && deposit.status !== 'kept') throw new BusinessError(409, '该保证金不在冻结状态，不能没收');
        return {
          subject: `deposit:${id}`,
          summary: `没收 ${deposit.login_name} 在「${deposit.assets_name}」的保证金 ${yuan(deposit.amount_fen)}（${deposit.deposit_code}），原因：${reason}`,
          payload: { depositId: id, reason },
          before: { depositId: id, status: deposit.status, amountFen: deposit.amount_fen },
        };
      },
      async execute(payload, approver) {
        const c = context();
        if (!(await forfeitDeposit(c.db, payload.depositId, payload.reason, actorOf(approver), c.now))) throw new BusinessError(409, '该保证金不在冻结状态，不能没收');
        const after = await c.db.selectFrom('deposit').select(['status', 'amount_fen']).where('id', '=', payload.depositId).executeTakeFirstOrThrow();
        return { depositId: payload.depositId, status: after.status, amountFen: after.amount_fen, reason: payload.reason };
      },
    },
    'deal.payout': {
      // input {id}: the deal (the settlement queue's item), certified.
      async prepare(input) {
        const { id } = parse(idInput, input, '请指定成交记录');
        const c = context();
        const item = await queueItem(c, 'settlement', id);
        if (item.state !== 'certified') throw new BusinessError(409, '须在出具产权交易凭证之后、尚未付款时向转让方付款');
        const deal = await c.db
          .selectFrom('deal')
          .innerJoin('project', 'project.id', 'deal.project_id')
          .leftJoin('project_detail', 'project_detail.project_id', 'deal.project_id')
          .select(['deal.price_fen', transferorNameSql.as('transferor_name')])
          .where('deal.id', '=', id)
          .executeTakeFirstOrThrow();
        return {
          subject: `deal:${id}`,
          summary: `向转让方「${deal.transferor_name}」划转「${item.assetsName}」成交价款 ${yuan(deal.price_fen)}（成交 ${item.dealCode}）`,
          payload: { dealId: id },
          before: item,
        };
      },
      async execute(payload, approver) {
        const c = context();
        if (!(await payoutDeal(c.db, payload.dealId, actorOf(approver), c.now))) throw new BusinessError(409, ALREADY);
        return queueItem(context(), 'settlement', payload.dealId);
      },
    },
  };
}

/** Registers the money executors in a registry (the app's, or the seed's own). */
export function registerMoneyExecutors(registry: ApprovalRegistry, context: () => QueueContext): void {
  const e = moneyExecutors(context);
  registry.register('transfer.confirm', e['transfer.confirm']);
  registry.register('deposit.forfeit', e['deposit.forfeit']);
  registry.register('deal.payout', e['deal.payout']);
}
