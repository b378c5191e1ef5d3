import { Typography } from 'antd';
import { useSiteRuntime } from '@/api/resources/get-site-runtime';
import { costIfWon } from '#domain/rules/settlement';
import { fenToYuan, yuanToFen } from '#domain/rules/money';
import { Money } from './Money';
import '@/styles/cost-summary.css';

/**
 * 费用测算: what winning this lot at `priceYuan` costs — the deposit, the buyer's service fee by the
 * installation's fee schedule (the one rule of domain/rules/settlement.ts, schedule from the site
 * runtime), price + fee, and what is left to pay once the deposit becomes price. Nothing is shown until
 * the schedule is known, and nothing for a lot without a price (面议).
 */
export function CostSummary({ priceYuan, depositYuan, priceLabel }: { priceYuan: number | null; depositYuan: number; priceLabel: string }) {
  const schedule = useSiteRuntime().data?.feeSchedule;
  if (!schedule || priceYuan === null || priceYuan <= 0) return null;
  const cost = costIfWon(yuanToFen(priceYuan), yuanToFen(depositYuan), schedule);
  return (
    <section className="cost-summary" aria-label="费用测算">
      <Typography.Text strong>费用测算（按{priceLabel}成交）</Typography.Text>
      <dl className="cost-summary__rows">
        <div>
          <dt>交易保证金</dt>
          <dd>
            <Money yuan={depositYuan} />
          </dd>
        </div>
        <div>
          <dt>交易服务费</dt>
          <dd>
            <Money yuan={fenToYuan(cost.feeFen)} />
          </dd>
        </div>
        <div>
          <dt>成交合计（价款 + 服务费）</dt>
          <dd>
            <Money yuan={fenToYuan(cost.totalFen)} />
          </dd>
        </div>
        <div>
          <dt>保证金转作价款后尚需支付</dt>
          <dd>
            <Money yuan={fenToYuan(cost.dueAfterDepositFen)} />
          </dd>
        </div>
      </dl>
      <Typography.Text type="secondary" className="cost-summary__note">
        服务费按本所收费标准分档累进计算，以成交价为准；未竞得的保证金于竞价结束后退还。
      </Typography.Text>
    </section>
  );
}
