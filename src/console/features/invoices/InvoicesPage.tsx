/**
 * 发票: users' requests for an invoice of the exchange's service fee. The detail shows the title, taxpayer
 * number, amount and where it goes; 开具 issues it, 拒绝 (reason required) refuses it — the user reads the
 * reason on 我的发票. Money actions (the password again on 428).
 */
import { useState } from 'react';
import { App, Button, Descriptions, Popconfirm, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Money } from '@/components/Money';
import type { InvoiceQueueDetail, InvoiceQueueItem } from '#domain/contract/staffQueues';
import { DEFAULT_QUEUE_FILTER, type QueueFilter } from '../../api/queues';
import { SubmitCell, StateCell, UserCell } from '../../components/QueueCells';
import { QueueToolbar } from '../../components/QueueToolbar';
import { ReasonDialog } from '../../components/ReasonDialog';
import { DetailDrawer } from '../../components/DetailDrawer';
import { OpenItemButton, QueueTable } from '../../components/QueueTable';
import { useInvoice, useInvoices, useIssueInvoice, useRefuseInvoice } from './api';

function InvoiceActions({ item, onDone }: { item: InvoiceQueueDetail; onDone: () => void }) {
  const { message } = App.useApp();
  const issue = useIssueInvoice();
  const refuse = useRefuseInvoice();
  const [refusing, setRefusing] = useState(false);
  const doIssue = async () => {
    try {
      await issue.mutateAsync({ id: item.id });
      void message.success(`已开具发票：${item.invoice.title}`);
      onDone();
    } catch {
      // shown by the client
    }
  };
  return (
    <>
      <div className="console-actions">
        <Popconfirm title="确认开具此发票？" description={`${item.invoice.kindText}，抬头「${item.invoice.title}」`} okText="开具" cancelText="取消" onConfirm={doIssue}>
          <Button type="primary" loading={issue.isPending}>
            开具
          </Button>
        </Popconfirm>
        <Button danger onClick={() => setRefusing(true)}>
          拒绝
        </Button>
      </div>
      <ReasonDialog
        open={refusing}
        title="拒绝开具发票"
        label="拒绝原因"
        okText="拒绝"
        placeholder="例如：纳税人识别号与抬头不符，请核对后重新申请"
        extra="用户将在「我的发票」中看到此原因"
        busy={refuse.isPending}
        onSubmit={async (reason) => {
          await refuse.mutateAsync({ id: item.id, reason });
          void message.success('已拒绝开具');
          onDone();
        }}
        onClose={() => setRefusing(false)}
      >
        <p>
          {item.invoice.title}：<Money yuan={item.invoice.amount} exact />
        </p>
      </ReasonDialog>
    </>
  );
}

function InvoiceDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useInvoice(id);
  return (
    <DetailDrawer title="发票申请详情" open={id !== null} onClose={onClose} query={detail}>
        {(item) => (
          <>
            <Descriptions
              bordered
              size="small"
              column={2}
              items={[
                { key: 'user', label: '申请人', children: `${item.userName || '（未实名）'}（${item.loginName}）` },
                { key: 'state', label: '状态', children: <StateCell item={item} /> },
                { key: 'asset', label: '成交项目', span: 2, children: item.invoice.assetsName },
                { key: 'kind', label: '发票类型', children: item.invoice.kindText },
                { key: 'amount', label: '开票金额', children: <strong><Money yuan={item.invoice.amount} exact /></strong> },
                { key: 'title', label: '发票抬头', span: 2, children: item.invoice.title },
                { key: 'tax', label: '纳税人识别号', span: 2, children: <span className="console-mono">{item.invoice.taxpayerNo || '—'}</span> },
                { key: 'email', label: '接收邮箱', children: item.invoice.email },
                { key: 'time', label: '申请时间', children: <span className="tabular">{item.invoice.requestTime}</span> },
                ...(item.invoice.invoiceNo ? [{ key: 'no', label: '发票号码', span: 2, children: <span className="console-mono">{item.invoice.invoiceNo}</span> }] : []),
              ]}
            />
            {item.state === 'requested' && <InvoiceActions item={item} onDone={onClose} />}
          </>
        )}
    </DetailDrawer>
  );
}

export function InvoicesPage() {
  const [filter, setFilter] = useState<QueueFilter>(DEFAULT_QUEUE_FILTER);
  const [open, setOpen] = useState<number | null>(null);
  const query = useInvoices(filter);
  const columns: TableColumnsType<InvoiceQueueItem> = [
    { title: '申请时间', width: 180, render: (_, item) => <SubmitCell item={item} /> },
    { title: '申请人', width: 150, render: (_, item) => <UserCell item={item} /> },
    {
      title: '发票抬头',
      render: (_, item) => (
        <>
          <div>{item.invoice.title}</div>
          <Typography.Text type="secondary">{item.invoice.assetsName}</Typography.Text>
        </>
      ),
    },
    { title: '类型', width: 150, render: (_, item) => item.invoice.kindText },
    { title: '金额', width: 140, align: 'right', render: (_, item) => <Money yuan={item.invoice.amount} /> },
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
      <h1 className="console-title">发票</h1>
      <QueueToolbar filter={filter} onChange={setFilter} onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      <QueueTable<InvoiceQueueItem, typeof filter> query={query} filter={filter} onFilter={setFilter} columns={columns} empty={{ waiting: '没有待开具的发票申请', other: '没有符合条件的发票申请' }} />
      <InvoiceDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
