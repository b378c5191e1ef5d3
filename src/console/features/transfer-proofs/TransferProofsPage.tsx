/**
 * 转账凭证: the buyers' bank transfers of a deal's amount due, with the proof they uploaded. The detail shows
 * the buyer, the deal (price, fee, deposit, amount due by the one money rule) and the proof file. 提交复核
 * （确认到账） only prepares the confirmation (four eyes): another member holding transfer.confirm carries it
 * out on 待复核; 驳回 (reason required) is one person's action, refused while a confirmation is pending.
 * Both are money actions: the password dialog opens on the server's 428 and the action is sent again.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Popconfirm, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from '@tanstack/react-router';
import { Money } from '@/components/Money';
import { tableMoneyCell } from '#domain/rules/money';
import type { ApprovalItem } from '#domain/contract/staff';
import type { TransferProofDetail, TransferProofItem } from '#domain/contract/staffQueues';
import { DEFAULT_QUEUE_FILTER, type QueueFilter } from '../../api/queues';
import { FourEyesNotice, PendingApprovalTag } from '../../components/FourEyesNotice';
import { SubmitCell, StateCell, UserCell } from '../../components/QueueCells';
import { QueueToolbar } from '../../components/QueueToolbar';
import { ReasonDialog } from '../../components/ReasonDialog';
import { StaffFiles } from '../../components/StaffFiles';
import { DetailDrawer } from '../../components/DetailDrawer';
import { QueueTable } from '../../components/QueueTable';
import { usePrepareConfirm, useRejectProof, useTransferProof, useTransferProofs } from './api';

/** The exact amount for a confirmation (the tooltip of the one money rule: to the fen). */
const exactYuan = (yuan: number) => tableMoneyCell(yuan).tooltip ?? tableMoneyCell(yuan).text;

function DealFacts({ detail }: { detail: TransferProofDetail }) {
  const { deal } = detail;
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      items={[
        { key: 'buyer', label: '买受人', children: `${deal.buyerName || detail.userName}（${detail.loginName}）` },
        { key: 'transferor', label: '转让方', children: deal.transferor },
        { key: 'asset', label: '项目', span: 2, children: `${deal.assetsName}（${deal.projectCode}）` },
        { key: 'code', label: '成交编号', children: <span className="console-mono">{deal.dealCode}</span> },
        { key: 'status', label: '成交状态', children: deal.statusText },
        { key: 'price', label: '成交价', children: <Money yuan={deal.price} exact /> },
        { key: 'fee', label: '交易服务费', children: <Money yuan={deal.fee} exact /> },
        { key: 'deposit', label: '保证金抵扣', children: <Money yuan={deal.deposit} exact /> },
        { key: 'due', label: '应付金额', children: <strong><Money yuan={deal.amountDue} exact /></strong> },
        { key: 'dealTime', label: '成交时间', children: <span className="tabular">{deal.dealTime}</span> },
        { key: 'payDue', label: '付款期限', children: <span className="tabular">{deal.payDue ?? '—'}</span> },
      ]}
    />
  );
}

function ProofDrawer({ id, onClose, onPrepared }: { id: number | null; onClose: () => void; onPrepared: (item: ApprovalItem) => void }) {
  const { message } = App.useApp();
  const detail = useTransferProof(id);
  const prepare = usePrepareConfirm();
  const reject = useRejectProof();
  const [rejecting, setRejecting] = useState(false);

  const submitConfirm = async (item: TransferProofDetail) => {
    try {
      const approval = await prepare.mutateAsync({ id: item.id });
      void message.success('已提交复核，等待另一位同事复核');
      onPrepared(approval);
      onClose();
    } catch {
      // The client showed the server's text (or the member cancelled the password dialog).
    }
  };

  return (
    <DetailDrawer title="转账凭证详情" open={id !== null} size={760} onClose={onClose} query={detail}>
        {(item) => (
          <>
            <DealFacts detail={item} />
            <section className="console-section">
              <h3>转账凭证</h3>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'time', label: '提交时间', children: <span className="tabular">{item.submitTime}</span> },
                  { key: 'note', label: '付款说明', children: item.deal.proof?.note || '—' },
                  { key: 'state', label: '凭证状态', children: <StateCell item={item} /> },
                  { key: 'file', label: '凭证文件', children: <StaffFiles files={item.files} /> },
                ]}
              />
            </section>
            {item.state === 'submitted' && item.approvalId !== null && (
              <Alert
                type="info"
                showIcon
                className="console-section"
                title={`已提交确认到账复核（复核单 #${item.approvalId}）`}
                description={
                  <>
                    等待另一位具有转账确认权限的工作人员在「待复核」中通过。需驳回时，请先在待复核中退回或撤回该复核单。<Link to="/approvals">前往待复核</Link>
                  </>
                }
              />
            )}
            {item.state === 'submitted' && item.approvalId === null && (
              <>
                <Alert
                  type="warning"
                  showIcon
                  className="console-section"
                  title="核对银行到账后再提交"
                  description="请在银行账户中核对到账金额与应付金额一致、付款人与买受人一致。确认到账须双人复核：您提交后，由另一位财务人员在「待复核」中通过才生效。"
                />
                <div className="console-actions">
                  <Popconfirm
                    title="提交确认到账复核？"
                    description={`应付金额 ${exactYuan(item.deal.amountDue)}，提交后须由另一位同事复核。`}
                    okText="提交复核"
                    cancelText="取消"
                    onConfirm={() => submitConfirm(item)}
                  >
                    <Button type="primary" loading={prepare.isPending}>
                      提交复核（确认到账）
                    </Button>
                  </Popconfirm>
                  <Button danger onClick={() => setRejecting(true)}>
                    驳回
                  </Button>
                </div>
                <ReasonDialog
                  open={rejecting}
                  title="驳回转账凭证"
                  label="驳回原因"
                  okText="驳回"
                  placeholder="例如：未查询到该笔到账，请核对付款账户后重新上传"
                  extra="买受人将在成交页面看到此原因，成交回到待付款"
                  busy={reject.isPending}
                  onSubmit={async (reason) => {
                    await reject.mutateAsync({ id: item.id, reason });
                    void message.success('已驳回转账凭证');
                  }}
                  onClose={() => setRejecting(false)}
                >
                  <p>
                    {item.assetsName}：应付 <Money yuan={item.amountDue} />
                  </p>
                </ReasonDialog>
              </>
            )}
          </>
        )}
    </DetailDrawer>
  );
}

export function TransferProofsPage() {
  const [filter, setFilter] = useState<QueueFilter>(DEFAULT_QUEUE_FILTER);
  const [open, setOpen] = useState<number | null>(null);
  const [prepared, setPrepared] = useState<ApprovalItem | null>(null);
  const query = useTransferProofs(filter);

  const columns: TableColumnsType<TransferProofItem> = [
    { title: '提交时间', width: 180, render: (_, item) => <SubmitCell item={item} /> },
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
    { title: '应付金额', width: 150, align: 'right', render: (_, item) => <Money yuan={item.amountDue} /> },
    { title: '凭证', dataIndex: 'fileName', width: 180, ellipsis: true },
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
      width: 90,
      render: (_, item) => (
        <Button size="small" type={item.state === 'submitted' && item.approvalId === null ? 'primary' : 'default'} onClick={() => setOpen(item.id)}>
          {item.state === 'submitted' && item.approvalId === null ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <div className="console-page">
      <h1 className="console-title">转账凭证</h1>
      <FourEyesNotice item={prepared} onClose={() => setPrepared(null)} />
      <QueueToolbar filter={filter} onChange={setFilter} onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      <QueueTable<TransferProofItem, typeof filter> query={query} filter={filter} onFilter={setFilter} columns={columns} empty={{ waiting: '没有待审核的转账凭证', other: '没有符合条件的转账凭证' }} />
      <ProofDrawer id={open} onClose={() => setOpen(null)} onPrepared={setPrepared} />
    </div>
  );
}
