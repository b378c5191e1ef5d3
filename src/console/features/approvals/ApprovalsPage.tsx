/**
 * 待复核 (four eyes): the prepared actions the member may decide, and his own. 通过 carries the action out
 * (money kinds ask for the password again: the HTTP wrapper's dialog), 退回 needs a reason, 撤回 is the
 * preparer's while the item waits. The preparer can never approve his own item: the server refuses it and
 * the page says so instead of offering the button.
 */
import { useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ApprovalItem } from '#domain/contract/staff';
import { APPROVAL_STATE_LABELS, FOUR_EYES_KIND_KEYS, FOUR_EYES_KINDS, type ApprovalState, type FourEyesKind } from '#domain/rules/staff';
import { JsonBlock } from '../../components/JsonBlock';
import { QueryArea } from '../../layout/RouteStates';
import { APPROVALS_PAGE_SIZE, useApprovals, useDecide } from './api';

const STATE_COLOURS: Record<ApprovalState, string> = { pending: 'orange', approved: 'green', rejected: 'red', withdrawn: 'default' };

function RejectDialog({ item, onClose }: { item: ApprovalItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const decide = useDecide();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    await decide.mutateAsync({ action: 'reject', id: item!.id, reason: reason.trim() });
    void message.success('已退回');
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={item !== null}
      title="退回复核单"
      okText="退回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={decide.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {item && <p>{item.summary}</p>}
      <Form form={form} layout="vertical" aria-label="退回原因">
        <Form.Item name="reason" label="退回原因" rules={[{ required: true, whitespace: true, message: '请填写退回原因' }]} extra="提交人将看到此原因">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="例如：金额与合同不符" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ApprovalsPage() {
  const search = useSearch({ from: '/staff/approvals' });
  const navigate = useNavigate({ from: '/approvals' });
  const { message } = App.useApp();
  const query = useApprovals(search);
  const decide = useDecide();
  const [rejecting, setRejecting] = useState<ApprovalItem | null>(null);

  const approve = async (item: ApprovalItem) => {
    try {
      await decide.mutateAsync({ action: 'approve', id: item.id });
      void message.success(`已通过：${item.kindLabel}已执行`);
    } catch {
      // The client showed the server's text (or the member cancelled the password dialog).
    }
  };
  const withdraw = async (item: ApprovalItem) => {
    try {
      await decide.mutateAsync({ action: 'withdraw', id: item.id });
      void message.success('已撤回');
    } catch {
      // shown by the client
    }
  };

  const columns: TableColumnsType<ApprovalItem> = [
    { title: '类型', dataIndex: 'kindLabel', width: 140, render: (label: string) => <Tag color="blue">{label}</Tag> },
    {
      title: '摘要',
      dataIndex: 'summary',
      render: (summary: string, item) => (
        <>
          <div>{summary}</div>
          <Typography.Text type="secondary" className="console-mono">
            {item.subject}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '提交',
      width: 190,
      render: (_, item) => (
        <>
          <div>{item.preparedBy}</div>
          <Typography.Text type="secondary" className="tabular">
            {item.preparedAt}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      width: 200,
      render: (_, item) => (
        <>
          <Tag color={STATE_COLOURS[item.state]}>{APPROVAL_STATE_LABELS[item.state]}</Tag>
          {item.decidedBy && (
            <div className="console-small">
              {item.decidedBy} <span className="tabular">{item.decidedAt}</span>
            </div>
          )}
          {item.reason && <div className="console-small">原因：{item.reason}</div>}
        </>
      ),
    },
    {
      title: '操作',
      width: 190,
      render: (_, item) =>
        item.state !== 'pending' ? null : (
          <Space wrap>
            {item.canApprove && (
              <Popconfirm title="通过并执行此操作？" description={item.summary} okText="通过" cancelText="取消" onConfirm={() => approve(item)}>
                <Button type="primary" size="small">
                  通过
                </Button>
              </Popconfirm>
            )}
            {item.canApprove && (
              <Button size="small" danger onClick={() => setRejecting(item)}>
                退回
              </Button>
            )}
            {item.canWithdraw && (
              <Popconfirm title="撤回此复核单？" okText="撤回" cancelText="取消" onConfirm={() => withdraw(item)}>
                <Button size="small">撤回</Button>
              </Popconfirm>
            )}
            {!item.canApprove && item.canWithdraw && <Typography.Text type="secondary">本人提交，须由他人复核</Typography.Text>}
            {!item.canApprove && !item.canWithdraw && <Typography.Text type="secondary">等待有权限的同事复核</Typography.Text>}
          </Space>
        ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1 className="console-title">待复核</h1>
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
          刷新
        </Button>
      </div>
      <Alert
        type="info"
        showIcon
        className="console-note"
        title="复核（四眼原则）"
        description="发布项目、修改已发布的竞价、确认银行转账、没收保证金、向转让方付款，须由一人提交、另一位具有相同权限的工作人员复核后才执行。提交人不能复核本人提交的操作；涉及资金的复核须再次输入登录密码。"
      />
      <Space className="console-filters" wrap>
        <Select
          aria-label="状态"
          style={{ width: 140 }}
          value={search.state ?? 'pending'}
          onChange={(state) => void navigate({ search: { ...search, state: state === 'pending' ? undefined : state, current: undefined } })}
          options={[...Object.entries(APPROVAL_STATE_LABELS).map(([value, label]) => ({ value: value as ApprovalState | 'all', label })), { value: 'all', label: '全部状态' }]}
        />
        <Select
          aria-label="类型"
          style={{ width: 200 }}
          value={search.kind ?? 'all'}
          onChange={(kind: FourEyesKind | 'all') => void navigate({ search: { ...search, kind: kind === 'all' ? undefined : kind, current: undefined } })}
          options={[{ value: 'all' as const, label: '全部类型' }, ...FOUR_EYES_KIND_KEYS.map((kind) => ({ value: kind, label: FOUR_EYES_KINDS[kind].label }))]}
        />
      </Space>
      <QueryArea query={query}>
        {(page) => (
          <Table<ApprovalItem>
            rowKey="id"
            columns={columns}
            dataSource={page.records}
            loading={query.isFetching}
            locale={{ emptyText: '没有符合条件的复核单' }}
            expandable={{
              expandedRowRender: (item) => (
                <div>
                  <div className="console-small">执行参数</div>
                  <JsonBlock json={item.payload} />
                </div>
              ),
            }}
            pagination={{
              current: page.current,
              pageSize: APPROVALS_PAGE_SIZE,
              total: page.total,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} 件`,
              onChange: (current) => void navigate({ search: { ...search, current } }),
            }}
          />
        )}
      </QueryArea>
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
