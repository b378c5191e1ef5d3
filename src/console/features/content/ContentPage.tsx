/**
 * 新闻与公告: news, the site's notices and trading announcements by state (定时发布, 已发布, 已下线);
 * create and edit (title, HTML content, publish time: a future time schedules it), 定时发布 (or at once),
 * 下线 with a reason.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { STAFF_CONTENT_KIND_LABELS, STAFF_CONTENT_KINDS, STAFF_CONTENT_STATE_LABELS, type StaffContentInput, type StaffContentItem, type StaffContentKind, type StaffContentState } from '#domain/contract/staffLots';
import { NOTICE_TYPE_NAMES } from '#domain/rules/content';
import { fromWireTime, toWireTime } from '../../components/chinaTimeInput';
import { QueryArea } from '../../layout/RouteStates';
import { CONTENT_PAGE_SIZE, useContentDetail, useContentPage, usePlates, useSaveContent, useSchedule, useUnpublish } from './api';

const STATE_COLOURS: Record<StaffContentState, string> = { scheduled: 'blue', published: 'green', hidden: 'default' };
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface ContentValues {
  title: string;
  content: string;
  publishTime?: string;
  plateId?: number;
  summary?: string;
  source?: string;
  isFrontPage?: boolean;
  category?: number;
  isTop?: boolean;
  noticeType?: number;
  assetsId?: number;
}

/** Create (id null) or edit one item. */
function EditDialog({ kind, id, open, onClose }: { kind: StaffContentKind; id: number | null; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const detail = useContentDetail(kind, open ? id : null);
  const plates = usePlates(open && kind === 'news');
  const save = useSaveContent();
  const [form] = Form.useForm<ContentValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    const d = detail.data;
    if (id !== null && d) {
      form.setFieldsValue({
        title: d.title,
        content: d.content,
        publishTime: fromWireTime(d.publishTime),
        plateId: d.plateId ?? undefined,
        summary: d.summary,
        source: d.source,
        isFrontPage: d.isFrontPage === 1,
        category: d.category ?? undefined,
        isTop: d.isTop === 1,
        noticeType: d.noticeType ?? undefined,
        assetsId: d.assetsId ?? undefined,
      });
    }
  }, [open, id, detail.data, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setRefusal(null);
    const input: StaffContentInput = {
      kind,
      title: v.title.trim(),
      content: v.content,
      ...(v.publishTime ? { publishTime: toWireTime(v.publishTime) } : {}),
      ...(kind === 'news' ? { plateId: v.plateId, summary: v.summary ?? '', source: v.source ?? '', isFrontPage: v.isFrontPage ? 1 : 0 } : {}),
      ...(kind === 'siteNotice' ? { category: v.category, isTop: v.isTop ? 1 : 0 } : {}),
      ...(kind === 'announcement' ? { noticeType: v.noticeType, assetsId: v.assetsId } : {}),
    };
    try {
      const done = await save.mutateAsync({ id, input: JSON.parse(JSON.stringify(input)) as StaffContentInput });
      void message.success(`${id === null ? '已新建' : '已保存'}：${done.title}（${done.stateLabel}）`);
      form.resetFields();
      onClose();
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  return (
    <Modal
      open={open}
      title={`${id === null ? '新建' : '编辑'}${STAFF_CONTENT_KIND_LABELS[kind]}`}
      width={860}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} name="content" layout="vertical" aria-label="内容">
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
          <Input maxLength={200} />
        </Form.Item>
        {kind === 'news' && (
          <Space wrap>
            <Form.Item name="plateId" label="栏目" rules={[{ required: id === null, message: '请选择栏目' }]}>
              <Select style={{ width: 200 }} options={(plates.data ?? []).map((p) => ({ value: p.id, label: p.name }))} loading={plates.isFetching} />
            </Form.Item>
            <Form.Item name="source" label="来源">
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="isFrontPage" label="首页展示" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        )}
        {kind === 'news' && (
          <Form.Item name="summary" label="摘要">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        )}
        {kind === 'siteNotice' && (
          <Space wrap>
            <Form.Item name="category" label="分类（1–9）">
              <InputNumber min={1} max={9} precision={0} />
            </Form.Item>
            <Form.Item name="isTop" label="置顶" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        )}
        {kind === 'announcement' && (
          <Space wrap>
            <Form.Item name="noticeType" label="公告类型" rules={[{ required: id === null, message: '请选择公告类型' }]}>
              <Select style={{ width: 160 }} options={[1, 2, 3].map((t) => ({ value: t, label: NOTICE_TYPE_NAMES[t] }))} />
            </Form.Item>
            <Form.Item name="assetsId" label="项目 ID">
              <InputNumber min={1} precision={0} />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="content" label="正文（HTML）" rules={[{ required: true, whitespace: true, message: '请填写正文' }]} extra="可输入 HTML（如 <p>…</p>），保存时由服务器清洗">
          <Input.TextArea rows={10} />
        </Form.Item>
        <Form.Item name="publishTime" label="发布时间" extra="不填为立即发布；填写将来的时间为定时发布">
          <Input type="datetime-local" style={{ width: 260 }} />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title="未能保存" description={refusal} />}
    </Modal>
  );
}

function ScheduleDialog({ item, onClose }: { item: StaffContentItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const schedule = useSchedule();
  const [time, setTime] = useState('');
  const submit = async () => {
    try {
      const done = await schedule.mutateAsync({ kind: item!.kind, id: item!.id, publishTime: toWireTime(time) });
      void message.success(`${done.stateLabel}：${done.publishTime}`);
      setTime('');
      onClose();
    } catch {
      // the client showed the server's text
    }
  };
  return (
    <Modal open={item !== null} title="定时发布" okText="确定" cancelText="取消" confirmLoading={schedule.isPending} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      {item && <p>{item.title}</p>}
      <label className="console-field">
        发布时间（不填为立即发布）
        <Input type="datetime-local" aria-label="发布时间" value={time} onChange={(e) => setTime(e.target.value)} style={{ width: 260, display: 'block' }} />
      </label>
    </Modal>
  );
}

function UnpublishDialog({ item, onClose }: { item: StaffContentItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const unpublish = useUnpublish();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      await unpublish.mutateAsync({ kind: item!.kind, id: item!.id, reason: reason.trim() });
      void message.success('已下线');
      form.resetFields();
      onClose();
    } catch {
      // the client showed the server's text
    }
  };
  return (
    <Modal open={item !== null} title="下线" okText="下线" okButtonProps={{ danger: true }} cancelText="取消" confirmLoading={unpublish.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      {item && <p>{item.title}</p>}
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="下线原因" rules={[{ required: true, whitespace: true, message: '请填写下线原因' }]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ContentPage() {
  const search = useSearch({ from: '/staff/content' });
  const navigate = useNavigate({ from: '/content' });
  const kind = search.kind ?? 'news';
  const query = useContentPage({ kind, state: search.state, q: search.q, current: search.current });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [scheduling, setScheduling] = useState<StaffContentItem | null>(null);
  const [hiding, setHiding] = useState<StaffContentItem | null>(null);

  const columns: TableColumnsType<StaffContentItem> = [
    { title: '标题', dataIndex: 'title' },
    { title: '分组', dataIndex: 'group', width: 140 },
    { title: '状态', width: 110, render: (_, item) => <Tag color={STATE_COLOURS[item.state]}>{item.stateLabel}</Tag> },
    { title: '发布时间', dataIndex: 'publishTime', width: 180, render: (t: string) => <span className="tabular">{t}</span> },
    {
      title: '操作',
      width: 220,
      render: (_, item) => (
        <Space wrap>
          <Button size="small" onClick={() => setEditing({ id: item.id })}>
            编辑
          </Button>
          <Button size="small" onClick={() => setScheduling(item)}>
            {item.state === 'hidden' ? '重新发布' : '定时发布'}
          </Button>
          {item.state !== 'hidden' && (
            <Button size="small" danger onClick={() => setHiding(item)}>
              下线
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1 className="console-title">新闻与公告</h1>
        <Button type="primary" onClick={() => setEditing({ id: null })}>
          新建{STAFF_CONTENT_KIND_LABELS[kind]}
        </Button>
      </div>
      <Tabs
        activeKey={kind}
        onChange={(k) => void navigate({ search: { kind: k as StaffContentKind } })}
        items={STAFF_CONTENT_KINDS.map((k) => ({ key: k, label: STAFF_CONTENT_KIND_LABELS[k] }))}
      />
      <Space className="console-filters" wrap>
        <Select
          aria-label="状态"
          style={{ width: 140 }}
          value={search.state ?? 'all'}
          onChange={(state: string) => void navigate({ search: { ...search, state: state === 'all' ? undefined : (state as StaffContentState), current: undefined } })}
          options={[{ value: 'all', label: '全部状态' }, ...Object.entries(STAFF_CONTENT_STATE_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <Input.Search aria-label="搜索标题" placeholder="标题" allowClear defaultValue={search.q} style={{ width: 260 }} onSearch={(q) => void navigate({ search: { ...search, q: q.trim() || undefined, current: undefined } })} />
      </Space>
      <QueryArea query={query}>
        {(page) => (
          <Table<StaffContentItem>
            rowKey={(item) => `${item.kind}-${item.id}`}
            columns={columns}
            dataSource={page.records}
            loading={query.isFetching}
            locale={{ emptyText: '没有符合条件的内容' }}
            pagination={{ current: page.current, pageSize: CONTENT_PAGE_SIZE, total: page.total, showSizeChanger: false, showTotal: (t) => `共 ${t} 条`, onChange: (current) => void navigate({ search: { ...search, current } }) }}
          />
        )}
      </QueryArea>
      <EditDialog kind={kind} id={editing?.id ?? null} open={editing !== null} onClose={() => setEditing(null)} />
      <ScheduleDialog item={scheduling} onClose={() => setScheduling(null)} />
      <UnpublishDialog item={hiding} onClose={() => setHiding(null)} />
    </div>
  );
}
