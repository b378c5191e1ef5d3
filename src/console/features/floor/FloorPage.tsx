/**
 * 竞价监控: the auctions running now (suspended first, then live by end, then those starting within a week),
 * with their price, bids and bidders, and the floor's steps — 中止 with a reason the bidders read in the
 * room, 恢复 with a new end, 终结 with a reason (no result; deposits go back). The list and its bidders are
 * read on demand (刷新: staff requests keep the session's idle clock the member's); each running auction's
 * state, price, bids, leader and time left stream live from the portal's live worker, as the hall's do.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { FloorItem } from '#domain/contract/staffFloor';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import { lotStage } from '#domain/rules/lotState';
import type { BiddingMode } from '#domain/contract/hall';
import { ReasonDialog } from '../../components/ReasonDialog';
import { fromWireTime, toWireTime, yuan } from '../../components/chinaTimeInput';
import { useLiveList, useLiveRemaining, useLiveRow, type LiveBidRow, type LiveListStore } from '@/live';
import { useFloor, useResume, useSuspend, useTerminate } from './api';

/** The hall's live rows: every running auction on one page (the hall's page size at most). */
const LIVE_HALL = { current: 1, size: 200 } as const;

/** A floor row with what the live stream knows now (a scheduled one is not in the hall: as read). */
export function withLive(item: FloorItem, live: LiveBidRow | undefined): FloorItem {
  if (!live) return item;
  return {
    ...item,
    status: live.status,
    outcome: live.outcome,
    currentPrice: live.biddingPrice,
    bidCount: live.biddingCount,
    leaderBidCode: live.leaderBidCode ?? item.leaderBidCode,
    suspendReason: live.suspendReason,
    remainingMs: live.remainingMs,
  };
}

/** Renders `children` with the row as it stands now, and its ticking time left ('' when not streamed). */
function Live({ hall, item, children }: { hall: LiveListStore<LiveBidRow>; item: FloorItem; children: (now: FloorItem, left: string) => React.ReactNode }) {
  const live = useLiveRow(hall, item.activityId);
  const left = useLiveRemaining(hall, item.activityId);
  return <>{children(withLive(item, live?.row), left)}</>;
}

const STATUS_COLOUR: Record<FloorItem['status'], string> = { live: 'red', suspended: 'orange', scheduled: 'blue', ended: 'default' };

const minutesLeft = (ms: number | null) => (ms === null ? '—' : `${Math.floor(ms / 60_000)}分${Math.floor((ms % 60_000) / 1000)}秒`);

function ResumeDialog({ item, onClose }: { item: FloorItem | null; onClose: () => void }) {
  const [form] = Form.useForm<{ endTime: string; reason?: string }>();
  const resume = useResume();
  const { message } = App.useApp();
  const submit = async () => {
    const values = await form.validateFields();
    await resume.mutateAsync({ activityId: item!.activityId, endTime: toWireTime(values.endTime)!, ...(values.reason ? { reason: values.reason.trim() } : {}) });
    message.success(`已恢复竞价：${item!.assetsName}`);
    onClose();
  };
  return (
    <Modal open={item !== null} title="恢复竞价" okText="恢复" cancelText="取消" confirmLoading={resume.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      {item && (
        <Typography.Paragraph>
          {item.assetsName}：中止时剩余 {minutesLeft(item.remainingMs)}。恢复后按新的结束时间继续，出价记录不变。
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" aria-label="恢复竞价" preserve={false}>
        <Form.Item name="endTime" label="新的结束时间" rules={[{ required: true, message: '请填写新的结束时间' }]} initialValue={item ? fromWireTime(item.endTime) : ''}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="reason" label="说明（竞买人可见）">
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function FloorPage() {
  const floor = useFloor();
  const hall = useLiveList('hall', LIVE_HALL);
  const live = (item: FloorItem, render: (now: FloorItem, left: string) => React.ReactNode) => (
    <Live hall={hall} item={item}>
      {render}
    </Live>
  );
  const suspend = useSuspend();
  const terminate = useTerminate();
  const { message } = App.useApp();
  const [suspending, setSuspending] = useState<FloorItem | null>(null);
  const [resuming, setResuming] = useState<FloorItem | null>(null);
  const [terminating, setTerminating] = useState<FloorItem | null>(null);
  return (
    <div className="console-page">
      <div className="console-toolbar">
        <h1 className="console-title">竞价监控</h1>
        <Button icon={<ReloadOutlined />} onClick={() => void floor.refetch()} loading={floor.isFetching}>
          刷新
        </Button>
      </div>
      <Typography.Paragraph type="secondary">中止后计时停止、不接受出价，竞价室显示中止原因；恢复时设定新的结束时间；终结后无成交结果，保证金按流拍退还。每一步都记入操作日志并通知竞买人。</Typography.Paragraph>
      <Table<FloorItem>
        rowKey="activityId"
        size="middle"
        loading={floor.isLoading}
        dataSource={floor.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无进行中或即将开始的竞价' }}
        columns={[
          { title: '项目', dataIndex: 'assetsName', ellipsis: true, render: (name: string, r) => (
            <span>
              {name}
              <Typography.Text type="secondary" className="console-muted">
                {' '}
                {r.activityCode}
              </Typography.Text>
            </span>
          ) },
          { title: '方式', dataIndex: 'mode', width: 110, render: (m: string) => BIDDING_MODE_NAMES[m as BiddingMode] ?? m },
          {
            title: '状态',
            dataIndex: 'status',
            width: 200,
            render: (_, item) =>
              live(item, (r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATUS_COLOUR[r.status]}>{LISTING_STATUS_LABELS[lotStage(null, r)]}</Tag>
                  {r.suspendReason && <Typography.Text type="warning">原因：{r.suspendReason}</Typography.Text>}
                </Space>
              )),
          },
          {
            title: '开始 / 结束',
            key: 'time',
            width: 190,
            render: (_, item) =>
              live(item, (r, left) =>
                r.status === 'suspended' ? (
                  `剩余 ${minutesLeft(r.remainingMs)}（已停止计时）`
                ) : (
                  <Space direction="vertical" size={0}>
                    <span className="tabular">{`${r.startTime.slice(5, 16)} 至 ${r.endTime.slice(5, 16)}`}</span>
                    {r.status === 'live' && left && <Typography.Text type="danger" className="tabular" aria-label="剩余时间">{left}</Typography.Text>}
                  </Space>
                ),
              ),
          },
          { title: '当前价', key: 'price', width: 150, align: 'right', render: (_, item) => live(item, (r) => <span className="tabular">{yuan(r.currentPrice)}</span>) },
          { title: '出价 / 竞买人', key: 'counts', width: 120, render: (_, item) => live(item, (r) => `${r.bidCount} 次 / ${r.bidderCount} 人`) },
          { title: '领先', key: 'leader', width: 90, render: (_, item) => live(item, (r) => r.leaderBidCode ?? '—') },
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_, item) =>
              live(item, (r) => (
              <Space>
                {r.status === 'live' && (
                  <Button size="small" onClick={() => setSuspending(r)}>
                    中止
                  </Button>
                )}
                {r.status === 'suspended' && (
                  <Button size="small" type="primary" onClick={() => setResuming(r)}>
                    恢复
                  </Button>
                )}
                {r.status !== 'ended' && (
                  <Button size="small" danger type="link" onClick={() => setTerminating(r)}>
                    终结
                  </Button>
                )}
              </Space>
              )),
          },
        ]}
      />
      <ReasonDialog
        open={suspending !== null}
        title="中止竞价"
        label="中止原因"
        okText="中止"
        extra="竞价室将显示此原因；中止期间计时停止、不接受出价"
        busy={suspend.isPending}
        onClose={() => setSuspending(null)}
        onSubmit={async (reason) => {
          await suspend.mutateAsync({ activityId: suspending!.activityId, reason });
          message.success(`已中止竞价：${suspending!.assetsName}`);
        }}
      >
        <Typography.Paragraph>{suspending?.assetsName}</Typography.Paragraph>
      </ReasonDialog>
      <ResumeDialog item={resuming} onClose={() => setResuming(null)} />
      <ReasonDialog
        open={terminating !== null}
        title="终结竞价"
        label="终结原因"
        okText="终结"
        extra="终结后没有成交结果，保证金按流拍退还；竞买人将收到此原因"
        busy={terminate.isPending}
        onClose={() => setTerminating(null)}
        onSubmit={async (reason) => {
          await terminate.mutateAsync({ activityId: terminating!.activityId, reason });
          message.success(`已终结竞价：${terminating!.assetsName}`);
        }}
      >
        <Typography.Paragraph>{terminating?.assetsName}</Typography.Paragraph>
      </ReasonDialog>
    </div>
  );
}
