/**
 *   npm run ops -- ledger check | balance <loginName>
 *   npm run ops -- withdrawal list | pay <withdrawNo> | fail <withdrawNo> --reason "…"
 *   npm run ops -- invoice list [--all] | issue <invoiceId> | refuse <invoiceId> --reason "…"
 *   npm run ops -- deal list [--all] | confirm-transfer <dealId> | reject-transfer <dealId> --reason "…" | handover <dealId> | certificate <dealId> | payout <dealId> | sweep
 */
import { formatChinaTime } from '#domain/rules/chinaTime';
import { formatFenAsYuan } from '#domain/rules/money';
import { DEAL_STATUS_TEXT } from '#domain/rules/settlement';
import { BusinessError } from '../../lib/envelope.ts';
import { advanceDeal, confirmDealTransfer, listDeals, payoutDeal, rejectDealTransfer, sweepDeals } from '../../services/money/deals.ts';
import { listInvoices, reviewInvoice } from '../../services/money/invoices.ts';
import { userBalances } from '../../services/money/ledger.ts';
import { completeWithdrawal } from '../../services/money/movements.ts';
import { checkLedger } from '../../services/money/reconcile.ts';
import { parseCommand, UsageError, type CommandGroup } from './shared.ts';

const OPTIONS = {
  all: { type: 'boolean' },
  reason: { type: 'string' },
} as const;

export const moneyCommands: CommandGroup = {
  names: ['ledger', 'withdrawal', 'deal', 'invoice'],
  usage: `  npm run ops -- ledger check                    核对账本：借贷平衡、余额非负、与支付订单、保证金、提现一致
  npm run ops -- ledger balance <登录名>           用户可用余额与冻结金额
  npm run ops -- withdrawal list | pay <提现单号> | fail <提现单号> --reason "原因"
  npm run ops -- deal list [--all]                  成交与结算
  npm run ops -- invoice list [--all] | issue <发票id> | refuse <发票id> --reason "原因"
  npm run ops -- deal confirm-transfer <成交id>      确认买方银行转账到账（成交价款，含买方提交的转账凭证）
  npm run ops -- deal reject-transfer <成交id> --reason "原因"   驳回买方的转账凭证（成交回到待支付）
  npm run ops -- deal handover <成交id> | certificate <成交id> | payout <成交id>   资产交接通知书 / 产权交易凭证 / 价款划转转让方
  npm run ops -- deal sweep                          处理逾期未确认、未付款的成交（没收保证金）`,

  async run(ctx, group, argv) {
    const { db, print, reviewer } = ctx;
    const { values, positionals } = parseCommand(argv, OPTIONS);
    const [action, target] = positionals;
    const { reason } = values;
    const all = values.all ?? false;
    const now = ctx.now();
    const command = `${group} ${action ?? ''}`.trim();
    switch (command) {
      case 'ledger check': {
        const r = await checkLedger(db);
        print(`分录 ${r.entries} 笔，过账 ${r.postings} 条，合计 ${r.totalFen} 分`);
        for (const p of r.problems) print(`✗ ${p}`);
        if (!r.ok) throw new BusinessError(500, `账本核对发现 ${r.problems.length} 处问题`);
        print('✓ 账本平衡，与支付订单、保证金、提现一致');
        return;
      }
      case 'ledger balance': {
        if (!target) throw new UsageError('缺少登录名');
        const user = await db.selectFrom('app_user').select(['id', 'login_name']).where('login_key', '=', target.toLowerCase()).executeTakeFirst();
        if (!user) throw new BusinessError(404, `用户 ${target} 不存在`);
        const b = await userBalances(db, user.id);
        print(`${user.login_name}	可用 ${formatFenAsYuan(b.availableFen, { suffix: ' 元' })}	冻结 ${formatFenAsYuan(b.frozenFen, { suffix: ' 元' })}`);
        return;
      }
      case 'withdrawal list': {
        const rows = await db
          .selectFrom('withdrawal')
          .innerJoin('app_user', 'app_user.id', 'withdrawal.user_id')
          .innerJoin('bank_card', 'bank_card.id', 'withdrawal.card_id')
          .select(['withdrawal.withdraw_no', 'withdrawal.amount_fen', 'withdrawal.created_at', 'app_user.login_name', 'bank_card.bank_name', 'bank_card.card_masked'])
          .where('withdrawal.status', '=', 'requested')
          .orderBy('withdrawal.created_at')
          .execute();
        if (rows.length === 0) print('没有待付的提现');
        for (const w of rows) print(`${w.withdraw_no}	${w.login_name}	${formatFenAsYuan(w.amount_fen, { suffix: ' 元' })}	${w.bank_name} ${w.card_masked}	${formatChinaTime(w.created_at)}`);
        return;
      }
      case 'withdrawal pay':
      case 'withdrawal fail': {
        if (!target) throw new UsageError('缺少提现单号');
        const fail = action === 'fail';
        if (fail && (!reason || reason.trim() === '')) throw new UsageError('退回须用 --reason "原因" 说明原因');
        const done = await completeWithdrawal(db, target, fail ? { ok: false, reason: reason!.trim() } : { ok: true }, now);
        if (!done) throw new BusinessError(409, `提现 ${target} 不存在或已处理`);
        print(fail ? `已退回提现 ${target}，款项回到用户可用余额` : `已确认提现 ${target} 付款完成`);
        return;
      }
      case 'invoice list': {
        const rows = await listInvoices(db, all);
        if (rows.length === 0) print(all ? '没有发票申请' : '没有待开具的发票申请');
        for (const r of rows) print(`#${r.id}\t${r.invoiceNo}\t${r.statusText}\t${r.loginName}\t${r.kindText}\t${r.title}\t${r.taxpayerNo || '—'}\t${r.amount} 元\t${r.email}`);
        return;
      }
      case 'invoice issue':
      case 'invoice refuse': {
        if (!target || !/^\d{1,15}$/.test(target)) throw new UsageError('发票id须为正整数');
        const refuse = action === 'refuse';
        if (refuse && (!reason || reason.trim() === '')) throw new UsageError('拒绝须用 --reason "原因" 说明原因');
        const done = await reviewInvoice(db, Number(target), refuse ? { issue: false, reason: reason!.trim() } : { issue: true }, { name: reviewer, ip: '' }, now);
        if (!done) throw new BusinessError(409, `发票申请 #${target} 不存在或已处理`);
        print(refuse ? `已拒绝发票申请 #${target}（原因：${reason!.trim()}）` : `已开具发票 #${target}`);
        return;
      }
      case 'deal list': {
        const rows = await listDeals(db, all);
        if (rows.length === 0) print(all ? '没有成交记录' : '没有进行中的成交');
        for (const d of rows) print(`#${d.id}\t${d.dealCode}\t${DEAL_STATUS_TEXT[d.status]}\t${d.loginName}\t${d.assetsName}\t成交价 ${d.price} 元\t应付 ${d.amountDue} 元`);
        return;
      }
      case 'deal sweep': {
        print(`已处理逾期成交 ${await sweepDeals(db, now)} 笔`);
        return;
      }
      case 'deal reject-transfer': {
        if (!target || !/^\d{1,15}$/.test(target)) throw new UsageError('成交id须为正整数');
        if (!reason || reason.trim() === '') throw new UsageError('驳回须用 --reason "原因" 说明原因');
        const done = await rejectDealTransfer(db, Number(target), reason, { name: reviewer, ip: '' }, now);
        if (!done) throw new BusinessError(409, `成交 #${target} 没有待确认的转账凭证`);
        print(`已驳回成交 #${target} 的转账凭证（原因：${reason.trim()}）`);
        return;
      }
      case 'deal confirm-transfer':
      case 'deal handover':
      case 'deal certificate':
      case 'deal payout': {
        if (!target || !/^\d{1,15}$/.test(target)) throw new UsageError('成交id须为正整数');
        const id = Number(target);
        const actor = { name: reviewer, ip: '' };
        const done =
          action === 'confirm-transfer'
            ? await confirmDealTransfer(db, id, actor, now)
            : action === 'payout'
              ? await payoutDeal(db, id, actor, now)
              : await advanceDeal(db, id, action === 'handover' ? 'handover' : 'certificate', actor, now);
        if (!done) throw new BusinessError(409, `成交 #${id} 当前状态不能执行该操作`);
        const words: Record<string, string> = { 'confirm-transfer': '已确认成交价款到账', handover: '已出具资产交接通知书', certificate: '已出具产权交易凭证', payout: '已将成交价款划转转让方' };
        print(`${words[action!]}（成交 #${id}）`);
        return;
      }
      default:
        throw new UsageError(`未知命令: ${command}`);
    }
  },
};
