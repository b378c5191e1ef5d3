import { useState } from 'react';
import { Alert, App as AntdApp, Button, Descriptions, Form, Input, Pagination, Space, Steps, Table, Tag } from 'antd';
import { Result } from '@/components/Result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { LibraryFilePicker } from '@/components/LibraryFilePicker';
import { PdfDocumentModal } from '@/components/PdfDocumentModal';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import type { TopUpOrder } from '#domain/contract/ledger';
import { Money } from '@/components/Money';
import { cardColumns, cardScroll, TABLE_CARDS } from '@/components/phoneCards';
import { tableMoneyText } from '#domain/rules/money';
import { DEAL_PROOF_NOTE_MAX } from '#domain/rules/settlement';
import { type DealDetail, type DealStatus, type DealSummary } from '#domain/contract/settlement';
import { useDeal, useDeals } from '../api/get-deals';
import { useWalletSummary } from '../api/get-wallet-summary';
import { getDealLetter, postConfirmDeal, postDealOrder, postDealProof, postDealWallet } from '../api/post-deal';
import { BankOrderPanel } from '../components/BankOrderPanel';
import '@/styles/money.css';

const PAGE_SIZE = 10;
const COLOR: Record<DealStatus, string> = {
  awaitingConfirmation: 'orange',
  awaitingPayment: 'gold',
  proofSubmitted: 'gold',
  paid: 'green',
  handedOver: 'blue',
  certified: 'blue',
  paidOut: 'default',
  forfeited: 'red',
};
const STEP: Record<DealStatus, number> = { awaitingConfirmation: 0, awaitingPayment: 1, proofSubmitted: 1, paid: 2, handedOver: 3, certified: 4, paidOut: 5, forfeited: 0 };
const money = (v: number) => <Money yuan={v} />;

const SETTLEMENTS = { href: '#/projectSettlement', label: '返回项目结算' };

/** /projectSettlement: 项目结算 — the user's deals and what each waits for. */
export function ProjectSettlementPage() {
  const { current = 1 } = useSearch({ from: '/_auth/projectSettlement' });
  const navigate = useNavigate();
  const deals = useDeals(current, PAGE_SIZE);
  return (
    <UserCentreFrame title="项目结算">
      <QueryState query={deals} isEmpty={(p) => p.total === 0} emptyHint="竞得项目后，成交确认与价款结算在此办理">
        {(page) => (
          <>
            <Table<DealSummary>
              className={TABLE_CARDS}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={page.records}
              // On a narrow desktop window the table scrolls sideways, the project pinned; on a phone each deal
              // is a card (squeezed, the amounts were a digit a line — found by e2e/phone-journey.spec.ts).
              scroll={cardScroll(780)}
              columns={cardColumns<DealSummary>([
                { title: '项目名称', dataIndex: 'assetsName', key: 'name', width: 150, fixed: 'left', ellipsis: true, card: 'title', render: (name: string, d) => <a href={`#/projectSettleDetail?id=${d.id}`}>{name}</a> },
                { title: '成交价', dataIndex: 'price', key: 'price', width: 120, align: 'right', render: money },
                { title: '应付金额', dataIndex: 'amountDue', key: 'due', width: 120, align: 'right', render: money },
                { title: '状态', dataIndex: 'statusText', key: 'status', width: 120, render: (text: string, d) => <Tag color={COLOR[d.status]}>{text}</Tag> },
                { title: '成交时间', dataIndex: 'createTime', key: 'time', width: 170 },
                {
                  title: '操作',
                  key: 'op',
                  width: 100,
                  card: 'actions',
                  render: (_: unknown, d) =>
                    d.status === 'awaitingConfirmation' ? (
                      <a href={`#/projectSettleDetail?id=${d.id}`}>确认成交</a>
                    ) : d.status === 'awaitingPayment' ? (
                      <a href={`#/settleDetailPayInfo?id=${d.id}`}>支付价款</a>
                    ) : (
                      <a href={`#/projectSettleDetail?id=${d.id}`}>查看</a>
                    ),
                },
              ])}
            />
            <Pagination className="wallet__pager" current={page.current} pageSize={PAGE_SIZE} total={page.total} showSizeChanger={false} onChange={(next) => void navigate({ to: '/projectSettlement', search: { current: next } })} />
          </>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}

/** The 成交确认书 (a PDF) in a dialog, downloadable. */
function LetterButton({ id }: { id: number }) {
  const [load, setLoad] = useState<((signal: AbortSignal) => Promise<Blob>) | null>(null);
  return (
    <>
      <Button onClick={() => setLoad(() => (signal: AbortSignal) => getDealLetter(id, signal))}>查看成交确认书</Button>
      <PdfDocumentModal title="成交确认书" fileName={`成交确认书-${id}.pdf`} load={load} onClose={() => setLoad(null)} />
    </>
  );
}

function DealFacts({ d }: { d: DealDetail }) {
  return (
    <Descriptions bordered column={2} size="small" className="deal__facts">
      <Descriptions.Item label="项目名称" span={2}>
        {d.assetsName}
      </Descriptions.Item>
      <Descriptions.Item label="项目编号">{d.projectCode}</Descriptions.Item>
      <Descriptions.Item label="成交编号">{d.dealCode}</Descriptions.Item>
      <Descriptions.Item label="转让方">{d.transferor || '—'}</Descriptions.Item>
      <Descriptions.Item label="受让方">{d.buyerName}</Descriptions.Item>
      <Descriptions.Item label="竞买号">{d.bidCode}</Descriptions.Item>
      <Descriptions.Item label="成交时间">{d.dealTime}</Descriptions.Item>
      <Descriptions.Item label="成交价">{money(d.price)}</Descriptions.Item>
      <Descriptions.Item label="买方服务费">{money(d.fee)}</Descriptions.Item>
      <Descriptions.Item label="保证金转价款">{d.deposit > 0 ? <>− {money(d.deposit)}</> : money(0)}</Descriptions.Item>
      <Descriptions.Item label="应付金额">
        <b data-testid="amount-due">
          <Money yuan={d.amountDue} exact />
        </b>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** /projectSettleDetail?id=: the deal, its 成交确认书 and the online confirmation, and what follows. */
export function ProjectSettleDetailPage() {
  const { id = 0 } = useSearch({ from: '/_auth/projectSettleDetail' });
  const deal = useDeal(id);
  const queryClient = useQueryClient();
  const { message } = AntdApp.useApp();
  const confirm = useMutation({
    mutationFn: () => postConfirmDeal(id),
    onSuccess: () => {
      void message.success('成交已确认');
      void queryClient.invalidateQueries({ queryKey: ['money'] });
    },
  });
  return (
    <UserCentreFrame title="结算详情" extra={<a href="#/projectSettlement">返回项目结算</a>}>
      <QueryState query={deal} isEmpty={() => false} back={SETTLEMENTS}>
        {(d) => (
          <>
            <Steps
              size="small"
              current={STEP[d.status]}
              status={d.status === 'forfeited' ? 'error' : undefined}
              className="deal__steps"
              items={[{ title: '确认成交' }, { title: '支付价款' }, { title: '资产交割' }, { title: '交易凭证' }, { title: '价款划转' }, { title: '完成' }]}
            />
            <p>
              状态：<Tag color={COLOR[d.status]}>{d.statusText}</Tag>
            </p>
            {d.status === 'forfeited' && <Alert type="error" showIcon title={`违约处理：${d.forfeitReason}`} description="所缴保证金已没收。如有异议，可提出申诉。" style={{ marginBottom: 12 }} />}
            <DealFacts d={d} />
            <Space style={{ marginTop: 16 }} wrap>
              <LetterButton id={d.id} />
              {d.status === 'awaitingConfirmation' && (
                <Button type="primary" loading={confirm.isPending} onClick={() => confirm.mutate()}>
                  确认成交
                </Button>
              )}
              {d.status === 'awaitingPayment' && (
                <a href={`#/settleDetailPayInfo?id=${d.id}`}>
                  <Button type="primary">支付价款</Button>
                </a>
              )}
            </Space>
            {d.status === 'awaitingConfirmation' && <p className="wallet__hint">请于 {d.confirmDue} 前确认，逾期未确认视为违约，保证金不予退还。</p>}
            {d.status === 'awaitingPayment' && <p className="wallet__hint">请于 {d.payDue} 前支付应付金额。</p>}
            <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
              {d.confirmTime && <Descriptions.Item label="确认时间">{d.confirmTime}</Descriptions.Item>}
              {d.paidTime && <Descriptions.Item label="支付时间">{d.paidTime}</Descriptions.Item>}
              {d.handoverTime && <Descriptions.Item label="资产交接通知书">{d.handoverTime}</Descriptions.Item>}
              {d.certificateTime && <Descriptions.Item label="产权交易凭证">{d.certificateTime}</Descriptions.Item>}
              {d.payoutTime && <Descriptions.Item label="价款划转转让方">{d.payoutTime}</Descriptions.Item>}
            </Descriptions>
          </>
        )}
      </QueryState>
    </UserCentreFrame>
  );
}

/** The settlement's order at the bank; the paid notice once the bank confirms. */
function SettleBank({ order, dealId }: { order: TopUpOrder; dealId: number }) {
  return <BankOrderPanel order={order} done={<Paid dealId={dealId} />} />;
}

function Paid({ dealId }: { dealId: number }) {
  return (
    <Result
      status="success"
      title="价款支付成功"
      subTitle="成交价款及服务费已结清，保证金已转为价款。交易机构将出具资产交接通知书。"
      extra={
        <Space>
          <a href={`#/projectSettleDetail?id=${dealId}`}>
            <Button type="primary">查看结算详情</Button>
          </a>
          <a href="#/wallet/detail">
            <Button>查看钱包明细</Button>
          </a>
        </Space>
      }
    />
  );
}

/** The bank-transfer proof: a file of 我的文件 (chosen or uploaded now) and a note; a rejected one's reason. */
function TransferProofForm({ d }: { d: DealDetail }) {
  const queryClient = useQueryClient();
  const { message } = AntdApp.useApp();
  const submit = useMutation({
    mutationFn: (v: { fileId: string; note?: string }) => postDealProof(d.id, v.fileId, (v.note ?? '').trim()),
    onSuccess: (deal) => {
      void message.success('转账凭证已提交');
      queryClient.setQueryData(['money', 'deal', d.id], deal);
      void queryClient.invalidateQueries({ queryKey: ['money'] });
    },
  });
  return (
    <section aria-label="提交转账凭证" className="deal__proof">
      <h3 className="wallet__sub">提交转账凭证</h3>
      {d.proof?.status === 'rejected' && <Alert type="warning" showIcon title={`上次提交的凭证未通过：${d.proof.reason}`} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" onFinish={(v: { fileId: string; note?: string }) => submit.mutate(v)} style={{ maxWidth: 560 }}>
        <Form.Item label="转账凭证（银行回单，PDF 或图片）" name="fileId" rules={[{ required: true, message: '请选择转账凭证文件' }]}>
          <LibraryFilePicker ariaLabel="转账凭证" />
        </Form.Item>
        <Form.Item label="备注" name="note" rules={[{ max: DEAL_PROOF_NOTE_MAX, message: `备注不能超过${DEAL_PROOF_NOTE_MAX}个字` }]}>
          <Input maxLength={DEAL_PROOF_NOTE_MAX} placeholder="可选：付款账户、转账时间等" />
        </Form.Item>
        <Button htmlType="submit" loading={submit.isPending}>
          提交转账凭证
        </Button>
      </Form>
    </section>
  );
}

/** /settleDetailPayInfo?id=: how to pay the amount due — online (sandbox bank), from the wallet, or by transfer. */
export function SettleDetailPayInfoPage() {
  const { id = 0 } = useSearch({ from: '/_auth/settleDetailPayInfo' });
  const deal = useDeal(id);
  const wallet = useWalletSummary();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<TopUpOrder | null>(null);
  const [walletPaid, setWalletPaid] = useState(false);
  const online = useMutation({ mutationFn: () => postDealOrder(id), onSuccess: setOrder });
  const fromWallet = useMutation({
    mutationFn: () => postDealWallet(id),
    onSuccess: () => {
      setWalletPaid(true);
      void queryClient.invalidateQueries({ queryKey: ['money'] });
    },
  });
  return (
    <UserCentreFrame title="结算支付信息" extra={<a href={`#/projectSettleDetail?id=${id}`}>返回结算详情</a>}>
      <QueryState query={deal} isEmpty={() => false} back={SETTLEMENTS}>
        {(d) =>
          walletPaid ? (
            <Paid dealId={d.id} />
          ) : order ? (
            <SettleBank order={order} dealId={d.id} />
          ) : d.status === 'proofSubmitted' && d.proof ? (
            <Alert type="info" showIcon title="转账凭证已提交，待交易机构确认" description={`凭证：${d.proof.fileName}（${d.proof.submitTime} 提交）。交易机构核实到账后确认，结果将以消息通知您。`} />
          ) : d.status !== 'awaitingPayment' ? (
            <Alert type="info" showIcon title={d.status === 'awaitingConfirmation' ? '请先确认成交确认书' : `当前状态：${d.statusText}，无需支付`} />
          ) : (
            <>
              <DealFacts d={d} />
              <h2 className="wallet__sub" style={{ marginTop: 16 }}>
                支付方式
              </h2>
              <Space direction="vertical" size="middle">
                <Space>
                  <Button type="primary" loading={online.isPending} onClick={() => online.mutate()}>
                    网银在线支付
                  </Button>
                  <Button
                    loading={fromWallet.isPending}
                    disabled={!wallet.data || Math.round(wallet.data.available * 100) < Math.round(d.amountDue * 100)}
                    onClick={() => fromWallet.mutate()}
                  >
                    钱包余额支付（可用 {wallet.data ? tableMoneyText(wallet.data.available) : '—'}）
                  </Button>
                </Space>
                <Alert
                  type="info"
                  showIcon
                  title="银行转账"
                  description="也可转账至交易机构结算账户：河北产权市场有限公司，中国银行股份有限公司石家庄裕华支行，1012 8866 0000 2026 0713。转账时请注明成交编号，转账后在下方提交转账凭证，交易机构确认到账后完成结算。"
                />
                <TransferProofForm d={d} />
              </Space>
            </>
          )
        }
      </QueryState>
    </UserCentreFrame>
  );
}
