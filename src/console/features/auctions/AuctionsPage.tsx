/**
 * 竞价活动: choose a published lot, then its auctions: 创建竞价 (a mode and that mode's parameters; the
 * server checks them against the lot's timeline and its refusals are shown), 修改 while scheduled (four
 * eyes, reason required) and 线下确认资格 (a deposit confirmed offline).
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { BiddingMode } from '#domain/contract/hall';
import type { StaffActivity, StaffLotSummary } from '#domain/contract/staffLots';
import { auctionOutcomeLabel } from '#domain/rules/lotTimeline';
import { yuan } from '../../components/chinaTimeInput';
import { QueryArea } from '../../layout/RouteStates';
import { useActivities, useCreateActivity, useLotOf, usePrepareActivityChange, usePublishedLots, useQualify } from './api';
import { MODE_OPTIONS, ModeFields, paramsOf } from './modes';

const STATUS: Record<StaffActivity['status'], { label: string; color: string }> = {
  scheduled: { label: '未开始', color: 'blue' },
  live: { label: '进行中', color: 'red' },
  ended: { label: '已结束', color: 'default' },
};
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function CreateDialog({ assetsId, open, onClose }: { assetsId: number; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const create = useCreateActivity();
  const [form] = Form.useForm();
  const mode = (Form.useWatch('mode', form) as BiddingMode | undefined) ?? 'ongoing';
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    setRefusal(null);
    try {
      const done = await create.mutateAsync({ assetsId, mode, ...paramsOf(mode, values) });
      void message.success(`已创建竞价 ${done.activityCode}（${done.modeName}）`);
      form.resetFields();
      onClose();
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  return (
    <Modal open={open} title="创建竞价" width={860} okText="创建" cancelText="取消" confirmLoading={create.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="auction" layout="vertical" aria-label="竞价参数" initialValues={{ mode: 'ongoing' }}>
        <Form.Item name="mode" label="竞价方式">
          <Select options={MODE_OPTIONS} onChange={() => setRefusal(null)} />
        </Form.Item>
        <ModeFields mode={mode} />
      </Form>
      {refusal && <Alert type="error" showIcon title="服务器拒绝了此竞价" description={refusal} />}
    </Modal>
  );
}

function ChangeDialog({ activity, onClose }: { activity: StaffActivity | null; onClose: () => void }) {
  const { message } = App.useApp();
  const change = usePrepareActivityChange();
  const [form] = Form.useForm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    setRefusal(null);
    try {
      await change.mutateAsync({ activityId: activity!.activityId, reason: (values.reason as string).trim(), ...paramsOf(activity!.mode, values) });
      void message.success('修改已提交复核');
      form.resetFields();
      onClose();
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  return (
    <Modal open={activity !== null} title="修改竞价" width={860} okText="提交复核" cancelText="取消" confirmLoading={change.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      {activity && (
        <>
          <Alert
            type="info"
            showIcon
            className="console-note"
            title="修改已公开的竞价须复核（四眼原则）"
            description={
              <>
                只填写要修改的参数；提交后须由另一位工作人员在 <Link to="/approvals">待复核</Link> 通过才生效。当前：{activity.startTime} — {activity.endTime}，起始价 {yuan(activity.startPrice)}，加价幅度 {yuan(activity.increment)}。
              </>
            }
          />
          <Form form={form} name="auction-change" layout="vertical" aria-label="修改参数">
            <ModeFields mode={activity.mode} change />
            <Form.Item name="reason" label="修改原因" rules={[{ required: true, whitespace: true, message: '请填写修改原因' }]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Form>
          {refusal && <Alert type="error" showIcon title="未能提交" description={refusal} />}
        </>
      )}
    </Modal>
  );
}

function QualifyDialog({ activity, onClose }: { activity: StaffActivity | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qualify = useQualify();
  const [form] = Form.useForm<{ loginName: string; preEmptiveRank?: number }>();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      const done = await qualify.mutateAsync({ activityId: activity!.activityId, loginName: values.loginName.trim(), preEmptiveRank: values.preEmptiveRank ?? undefined });
      void message.success(`已确认资格，竞买号 ${done.bidCode}`);
      form.resetFields();
      onClose();
    } catch {
      // the client showed the server's text
    }
  };
  return (
    <Modal open={activity !== null} title="线下确认资格" okText="确认资格" cancelText="取消" confirmLoading={qualify.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <p>保证金已在线下确认的竞买人，直接取得此竞价的竞买资格。</p>
      <Form form={form} name="qualify" layout="vertical">
        <Form.Item name="loginName" label="竞买人登录名" rules={[{ required: true, whitespace: true, message: '请填写登录名' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="preEmptiveRank" label="优先购买权顺位" extra="没有优先购买权不填">
          <InputNumber min={1} max={9} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LotAuctions({ assetsId }: { assetsId: number }) {
  const lot = useLotOf(assetsId);
  const query = useActivities(assetsId);
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<StaffActivity | null>(null);
  const [qualifying, setQualifying] = useState<StaffActivity | null>(null);
  const hasOpen = (query.data ?? []).some((a) => a.status !== 'ended');
  const columns: TableColumnsType<StaffActivity> = [
    { title: '编号', dataIndex: 'activityCode', render: (t: string) => <span className="console-mono">{t}</span> },
    { title: '方式', dataIndex: 'modeName' },
    {
      title: '状态',
      render: (_, a) => (
        <Space size={4} wrap>
          <Tag color={STATUS[a.status].color}>{STATUS[a.status].label}</Tag>
          {a.outcome && <Tag>{auctionOutcomeLabel(a.outcome)}</Tag>}
          {a.pendingApprovalId !== null && <Tag color="orange">修改待复核</Tag>}
        </Space>
      ),
    },
    { title: '时间', render: (_, a) => <span className="tabular">{a.startTime} — {a.endTime}</span> },
    { title: '起始价', align: 'right', render: (_, a) => <span className="tabular">{yuan(a.startPrice)}</span> },
    { title: '加价幅度', align: 'right', render: (_, a) => <span className="tabular">{yuan(a.increment)}</span> },
    { title: '保留价 / 封顶价', render: (_, a) => `${yuan(a.reservePrice)} / ${yuan(a.capPrice)}` },
    { title: '资格 / 出价', render: (_, a) => `${a.qualified} / ${a.bidCount}` },
    {
      title: '操作',
      width: 200,
      render: (_, a) => (
        <Space wrap>
          {a.status === 'scheduled' && a.pendingApprovalId === null && (
            <Button size="small" onClick={() => setChanging(a)}>
              修改
            </Button>
          )}
          {a.status !== 'ended' && (
            <Button size="small" onClick={() => setQualifying(a)}>
              线下确认资格
            </Button>
          )}
          {a.status === 'ended' && (
            <Link to="/results" search={{ assetsId }}>
              结果公告
            </Link>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="console-page__head">
        <div>
          <h1 className="console-title">竞价活动：{lot.data?.assetsName ?? `项目 ${assetsId}`}</h1>
          <Space>
            {lot.data && <Tag color="blue">{lot.data.stageLabel}</Tag>}
            <Link to="/lots/view" search={{ assetsId }}>
              项目详情
            </Link>
            <Link to="/auctions" search={{}}>
              选择其他项目
            </Link>
          </Space>
        </div>
        <Button type="primary" onClick={() => setCreating(true)} disabled={hasOpen} title={hasOpen ? '一个项目同时只能有一场未结束的竞价' : undefined}>
          创建竞价
        </Button>
      </div>
      <QueryArea query={query}>
        {(activities) => <Table<StaffActivity> rowKey="activityId" columns={columns} dataSource={activities} pagination={false} locale={{ emptyText: '暂无竞价活动' }} />}
      </QueryArea>
      <CreateDialog assetsId={assetsId} open={creating} onClose={() => setCreating(false)} />
      <ChangeDialog activity={changing} onClose={() => setChanging(null)} />
      <QualifyDialog activity={qualifying} onClose={() => setQualifying(null)} />
    </>
  );
}

function LotChooser() {
  const search = useSearch({ from: '/staff/auctions' });
  const navigate = useNavigate({ from: '/auctions' });
  const query = usePublishedLots(search.q, search.current ?? 1);
  return (
    <>
      <h1 className="console-title">竞价活动</h1>
      <Typography.Paragraph type="secondary">选择已发布的项目，查看、创建或修改其竞价。</Typography.Paragraph>
      <Input.Search
        className="console-filters"
        aria-label="搜索项目"
        placeholder="项目名称或编号"
        allowClear
        defaultValue={search.q}
        style={{ width: 300 }}
        onSearch={(q) => void navigate({ search: { q: q.trim() || undefined } })}
      />
      <QueryArea query={query}>
        {(page) => (
          <Table<StaffLotSummary>
            rowKey={(lot) => String(lot.assetsId)}
            dataSource={page.records}
            locale={{ emptyText: '没有已发布的项目' }}
            pagination={{ current: page.current, pageSize: 20, total: page.total, showSizeChanger: false, onChange: (current) => void navigate({ search: { ...search, current } }) }}
            columns={[
              { title: '项目', render: (_, lot) => lot.assetsName },
              { title: '编号', dataIndex: 'projectCode', render: (t: string) => <span className="console-mono">{t}</span> },
              { title: '状态', render: (_, lot) => <Tag>{lot.listingState || lot.stageLabel}</Tag> },
              { title: '报名截止', dataIndex: 'enrolEndTime' },
              {
                title: '操作',
                render: (_, lot) => (
                  <Link to="/auctions" search={{ assetsId: lot.assetsId ?? undefined }}>
                    管理竞价
                  </Link>
                ),
              },
            ]}
          />
        )}
      </QueryArea>
    </>
  );
}

export function AuctionsPage() {
  const { assetsId } = useSearch({ from: '/staff/auctions' });
  return <div className="console-page">{assetsId === undefined ? <LotChooser /> : <LotAuctions assetsId={assetsId} />}</div>;
}
