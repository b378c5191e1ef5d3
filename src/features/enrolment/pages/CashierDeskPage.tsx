import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Radio, Space, Spin } from 'antd';
import { Result } from '@/components/Result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { QueryState, WayBackActions } from '@/components/QueryState';
import { useSiteRuntime } from '@/api/resources/get-site-runtime';
import type { SiteRuntime } from '#domain/contract/portal';
import { type DepositDetail, type PaymentOrderAnswer } from '#domain/contract/enrolment';
import { Money } from '@/components/Money';
import { minuteText } from '#domain/rules/chinaTime';
import type { MyLot } from '#domain/contract/desk';
import { useMyLots } from '@/api/resources/get-my-lots';
import { useDepositDetail } from '../api/get-deposit-detail';
import { usePayOrder } from '../api/get-pay-order';
import { postPayOrder } from '../api/post-pay-order';
import { postSandboxPay } from '../api/post-sandbox-pay';
import '@/styles/enrolment.css';

/**
 * What the bidder learns once the bank has confirmed: when bidding starts (the lot's auction, the one lot
 * state), his bid code, and — once the auction is open and he holds a code — the way into the room.
 */
export function paidNotice(mine: MyLot | undefined): { text: string; room: number | null } {
  const lot = mine?.listing.lot;
  if (!lot || lot.activityId === null || lot.activityStatus === null) {
    return { text: '银行已确认到账。竞价活动发布后您将取得竞买资格并获得竞买号，竞价时间以竞价公告为准。', room: null };
  }
  const code = mine?.bidCode ? `您的竞买号为 ${mine.bidCode}。` : '竞买资格确认后将为您分配竞买号。';
  if (lot.activityStatus === 'scheduled') {
    return { text: `银行已确认到账。竞价将于 ${minuteText(lot.biddingStartTime)} 开始，${minuteText(lot.biddingEndTime)} 结束。${code}竞价开始后即可进入竞价室出价。`, room: null };
  }
  if (lot.activityStatus === 'live') {
    return { text: `银行已确认到账。竞价正在进行，将于 ${minuteText(lot.biddingEndTime)} 结束。${code}`, room: mine?.bidCode ? lot.activityId : null };
  }
  if (lot.activityStatus === 'suspended') {
    return { text: `银行已确认到账。竞价已由交易机构中止，恢复时间另行通知。${code}`, room: mine?.bidCode ? lot.activityId : null };
  }
  return { text: `银行已确认到账。本场竞价已于 ${minuteText(lot.biddingEndTime)} 结束（${lot.label}），保证金将依规处理。`, room: null };
}

function Paid({ depositId }: { depositId: number }) {
  const deposit = useDepositDetail(depositId);
  const { byAssets } = useMyLots();
  const notice = paidNotice(deposit.data ? byAssets.get(deposit.data.assetsId) : undefined);
  return (
    <Result
      status="success"
      title="保证金支付成功"
      subTitle={<span data-testid="paid-notice">{notice.text}</span>}
      extra={
        <Space>
          {notice.room !== null && (
            <a href={`#/quoteHall?activityId=${notice.room}`}>
              <Button type="primary">进入竞价室</Button>
            </a>
          )}
          <a href="#/myProject?list=2">
            <Button type={notice.room === null ? 'primary' : 'default'}>进入我的竞价室</Button>
          </a>
          <a href={`#/depositDetail?id=${depositId}`}>
            <Button>查看保证金</Button>
          </a>
        </Space>
      }
    />
  );
}

/** The bank's side of the sandbox: confirm the payment, then wait for the bank's asynchronous confirmation. */
function SandboxBankPanel({ order }: { order: PaymentOrderAnswer }) {
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);
  const status = usePayOrder(order.orderNo, paid);
  const pay = useMutation({
    mutationFn: () => postSandboxPay(order.orderNo),
    onSuccess: () => setPaid(true),
  });
  const confirmed = status.data?.status === 'paid';
  useEffect(() => {
    if (confirmed) {
      void queryClient.invalidateQueries({ queryKey: ['enrolment'] });
      void queryClient.invalidateQueries({ queryKey: ['desk'] });
    }
  }, [confirmed, queryClient]);
  if (confirmed) return <Paid depositId={order.depositId} />;
  return (
    <div className="cashier__bank" aria-label="模拟网银">
      <h3>{order.gatewayName}</h3>
      <p>
        订单号 <span className="tabular">{order.orderNo}</span>，应付金额{' '}
        <b>
          <Money yuan={order.amount} exact />
        </b>
      </p>
      {paid ? (
        <Space>
          <Spin size="small" />
          <span>银行处理中，等待到账确认…</span>
        </Space>
      ) : (
        <Button type="primary" loading={pay.isPending} onClick={() => pay.mutate()}>
          确认支付
        </Button>
      )}
      {pay.isError && <Alert type="error" showIcon title={pay.error.message} style={{ marginTop: 12 }} />}
    </div>
  );
}

/** A real gateway: the payer pays on the bank's page (payUrl); the cashier waits for the bank's confirmation. */
function GatewayPanel({ order }: { order: PaymentOrderAnswer }) {
  const queryClient = useQueryClient();
  const status = usePayOrder(order.orderNo, true);
  const confirmed = status.data?.status === 'paid';
  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: ['enrolment'] });
  }, [confirmed, queryClient]);
  if (confirmed) return <Paid depositId={order.depositId} />;
  return (
    <div className="cashier__bank" aria-label="网银支付">
      <h3>{order.gatewayName}</h3>
      <p>
        订单号 <span className="tabular">{order.orderNo}</span>，应付金额{' '}
        <b>
          <Money yuan={order.amount} exact />
        </b>
      </p>
      <Space>
        {order.payUrl && (
          <a href={order.payUrl} target="_blank" rel="noopener noreferrer">
            <Button type="primary">前往{order.gatewayName}支付</Button>
          </a>
        )}
        <Spin size="small" />
        <span>支付完成后本页将自动确认到账…</span>
      </Space>
    </div>
  );
}

/** The online option's label: the sandbox says so; a real gateway names its bank. */
function onlineLabel(runtime: SiteRuntime | undefined): string {
  if (!runtime || runtime.payment === 'sandbox') return '网银在线支付（模拟网银·沙箱环境）';
  return `网银在线支付（${runtime.paymentName}）`;
}

function Cashier({ deposit }: { deposit: DepositDetail }) {
  const runtime = useSiteRuntime().data;
  // Without a gateway (PORTAL_PAYMENT_GATEWAY=none) only the bank transfer is offered.
  const online = runtime?.payment !== 'none';
  const [chosen, setMethod] = useState<'online' | 'transfer'>('online');
  const method = online ? chosen : 'transfer';
  const [order, setOrder] = useState<PaymentOrderAnswer | null>(null);
  const open = useMutation({ mutationFn: () => postPayOrder(deposit.id), onSuccess: setOrder });
  if (deposit.status === 'confirmed' || deposit.status === 'kept' || deposit.status === 'converted') return <Paid depositId={deposit.id} />;
  if (deposit.status === 'released') return <Result status="info" title="该保证金已退还" />;
  if (deposit.status === 'proofSubmitted') return <Result status="info" title="您已提交线下转账凭证，请等待交易机构确认到账" />;
  return (
    <>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="支付项目">交易保证金</Descriptions.Item>
        <Descriptions.Item label="项目名称">{deposit.assetsName}</Descriptions.Item>
        <Descriptions.Item label="保证金编号">{deposit.depositCode}</Descriptions.Item>
        <Descriptions.Item label="应付金额">
          <span className="cashier__amount">
            <Money yuan={deposit.amount} exact />
          </span>
        </Descriptions.Item>
      </Descriptions>
      {order ? (
        order.gateway === 'sandbox' ? (
          <SandboxBankPanel order={order} />
        ) : (
          <GatewayPanel order={order} />
        )
      ) : (
        <>
          <div className="enrol-page__section">选择支付方式</div>
          <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as 'online' | 'transfer')}>
            <Space orientation="vertical">
              {online && <Radio value="online">{onlineLabel(runtime)}</Radio>}
              <Radio value="transfer">线下银行转账（转账后上传付款凭证）</Radio>
            </Space>
          </Radio.Group>
          {open.isError && <Alert type="error" showIcon title={open.error.message} style={{ marginTop: 12 }} />}
          <div className="enrol-actions">
            {method === 'online' ? (
              <Button type="primary" size="large" loading={open.isPending} onClick={() => open.mutate()}>
                立即支付
              </Button>
            ) : (
              <a href={`#/depositAddPayInfo?depositId=${deposit.id}`}>
                <Button type="primary" size="large">
                  去上传付款凭证
                </Button>
              </a>
            )}
          </div>
        </>
      )}
    </>
  );
}

const MY_DEPOSIT = { href: '#/myDeposit', label: '返回我的保证金' };

/** /cashierDesk?depositId=: 收银台 — pay a deposit online through the payment gateway, or go to the transfer form. */
export function CashierDeskPage() {
  const { depositId = null } = useSearch({ from: '/_auth/cashierDesk' });
  const query = useDepositDetail(depositId);
  return (
    <div className="enrol-page cashier">
      <h1>收银台</h1>
      {depositId === null ? (
        <Result status="warning" title="缺少保证金参数" extra={<WayBackActions back={MY_DEPOSIT} />} />
      ) : (
        <QueryState query={query} isEmpty={() => false} back={MY_DEPOSIT}>
          {(deposit) => <Cashier deposit={deposit} />}
        </QueryState>
      )}
    </div>
  );
}
