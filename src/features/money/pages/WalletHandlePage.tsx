import { useState } from 'react';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import { Result } from '@/components/Result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { parseWalletAmount } from '#domain/rules/ledger';
import { type TopUpOrder, type WalletWithdrawal } from '#domain/contract/ledger';
import { formatYuan, tableMoneyText } from '#domain/rules/money';
import { useFundAccount } from '../api/get-fund-account';
import { useWalletSummary } from '../api/get-wallet-summary';
import { postTopUp } from '../api/post-top-up';
import { postWithdraw } from '../api/post-withdraw';
import { BankOrderPanel } from '../components/BankOrderPanel';
import { SmsCodeField } from '../components/SmsCodeField';
import '@/styles/money.css';

const amountRule = {
  validator: (_: unknown, value: string | undefined) => {
    const parsed = parseWalletAmount(value ?? '');
    return parsed.ok ? Promise.resolve() : Promise.reject(new Error(parsed.message));
  },
};

/** The bank's page for a top-up order; 充值成功 once the bank confirms. */
function TopUpBank({ order }: { order: TopUpOrder }) {
  return (
    <BankOrderPanel
      order={order}
      done={
        <Result
          status="success"
          title="充值成功"
          subTitle={`${tableMoneyText(order.amount)}已到账，计入可用余额。`}
          extra={
            <a href="#/wallet/index">
              <Button type="primary">返回我的钱包</Button>
            </a>
          }
        />
      }
    />
  );
}

function TopUp() {
  const [order, setOrder] = useState<TopUpOrder | null>(null);
  const create = useMutation({ mutationFn: (amount: string) => postTopUp(amount), onSuccess: setOrder });
  if (order) return <TopUpBank order={order} />;
  return (
    <Form layout="vertical" className="wallet__form" onFinish={(v: { amount: string }) => create.mutate(v.amount.trim())}>
      <Form.Item label="充值金额（元）" name="amount" rules={[amountRule]} validateTrigger="onBlur">
        <Input inputMode="decimal" placeholder="最多两位小数，单笔不超过 1 亿元" />
      </Form.Item>
      <p className="wallet__hint">通过网银在线支付，银行确认到账后计入可用余额，可用于缴纳保证金、支付成交价款或提现。</p>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        下一步：网银支付
      </Button>
    </Form>
  );
}

function Withdraw() {
  const queryClient = useQueryClient();
  const summary = useWalletSummary();
  const account = useFundAccount();
  const [done, setDone] = useState<WalletWithdrawal | null>(null);
  const submit = useMutation({
    mutationFn: (v: { amount: string; smsCode: string }) => postWithdraw(v.amount.trim(), v.smsCode),
    onSuccess: (w) => {
      setDone(w);
      void queryClient.invalidateQueries({ queryKey: ['money'] });
    },
  });
  if (done) {
    return (
      <Result
        status="success"
        title="提现申请已提交"
        subTitle={`${tableMoneyText(done.amount)}将转入 ${done.cardNo}，银行处理后到账（提现单号 ${done.withdrawNo}）。`}
        extra={
          <a href="#/wallet/index">
            <Button type="primary">返回我的钱包</Button>
          </a>
        }
      />
    );
  }
  return (
    <QueryState query={summary} isEmpty={() => false}>
      {(s) =>
        s.card ? (
          <Form layout="vertical" className="wallet__form" onFinish={(v: { amount: string; smsCode: string }) => submit.mutate(v)}>
            {/* Exact yuan, not the list rule: the user types the amount to withdraw in yuan right below. */}
            <p>
              可用余额 <b data-testid="withdraw-available">{formatYuan(s.available, { suffix: ' 元' })}</b>，提现至 {s.card.bankName} {s.card.cardNo}（{s.card.accountName}）
            </p>
            <Form.Item
              label="提现金额（元）"
              name="amount"
              validateTrigger="onBlur"
              rules={[
                amountRule,
                {
                  validator: (_, value: string | undefined) => {
                    const parsed = parseWalletAmount(value ?? '');
                    return parsed.ok && parsed.fen > Math.round(s.available * 100) ? Promise.reject(new Error('可用余额不足')) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input inputMode="decimal" placeholder="最多两位小数" />
            </Form.Item>
            <Form.Item label={`短信验证码（发送至 ${account.data?.phone ?? '账户手机'}）`} name="smsCode" rules={[{ required: true, message: '请输入短信验证码' }, { len: 6, message: '短信验证码为6位数字' }]}>
              <SmsCodeField purpose="withdraw" phone={account.data?.phone ?? '账户手机'} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              确认提现
            </Button>
          </Form>
        ) : (
          <Alert
            type="warning"
            showIcon
            title="请先绑定银行卡"
            description={
              <span>
                提现只能转入本人（本机构）名下的银行卡。<a href="#/accountFundsDetail">去绑定银行卡</a>
              </span>
            }
          />
        )
      }
    </QueryState>
  );
}

/** /wallet/handle?action=topUp|withdraw: 充值 / 提现. */
export function WalletHandlePage() {
  const { action = 'topUp' } = useSearch({ from: '/_auth/wallet/handle' });
  const navigate = useNavigate();
  return (
    <UserCentreFrame title={action === 'withdraw' ? '提现' : '充值'} extra={<a href="#/wallet/index">返回我的钱包</a>}>
      <Segmented
        value={action}
        onChange={(next) => void navigate({ to: '/wallet/handle', search: { action: next as 'topUp' | 'withdraw' } })}
        options={[
          { label: '充值', value: 'topUp' },
          { label: '提现', value: 'withdraw' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {action === 'withdraw' ? <Withdraw key="withdraw" /> : <TopUp key="topUp" />}
    </UserCentreFrame>
  );
}
