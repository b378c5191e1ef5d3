/**
 * 提现: users' withdrawals from their wallet to a bank card. The detail shows the card and the user's
 * balances; 已支付 records the bank transfer as made, 支付失败 (reason required) returns the amount to the
 * user's available balance. Both are money actions (the password again on 428).
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Popconfirm } from 'antd';
import type { TableColumnsType } from 'antd';
import { Money } from '@/components/Money';
import type { WithdrawalDetail, WithdrawalItem } from '#domain/contract/staffQueues';
import { DEFAULT_QUEUE_FILTER, type QueueFilter } from '../../api/queues';
import { SubmitCell, StateCell, UserCell } from '../../components/QueueCells';
import { QueueToolbar } from '../../components/QueueToolbar';
import { ReasonDialog } from '../../components/ReasonDialog';
import { DetailDrawer } from '../../components/DetailDrawer';
import { OpenItemButton, QueueTable } from '../../components/QueueTable';
import { useFailWithdrawal, usePayWithdrawal, useWithdrawal, useWithdrawals } from './api';

function WithdrawalActions({ item, onDone }: { item: WithdrawalDetail; onDone: () => void }) {
  const { message } = App.useApp();
  const pay = usePayWithdrawal();
  const fail = useFailWithdrawal();
  const [failing, setFailing] = useState(false);
  const markPaid = async () => {
    try {
      await pay.mutateAsync({ id: item.id });
      void message.success(`提现 ${item.withdrawNo} 已标记为已支付`);
      onDone();
    } catch {
      // shown by the client
    }
  };
  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="console-section"
        title="先完成银行付款，再标记已支付"
        description="请通过银行向下列账户付款后点击「已支付」；银行退票或无法付款时点击「支付失败」并填写原因，款项将退回用户的可用余额。"
      />
      <div className="console-actions">
        <Popconfirm title="确认已通过银行付款？" description={`向 ${item.accountName} ${item.bankName}（${item.cardMasked}）付款`} okText="已支付" cancelText="取消" onConfirm={markPaid}>
          <Button type="primary" loading={pay.isPending}>
            已支付
          </Button>
        </Popconfirm>
        <Button danger onClick={() => setFailing(true)}>
          支付失败
        </Button>
      </div>
      <ReasonDialog
        open={failing}
        title="提现支付失败"
        label="失败原因"
        okText="确认支付失败"
        placeholder="例如：收款账户户名与实名不符，银行退票"
        extra="款项退回用户可用余额，用户在资金明细中看到此原因"
        busy={fail.isPending}
        onSubmit={async (reason) => {
          await fail.mutateAsync({ id: item.id, reason });
          void message.success(`提现 ${item.withdrawNo} 已退回`);
          onDone();
        }}
        onClose={() => setFailing(false)}
      >
        <p>
          提现单 <span className="console-mono">{item.withdrawNo}</span>：<Money yuan={item.amount} exact />
        </p>
      </ReasonDialog>
    </>
  );
}

function WithdrawalDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useWithdrawal(id);
  return (
    <DetailDrawer title="提现详情" open={id !== null} onClose={onClose} query={detail}>
        {(item) => (
          <>
            <Descriptions
              bordered
              size="small"
              column={2}
              items={[
                { key: 'no', label: '提现单号', children: <span className="console-mono">{item.withdrawNo}</span> },
                { key: 'state', label: '状态', children: <StateCell item={item} /> },
                { key: 'user', label: '用户', children: `${item.userName || '（未实名）'}（${item.loginName}）` },
                { key: 'time', label: '申请时间', children: <span className="tabular">{item.submitTime}</span> },
                { key: 'amount', label: '提现金额', span: 2, children: <strong><Money yuan={item.amount} exact /></strong> },
                { key: 'account', label: '收款户名', children: item.accountName },
                { key: 'bank', label: '开户银行', children: item.bankName },
                { key: 'card', label: '银行卡号', span: 2, children: <span className="console-mono">{item.cardMasked}</span> },
                { key: 'available', label: '当前可用余额', children: <Money yuan={item.available} exact /> },
                { key: 'frozen', label: '当前冻结金额', children: <Money yuan={item.frozen} exact /> },
              ]}
            />
            {item.state === 'requested' && <WithdrawalActions item={item} onDone={onClose} />}
          </>
        )}
    </DetailDrawer>
  );
}

export function WithdrawalsPage() {
  const [filter, setFilter] = useState<QueueFilter>(DEFAULT_QUEUE_FILTER);
  const [open, setOpen] = useState<number | null>(null);
  const query = useWithdrawals(filter);
  const columns: TableColumnsType<WithdrawalItem> = [
    { title: '申请时间', width: 180, render: (_, item) => <SubmitCell item={item} /> },
    { title: '用户', width: 150, render: (_, item) => <UserCell item={item} /> },
    { title: '提现单号', dataIndex: 'withdrawNo', render: (no: string) => <span className="console-mono">{no}</span> },
    { title: '金额', width: 150, align: 'right', render: (_, item) => <Money yuan={item.amount} /> },
    { title: '收款银行', width: 220, render: (_, item) => `${item.bankName} ${item.cardMasked}` },
    { title: '状态', width: 190, render: (_, item) => <StateCell item={item} /> },
    {
      title: '操作',
      width: 90,
      render: (_, item) => (
        <OpenItemButton waiting={item.state === 'requested'} onClick={() => setOpen(item.id)} />
      ),
    },
  ];
  return (
    <div className="console-page">
      <h1 className="console-title">提现</h1>
      <QueueToolbar filter={filter} onChange={setFilter} onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      <QueueTable<WithdrawalItem, typeof filter> query={query} filter={filter} onFilter={setFilter} columns={columns} empty={{ waiting: '没有待处理的提现', other: '没有符合条件的提现' }} />
      <WithdrawalDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
