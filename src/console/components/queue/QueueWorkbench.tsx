/**
 * One work queue's page (审核 and 投资需求): the list by state (待处理 by default, first come first served)
 * with the columns that decide the work first — who, what, when, how long it waits, its state — and the
 * item's detail in a drawer (its id in the URL, so the address can be passed on) with the actions its state
 * allows. An action is confirmed (a refusal or an answer asks for its text: required, the user reads it),
 * sent, its result shown, and the list, the detail and the dashboard counts are read again. The server
 * decides (403 outside the member's roles, 409 when someone handled the item meanwhile): the page shows its
 * text.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Descriptions, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { QUEUE_STATES, type ListedQueue, type QueueItem } from '#domain/contract/staffQueues';
import { QueryArea } from '../../layout/RouteStates';
import { QUEUE_PAGE_SIZE, useItemAction, useQueueDetail, useQueueList } from './api';
import type { QueueSearch } from './search';
import { waitText, waitTone } from '../wait';

export interface QueueActionDef<D> {
  /** The button's text: 通过, 确认, 受理, 答复, 驳回. */
  label: string;
  path: string;
  /** The item states that offer it. */
  states: readonly string[];
  /** reason: a refusal (required, the user reads it); answer: the answer text; none: a confirmation. */
  input?: 'reason' | 'answer';
  danger?: boolean;
  primary?: boolean;
  /** The confirmation's question (actions without text). */
  confirm?: (item: D) => string;
  /** What the page says once the server has done it. */
  done: string;
}

export interface QueueWorkbenchProps<I extends QueueItem, D extends I> {
  queue: ListedQueue;
  title: string;
  note?: ReactNode;
  /** The queue's own states, as the user reads them (the filter). */
  stateLabels: Record<string, string>;
  search: QueueSearch;
  onSearch: (next: QueueSearch) => void;
  listPath: string;
  detailPath: string;
  /** The "what" columns, after who. */
  whatColumns: TableColumnsType<I>;
  /** The drawer's title for an item. */
  itemTitle: (item: I) => string;
  renderDetail: (item: D) => ReactNode;
  actions: readonly QueueActionDef<D>[];
  emptyText: string;
}

const STATE_COLOURS: Record<string, string> = {
  pending: 'orange',
  submitted: 'orange',
  open: 'orange',
  reviewing: 'blue',
  accepted: 'blue',
  approved: 'green',
  confirmed: 'green',
  answered: 'green',
  qualified: 'green',
  depositPending: 'cyan',
  depositConfirmed: 'green',
  closed: 'default',
  rejected: 'red',
};

export function StateTag({ item }: { item: Pick<QueueItem, 'state' | 'stateText'> }) {
  return <Tag color={STATE_COLOURS[item.state] ?? 'default'}>{item.stateText}</Tag>;
}

export function WaitText({ minutes }: { minutes: number | null }) {
  if (minutes === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return <span className={`queue-wait queue-wait--${waitTone(minutes)} tabular`}>{waitText(minutes)}</span>;
}

function TextDialog<D extends QueueItem>({ queue, action, item, onClose }: { queue: ListedQueue; action: QueueActionDef<D> | null; item: D; onClose: () => void }) {
  const { message } = App.useApp();
  const act = useItemAction(queue);
  const [form] = Form.useForm<{ text: string }>();
  const isReason = action?.input === 'reason';
  const field = isReason ? `${action.label}原因` : '答复内容';
  const submit = async () => {
    const { text } = await form.validateFields();
    await act.mutateAsync({ path: action!.path, id: item.id, text: { name: isReason ? 'reason' : 'answer', value: text.trim() } });
    void message.success(action!.done);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={action !== null}
      title={action ? `${action.label}：${item.summary}` : ''}
      okText={action?.label}
      okButtonProps={{ danger: isReason }}
      cancelText="取消"
      confirmLoading={act.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" aria-label={`填写${field}`}>
        <Form.Item
          name="text"
          label={field}
          rules={[{ required: true, whitespace: true, message: `请填写${field}` }]}
          extra={isReason ? '用户将在门户与消息中看到此原因' : '用户将在门户与消息中看到此答复'}
        >
          <Input.TextArea rows={4} maxLength={500} showCount placeholder={isReason ? '例如：上传的营业执照不清晰，请重新上传' : '请填写答复'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ItemDrawer<I extends QueueItem, D extends I>({ props, id, onClose }: { props: QueueWorkbenchProps<I, D>; id: number; onClose: () => void }) {
  const { message } = App.useApp();
  const detail = useQueueDetail<D>(props.queue, props.detailPath, id);
  const act = useItemAction(props.queue);
  const [writing, setWriting] = useState<QueueActionDef<D> | null>(null);
  const item = detail.data;
  const offered = item ? props.actions.filter((action) => action.states.includes(item.state)) : [];

  const run = async (action: QueueActionDef<D>) => {
    try {
      await act.mutateAsync({ path: action.path, id });
      void message.success(action.done);
    } catch {
      // The HTTP client showed the server's text (403 无操作权限, 409 handled meanwhile …).
    }
  };

  return (
    <Drawer
      open
      size={780}
      rootClassName="queue-drawer"
      title={item ? props.itemTitle(item) : '详情'}
      onClose={onClose}
      destroyOnHidden
      extra={item && <StateTag item={item} />}
      footer={
        offered.length > 0 && item ? (
          <Space className="queue-actions" wrap>
            {offered.map((action) =>
              action.input ? (
                <Button key={action.label} danger={action.danger} type={action.primary ? 'primary' : 'default'} onClick={() => setWriting(action)}>
                  {action.label}
                </Button>
              ) : (
                <Popconfirm
                  key={action.label}
                  title={action.confirm ? action.confirm(item) : `确认${action.label}？`}
                  description={item.summary}
                  okText={action.label}
                  cancelText="取消"
                  onConfirm={() => run(action)}
                >
                  <Button type={action.primary ? 'primary' : 'default'} danger={action.danger} loading={act.isPending}>
                    {action.label}
                  </Button>
                </Popconfirm>
              ),
            )}
          </Space>
        ) : null
      }
    >
      <QueryArea query={detail}>
        {(d) => (
          <div className="queue-detail">
            <Descriptions
              size="small"
              column={2}
              bordered
              items={[
                { key: 'who', label: '提交人', children: <>{d.userName || '（未实名）'} <span className="console-muted">{d.loginName}</span></> },
                { key: 'submit', label: '提交时间', children: <span className="tabular">{d.submitTime}</span> },
                { key: 'wait', label: '等待', children: <WaitText minutes={d.waitMinutes} /> },
                { key: 'state', label: '状态', children: <StateTag item={d} /> },
                ...(d.handledBy
                  ? [
                      { key: 'by', label: '处理人', children: d.handledBy },
                      { key: 'at', label: '处理时间', children: <span className="tabular">{d.handledTime ?? ''}</span> },
                    ]
                  : []),
                ...(d.reason ? [{ key: 'reason', label: '原因 / 答复', span: 2, children: d.reason }] : []),
              ]}
            />
            {props.renderDetail(d)}
          </div>
        )}
      </QueryArea>
      {item && <TextDialog queue={props.queue} action={writing} item={item} onClose={() => setWriting(null)} />}
    </Drawer>
  );
}

export function QueueWorkbench<I extends QueueItem, D extends I>(props: QueueWorkbenchProps<I, D>) {
  const { search, onSearch } = props;
  const query = useQueueList<I>(props.queue, props.listPath, search);
  const open = (item: I) => onSearch({ ...search, id: item.id });

  const columns: TableColumnsType<I> = [
    {
      title: '提交人',
      width: 160,
      render: (_, item) => (
        <>
          <div>{item.userName || '（未实名）'}</div>
          <Typography.Text type="secondary" className="console-mono">
            {item.loginName}
          </Typography.Text>
        </>
      ),
    },
    ...props.whatColumns,
    { title: '提交时间', dataIndex: 'submitTime', width: 160, render: (time: string) => <span className="tabular">{time}</span> },
    { title: '等待', dataIndex: 'waitMinutes', width: 130, render: (minutes: number | null) => <WaitText minutes={minutes} /> },
    {
      title: '状态',
      width: 130,
      render: (_, item) => (
        <>
          <StateTag item={item} />
          {item.handledBy && (
            <div className="console-small">
              {item.handledBy} <span className="tabular">{item.handledTime}</span>
            </div>
          )}
        </>
      ),
    },
    {
      title: '操作',
      width: 70,
      render: (_, item) => (
        <Button type="link" size="small" onClick={() => open(item)} aria-label={`处理 ${item.summary}`}>
          {QUEUE_STATES[props.queue].waiting.some((state) => state === item.state) ? '处理' : '查看'}
        </Button>
      ),
    },
  ];

  const stateOptions = [
    { value: 'waiting', label: '待处理' },
    { value: 'handled', label: '已处理' },
    ...QUEUE_STATES[props.queue].all.map((state) => ({ value: state, label: props.stateLabels[state] ?? state })),
    { value: 'all', label: '全部状态' },
  ];

  return (
    <div className="console-page">
      <h1 className="console-title">{props.title}</h1>
      {props.note}
      <Space className="console-filters" wrap>
        <Select
          aria-label="状态"
          style={{ width: 160 }}
          value={search.state ?? 'waiting'}
          onChange={(state: string) => onSearch({ ...search, state: state === 'waiting' ? undefined : state, current: undefined })}
          options={stateOptions}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          刷新
        </Button>
      </Space>
      <QueryArea query={query}>
        {(page) => (
          <Table<I>
            rowKey="id"
            columns={columns}
            dataSource={page.records}
            loading={query.isFetching}
            locale={{ emptyText: props.emptyText }}
            onRow={(item) => ({ onDoubleClick: () => open(item) })}
            pagination={{
              current: page.current,
              pageSize: QUEUE_PAGE_SIZE,
              total: page.total,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} 件`,
              onChange: (current) => onSearch({ ...search, current }),
            }}
          />
        )}
      </QueryArea>
      {search.id !== undefined && <ItemDrawer props={props} id={search.id} onClose={() => onSearch({ ...search, id: undefined })} />}
    </div>
  );
}

/** A titled block of the detail. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="queue-section">
      <h3 className="queue-section__title">{title}</h3>
      {children}
    </section>
  );
}
