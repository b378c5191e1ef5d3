/**
 * 结算与付款: paid deals and what the exchange does next, one step at a time — 资产交接 (paid → handed
 * over), 出具交易凭证 (→ certified), then 提交复核（向转让方付款）: four eyes, carried out only when another
 * member holding deal.payout approves it on 待复核. Every step is a money action (the password again on 428).
 */
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Popconfirm, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Money } from '@/components/Money';
import type { ApprovalItem } from '#domain/contract/staff';
import type { SettlementItem } from '#domain/contract/staffQueues';
import { usePermissions } from '../../api/me';
import { DEFAULT_QUEUE_FILTER, type QueueFilter } from '../../api/queues';
import { FourEyesNotice, PendingApprovalTag } from '../../components/FourEyesNotice';
import { SubmitCell, StateCell, UserCell } from '../../components/QueueCells';
import { QueueToolbar } from '../../components/QueueToolbar';
import { QueryArea } from '../../layout/RouteStates';
import { QueueTable } from '../../components/QueueTable';
import { useCertificate, useHandover, usePreparePayout, useSettlement, useSettlements } from './api';

const STEPS = {
  handover: { button: '资产交接', confirm: '出具资产交接通知书？成交将变为「已交接」。', done: '已出具资产交接通知书' },
  certificate: { button: '出具交易凭证', confirm: '出具产权交易凭证？成交将变为「已出证」。', done: '已出具产权交易凭证' },
  payout: { button: '提交复核（向转让方付款）', confirm: '提交向转让方付款？须由另一位同事在「待复核」中通过后才付款。', done: '已提交复核' },
} as const;

function SettlementDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useSettlement(id);
  return (
    <Drawer open={id !== null} size={720} title="成交详情" onClose={onClose} destroyOnHidden>
      <QueryArea query={detail}>
        {({ deal, ...item }) => (
          <Descriptions
            aria-label="成交详情"
            bordered
            size="small"
            column={2}
            items={[
              { key: 'code', label: '成交编号', children: <span className="console-mono">{deal.dealCode}</span> },
              { key: 'state', label: '状态', children: deal.statusText },
              { key: 'asset', label: '项目', span: 2, children: `${deal.assetsName}（${deal.projectCode}）` },
              { key: 'buyer', label: '买受人', children: `${deal.buyerName || item.userName}（${item.loginName}）` },
              { key: 'transferor', label: '转让方', children: deal.transferor },
              { key: 'price', label: '成交价', children: <Money yuan={deal.price} exact /> },
              { key: 'fee', label: '交易服务费', children: <Money yuan={deal.fee} exact /> },
              { key: 'deposit', label: '保证金抵扣', children: <Money yuan={deal.deposit} exact /> },
              { key: 'due', label: '应付金额', children: <Money yuan={deal.amountDue} exact /> },
              { key: 'paid', label: '付款时间', children: <span className="tabular">{deal.paidTime ?? '—'}</span> },
              { key: 'handover', label: '交接时间', children: <span className="tabular">{deal.handoverTime ?? '—'}</span> },
              { key: 'cert', label: '出证时间', children: <span className="tabular">{deal.certificateTime ?? '—'}</span> },
              { key: 'payout', label: '付款给转让方', children: <span className="tabular">{deal.payoutTime ?? '—'}</span> },
            ]}
          />
        )}
      </QueryArea>
    </Drawer>
  );
}

export function SettlementPage() {
  const { message } = App.useApp();
  const held = usePermissions();
  const [filter, setFilter] = useState<QueueFilter>(DEFAULT_QUEUE_FILTER);
  const [open, setOpen] = useState<number | null>(null);
  const [prepared, setPrepared] = useState<ApprovalItem | null>(null);
  const query = useSettlements(filter);
  const handover = useHandover();
  const certificate = useCertificate();
  const payout = usePreparePayout();

  const step = async (item: SettlementItem) => {
    try {
      if (item.nextStep === 'handover') await handover.mutateAsync({ id: item.id });
      else if (item.nextStep === 'certificate') await certificate.mutateAsync({ id: item.id });
      else if (item.nextStep === 'payout') setPrepared(await payout.mutateAsync({ id: item.id }));
      if (item.nextStep) void message.success(`${STEPS[item.nextStep].done}：${item.assetsName}`);
    } catch {
      // shown by the client (or the password dialog was cancelled)
    }
  };
  const mayStep = (item: SettlementItem) =>
    item.nextStep !== null && item.approvalId === null && held.has(item.nextStep === 'payout' ? 'deal.payout' : 'deal.settle');

  const columns: TableColumnsType<SettlementItem> = [
    { title: '付款时间', width: 180, render: (_, item) => <SubmitCell item={item} /> },
    { title: '买受人', width: 150, render: (_, item) => <UserCell item={item} /> },
    {
      title: '成交项目',
      render: (_, item) => (
        <>
          <div>{item.assetsName}</div>
          <Typography.Text type="secondary" className="console-mono">
            {item.dealCode}
          </Typography.Text>
        </>
      ),
    },
    { title: '成交价', width: 140, align: 'right', render: (_, item) => <Money yuan={item.price} /> },
    {
      title: '状态',
      width: 190,
      render: (_, item) => (
        <>
          <StateCell item={item} />
          <PendingApprovalTag approvalId={item.approvalId} />
        </>
      ),
    },
    {
      title: '操作',
      width: 260,
      render: (_, item) => (
        <Space wrap>
          {mayStep(item) && item.nextStep && (
            <Popconfirm title={`${STEPS[item.nextStep].button}？`} description={STEPS[item.nextStep].confirm} okText="确定" cancelText="取消" onConfirm={() => step(item)}>
              <Button size="small" type="primary">
                {STEPS[item.nextStep].button}
              </Button>
            </Popconfirm>
          )}
          <Button size="small" onClick={() => setOpen(item.id)}>
            详情
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="console-page">
      <h1 className="console-title">结算与付款</h1>
      <FourEyesNotice item={prepared} onClose={() => setPrepared(null)} />
      <QueueToolbar filter={filter} onChange={setFilter} onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      <QueueTable<SettlementItem, typeof filter> query={query} filter={filter} onFilter={setFilter} columns={columns} empty={{ waiting: '没有待结算的成交', other: '没有符合条件的成交' }} />
      <SettlementDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
