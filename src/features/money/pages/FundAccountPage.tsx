import { useState } from 'react';
import { Alert, App as AntdApp, Button, Descriptions, Empty, Form, Input, Modal, Radio, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { CARD_MESSAGES, DEPOSIT_RELEASE_TEXT, validateCardNumber } from '#domain/rules/ledger';
import { DEPOSIT_RELEASE_CHOICES, type DepositReleaseChoice } from '#domain/contract/ledger';
import { useBanks } from '../api/get-banks';
import { useFundAccount } from '../api/get-fund-account';
import { postReleasePreference, releasePreferenceQueryOptions, useReleasePreference } from '../api/release-preference';
import { postBindCard, postUnbindCard, type BindCardInput } from '../api/post-bind-card';
import { SmsCodeField } from '../components/SmsCodeField';
import '@/styles/money.css';

/**
 * 保证金退还方式: a loser's released deposit goes back to the bound card (原路退回, the default, as the enrolment
 * commitment promises) or to the wallet (the user's choice). Without a card it can only go to the wallet, and the
 * page says so.
 */
function ReleaseChoice({ hasCard }: { hasCard: boolean }) {
  const preference = useReleasePreference();
  const queryClient = useQueryClient();
  const { message } = AntdApp.useApp();
  const save = useMutation({
    mutationFn: postReleasePreference,
    onSuccess: (p) => {
      queryClient.setQueryData(releasePreferenceQueryOptions().queryKey, p);
      void message.success(`保证金将${DEPOSIT_RELEASE_TEXT[p.choice]}`);
    },
  });
  return (
    <section aria-label="保证金退还方式" className="fund__release">
      <h2 className="wallet__sub">保证金退还方式</h2>
      <Radio.Group
        value={!hasCard ? 'wallet' : save.isPending ? save.variables : preference.data?.choice}
        disabled={preference.isPending || save.isPending}
        onChange={(e) => save.mutate(e.target.value as DepositReleaseChoice)}
        options={DEPOSIT_RELEASE_CHOICES.map((c) => ({ value: c, label: DEPOSIT_RELEASE_TEXT[c], disabled: c === 'card' && !hasCard }))}
      />
      <p className="wallet__hint">
        未成交项目的保证金解冻后按此方式退还。原路退回银行卡适用于网银或转账缴纳的保证金（钱包支付的退回钱包），银行处理后到账，退回失败时转入钱包。
        {!hasCard && '您尚未绑定银行卡，保证金暂时只能退回钱包；绑定本人银行卡后将原路退回。'}
      </p>
    </section>
  );
}

/** /accountFunds: 资金账户 — the bound card, unbinding (SMS-confirmed, only with nothing in flight). */
export function FundAccountPage() {
  const account = useFundAccount();
  const queryClient = useQueryClient();
  const { message } = AntdApp.useApp();
  const [unbinding, setUnbinding] = useState(false);
  const unbind = useMutation({
    mutationFn: (smsCode: string) => postUnbindCard(smsCode),
    onSuccess: () => {
      setUnbinding(false);
      void message.success('银行卡已解绑');
      void queryClient.invalidateQueries({ queryKey: ['money'] });
    },
  });
  return (
    <UserCentreFrame title="资金账户">
      <QueryState query={account} isEmpty={() => false}>
        {(a) =>
          a.card ? (
            <>
              <Descriptions bordered column={1} size="small" className="fund__card">
                <Descriptions.Item label="开户银行">{a.card.bankName}</Descriptions.Item>
                <Descriptions.Item label="银行卡号">
                  <span className="tabular" data-testid="card-no">
                    {a.card.cardNo}
                  </span>
                </Descriptions.Item>
                <Descriptions.Item label="开户名">{a.card.accountName}</Descriptions.Item>
                <Descriptions.Item label="绑定时间">{a.card.bindTime}</Descriptions.Item>
              </Descriptions>
              <p className="wallet__hint">提现和保证金退还（选择退回银行卡时）将转入此卡。</p>
              {a.unbindBlocked ? <Alert type="info" showIcon title={a.unbindBlocked} /> : <Button onClick={() => setUnbinding(true)}>解绑银行卡</Button>}
              <ReleaseChoice hasCard />
              <Modal title="解绑银行卡" open={unbinding} onCancel={() => setUnbinding(false)} footer={null} destroyOnHidden>
                <Form layout="vertical" onFinish={(v: { smsCode: string }) => unbind.mutate(v.smsCode)}>
                  <Form.Item label={`短信验证码（发送至 ${a.phone}）`} name="smsCode" rules={[{ required: true, message: '请输入短信验证码' }, { len: 6, message: '短信验证码为6位数字' }]}>
                    <SmsCodeField purpose="unbind" phone={a.phone} />
                  </Form.Item>
                  <Button type="primary" danger htmlType="submit" loading={unbind.isPending}>
                    确认解绑
                  </Button>
                </Form>
              </Modal>
            </>
          ) : (
            <Empty description="尚未绑定银行卡">
              <a href="#/accountFundsDetail">
                <Button type="primary">绑定银行卡</Button>
              </a>
            </Empty>
          )
        }
      </QueryState>
    </UserCentreFrame>
  );
}

/** /accountFundsDetail: bind a card — bank from the list, the number (Luhn), the verified name, the SMS code. */
export function FundAccountDetailPage() {
  const account = useFundAccount();
  const banks = useBanks();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const bind = useMutation({
    mutationFn: (input: BindCardInput) => postBindCard(input),
    onSuccess: () => {
      void message.success('银行卡绑定成功');
      void queryClient.invalidateQueries({ queryKey: ['money'] });
      void navigate({ to: '/accountFunds' });
    },
  });
  return (
    <UserCentreFrame title="绑定银行卡" extra={<a href="#/accountFunds">返回资金账户</a>}>
      <QueryState query={account} isEmpty={() => false}>
        {(a) =>
          a.card ? (
            <Alert type="info" showIcon title={`您已绑定 ${a.card.bankName} ${a.card.cardNo}，如需更换请先解绑。`} />
          ) : a.requiredName === null ? (
            <Alert type="warning" showIcon title="请先完成实名认证，再绑定银行卡" description={<a href="#/realNamePerson">去实名认证</a>} />
          ) : (
            <Form
              layout="vertical"
              className="wallet__form"
              initialValues={{ accountName: a.requiredName }}
              onFinish={(v: BindCardInput) => bind.mutate({ ...v, cardNo: v.cardNo.replace(/ /g, '') })}
            >
              <Form.Item label="开户银行" name="bankCode" rules={[{ required: true, message: '请选择开户银行' }]}>
                <Select placeholder="请选择开户银行" options={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))} />
              </Form.Item>
              <Form.Item
                label="银行卡号"
                name="cardNo"
                validateTrigger="onBlur"
                rules={[
                  {
                    validator: (_, value: string | undefined) => {
                      const r = validateCardNumber(value ?? '');
                      return r.ok ? Promise.resolve() : Promise.reject(new Error(r.ok ? CARD_MESSAGES.format : r.message));
                    },
                  },
                ]}
              >
                <Input inputMode="numeric" placeholder="12–19 位借记卡号" maxLength={23} />
              </Form.Item>
              <Form.Item label="开户名" name="accountName" extra="须与实名认证的姓名（机构为认证的机构名称）一致">
                <Input readOnly />
              </Form.Item>
              <Form.Item label={`短信验证码（发送至 ${a.phone}）`} name="smsCode" rules={[{ required: true, message: '请输入短信验证码' }, { len: 6, message: '短信验证码为6位数字' }]}>
                <SmsCodeField purpose="bind" phone={a.phone} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={bind.isPending}>
                确认绑定
              </Button>
            </Form>
          )
        }
      </QueryState>
    </UserCentreFrame>
  );
}
