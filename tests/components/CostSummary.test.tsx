/**
 * 费用测算 on a lot's page and the enrolment form: the fee by the installation's schedule (from the site
 * runtime), price + fee, and what is left once the deposit becomes price — by the one money rule.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CostSummary } from '@/components/CostSummary';
import type { FeeSchedule } from '#domain/contract/settlement';
import { useMockServer } from '../mocks/server';
import { envelope } from '../mocks/fixtures';

const server = useMockServer();

function renderWith(schedule: FeeSchedule, props: Parameters<typeof CostSummary>[0]) {
  server.use(http.get('/api/dscq-system/site/runtime', () => HttpResponse.json(envelope({ demo: false, payment: 'gateway', paymentName: '银行', sms: 'gateway', feeSchedule: schedule }))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CostSummary {...props} />
    </QueryClientProvider>,
  );
}

const row = (section: HTMLElement, label: string) => within(section).getByText(label).closest('div')!;

describe('CostSummary', () => {
  it('estimates the fee by the schedule the server runs, not a default', async () => {
    // 1 % flat, at least 100 元: 1,200,000 元 → 12,000 元 fee.
    renderWith({ bands: [{ uptoFen: null, ratePermille: 10 }], minFen: 10_000 }, { priceYuan: 1_200_000, depositYuan: 200_000, priceLabel: '当前价' });
    const section = await screen.findByRole('region', { name: '费用测算' });
    expect(section).toHaveTextContent('费用测算（按当前价成交）');
    expect(row(section, '交易保证金')).toHaveTextContent('20.00万元');
    expect(row(section, '交易服务费')).toHaveTextContent('1.20万元');
    expect(row(section, '成交合计（价款 + 服务费）')).toHaveTextContent('121.20万元');
    expect(row(section, '保证金转作价款后尚需支付')).toHaveTextContent('101.20万元');
  });

  it('applies the minimum fee and shows nothing for a lot without a price', async () => {
    const { unmount } = renderWith({ bands: [{ uptoFen: null, ratePermille: 10 }], minFen: 100_000 }, { priceYuan: 5_000, depositYuan: 500, priceLabel: '挂牌价格' });
    const section = await screen.findByRole('region', { name: '费用测算' });
    expect(row(section, '交易服务费')).toHaveTextContent('1,000.00元');
    unmount();
    renderWith({ bands: [{ uptoFen: null, ratePermille: 10 }], minFen: 100_000 }, { priceYuan: null, depositYuan: 500, priceLabel: '挂牌价格' });
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('region', { name: '费用测算' })).toBeNull();
  });
});
