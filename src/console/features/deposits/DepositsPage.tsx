/**
 * 保证金: the deposits the exchange holds (冻结中 by default: confirmed or kept), searched by login name,
 * project or deposit code. 没收保证金 needs a reason and only prepares the forfeit (four eyes): another
 * member holding deposit.forfeit carries it out on 待复核. A money action (the password again on 428).
 */
import { useState } from 'react';
import { Alert, App, Button, Input, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Money } from '@/components/Money';
import { DEPOSIT_STATUS_TEXT } from '#domain/rules/enrolment';
import type { ApprovalItem } from '#domain/contract/staff';
import type { StaffDepositItem } from '#domain/contract/staffQueues';
import { FourEyesNotice, PendingApprovalTag } from '../../components/FourEyesNotice';
import { ReasonDialog } from '../../components/ReasonDialog';
import { QueueTable } from '../../components/QueueTable';
import { usePrepareForfeit, useDeposits, type DepositFilter } from './api';

/** The server's filter: 冻结中 (confirmed or kept), all, or one status (the wire's labels). */
const STATE_OPTIONS = [
  { value: 'frozen', label: '冻结中' },
  { value: 'all', label: '全部' },
  ...(['proofSubmitted', 'confirmed', 'kept', 'released', 'forfeited'] as const).map((status) => ({ value: status, label: DEPOSIT_STATUS_TEXT[status] })),
];

const FORFEITABLE = new Set(['confirmed', 'kept']);

export function DepositsPage() {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<DepositFilter>({ state: 'frozen', q: '', current: 1 });
  const [forfeiting, setForfeiting] = useState<StaffDepositItem | null>(null);
  const [prepared, setPrepared] = useState<ApprovalItem | null>(null);
  const query = useDeposits(filter);
  const forfeit = usePrepareForfeit();

  const columns: TableColumnsType<StaffDepositItem> = [
    { title: '保证金编号', dataIndex: 'depositCode', width: 190, render: (code: string) => <span className="console-mono">{code}</span> },
    {
      title: '用户',
      width: 150,
      render: (_, item) => (
        <>
          <div>{item.userName || '（未实名）'}</div>
          <Typography.Text type="secondary" className="console-mono">
            {item.loginName}
          </Typography.Text>
        </>
      ),
    },
    { title: '项目', dataIndex: 'assetsName' },
    { title: '金额', width: 140, align: 'right', render: (_, item) => <Money yuan={item.amount} /> },
    { title: '到账时间', width: 170, render: (_, item) => <span className="tabular">{item.confirmTime ?? '—'}</span> },
    {
      title: '状态',
      width: 170,
      render: (_, item) => (
        <>
          <Tag color={item.status === 'forfeited' ? 'red' : FORFEITABLE.has(item.status) ? 'blue' : 'default'}>{item.statusText}</Tag>
          <PendingApprovalTag approvalId={item.approvalId} />
        </>
      ),
    },
    {
      title: '操作',
      width: 120,
      render: (_, item) =>
        FORFEITABLE.has(item.status) && item.approvalId === null ? (
          <Button size="small" type="link" danger onClick={() => setForfeiting(item)}>
            没收保证金
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="console-page">
      <h1 className="console-title">保证金</h1>
      <Alert
        type="info"
        showIcon
        className="console-note"
        title="没收保证金须双人复核"
        description="竞买人违约（如成交后未按期签约、付款）时，可提交没收其保证金并填写原因；须由另一位具有相同权限的工作人员在「待复核」中通过后才执行，用户将收到含原因的消息。"
      />
      <FourEyesNotice item={prepared} onClose={() => setPrepared(null)} />
      <div className="console-toolbar">
        <div style={{ display: 'flex', gap: 8 }}>
          <Select aria-label="状态" style={{ width: 140 }} value={filter.state} options={STATE_OPTIONS} onChange={(state: string) => setFilter({ ...filter, state, current: 1 })} />
          <Input.Search
            aria-label="搜索保证金"
            style={{ width: 340 }}
            allowClear
            placeholder="登录名、项目名称或保证金编号"
            enterButton="搜索"
            onSearch={(q) => setFilter({ ...filter, q: q.trim(), current: 1 })}
          />
        </div>
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
          刷新
        </Button>
      </div>
      <QueueTable<StaffDepositItem, typeof filter> query={query} filter={filter} onFilter={setFilter} columns={columns} empty={{ waiting: '没有符合条件的保证金', other: '没有符合条件的保证金' }} unit="笔" />
      <ReasonDialog
        open={forfeiting !== null}
        title="没收保证金"
        label="没收原因"
        okText="提交复核"
        placeholder="例如：成交后逾期未签订交易合同，依竞买须知没收保证金"
        extra="提交后须由另一位同事复核；执行后用户将在消息中看到此原因"
        busy={forfeit.isPending}
        onSubmit={async (reason) => {
          const approval = await forfeit.mutateAsync({ id: forfeiting!.id, reason });
          setPrepared(approval);
          void message.success('已提交复核，等待另一位同事复核');
        }}
        onClose={() => setForfeiting(null)}
      >
        {forfeiting && (
          <p>
            {forfeiting.userName || forfeiting.loginName}（{forfeiting.loginName}）在「{forfeiting.assetsName}」的保证金 <Money yuan={forfeiting.amount} exact />
          </p>
        )}
      </ReasonDialog>
    </div>
  );
}
