import { useEffect, useState, type ReactNode } from 'react';
import { Button, Space, Spin } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopUpOrder } from '#domain/contract/ledger';
import { Money } from '@/components/Money';
import { useTopUp } from '../api/get-top-up';
import { postSandboxPay } from '../api/post-sandbox-pay';

/**
 * A payment order at the bank (a top-up, a settlement): the gateway's pay page, or the sandbox bank's
 * 确认支付; then it waits for the bank's asynchronous confirmation, refreshes the money pages and shows
 * `done`.
 */
export function BankOrderPanel({ order, done }: { order: TopUpOrder; done: ReactNode }) {
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);
  const status = useTopUp(order.orderNo, paid);
  const pay = useMutation({ mutationFn: () => postSandboxPay(order.orderNo), onSuccess: () => setPaid(true) });
  const confirmed = status.data?.status === 'paid';
  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: ['money'] });
  }, [confirmed, queryClient]);
  if (confirmed) return <>{done}</>;
  return (
    <div className="cashier__bank" aria-label="模拟网银">
      <h3>{order.gatewayName}</h3>
      <p>
        订单号 <span className="tabular">{order.orderNo}</span>，应付金额{' '}
        <b>
          <Money yuan={order.amount} exact />
        </b>
      </p>
      {order.payUrl ? (
        <a href={order.payUrl} target="_blank" rel="noopener noreferrer">
          <Button type="primary">前往{order.gatewayName}支付</Button>
        </a>
      ) : paid ? (
        <Space>
          <Spin size="small" />
          <span>银行处理中，等待到账确认…</span>
        </Space>
      ) : (
        <Button type="primary" loading={pay.isPending} onClick={() => pay.mutate()}>
          确认支付
        </Button>
      )}
    </div>
  );
}
