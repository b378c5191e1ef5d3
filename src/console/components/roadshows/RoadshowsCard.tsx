/**
 * 路演 of one lot (or of all lots, without assetsId): the list, 安排路演 / 修改 in a dialog (live session or
 * recording: time, title, presenter, video and poster addresses, the transferor's materials chosen from the
 * lot's attachments), and 取消 with a reason. Used on the lot's page and on the 路演 page.
 */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Radio, Space, Table, Tag } from 'antd';
import type { StaffRoadshow, StaffRoadshowInput } from '#domain/contract/roadshow';
import { ROADSHOW_KIND_TEXT, ROADSHOW_PHASE_TEXT, ROADSHOW_REMINDER_MINUTES } from '#domain/rules/roadshow';
import { fromWireTime, toWireTime } from '../chinaTimeInput';
import { useCancelRoadshow, useRoadshows, useSaveRoadshow } from './api';

/** The form's values are the save call's input. */
type Values = StaffRoadshowInput;

function RoadshowDialog({ assetsId, editing, onClose }: { assetsId: number | undefined; editing: StaffRoadshow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveRoadshow();
  const [refusal, setRefusal] = useState<string | null>(null);
  const lotId = Form.useWatch('assetsId', form) ?? assetsId ?? editing?.assetsId;
  const lot = useRoadshows({ assetsId: lotId });
  const attachments = lotId ? (lot.data?.attachments ?? []) : [];
  const submit = async (v: Values) => {
    setRefusal(null);
    try {
      await save.mutateAsync({
        id: editing?.id ?? null,
        input: {
          assetsId: v.assetsId,
          kind: v.kind,
          title: v.title.trim(),
          presenter: v.presenter.trim(),
          startTime: toWireTime(v.startTime)!,
          endTime: toWireTime(v.endTime)!,
          videoUrl: v.videoUrl?.trim() ?? '',
          posterUrl: v.posterUrl?.trim() ?? '',
          materialIds: v.materialIds ?? [],
        },
      });
      onClose();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };
  const initial: Partial<Values> = editing
    ? {
        assetsId: editing.assetsId,
        kind: editing.kind,
        title: editing.title,
        presenter: editing.presenter,
        startTime: fromWireTime(editing.startTime),
        endTime: fromWireTime(editing.endTime),
        videoUrl: editing.videoUrl,
        posterUrl: editing.posterUrl,
        materialIds: editing.materials.map((m) => m.id),
      }
    : { kind: 'live', ...(assetsId === undefined ? {} : { assetsId }) };
  return (
    <Modal open title={editing ? '修改路演' : '安排路演'} onCancel={onClose} onOk={() => form.submit()} okText="保存" confirmLoading={save.isPending} destroyOnHidden width={560}>
      {refusal && <Alert type="error" showIcon className="console-note" title={refusal} />}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} aria-label="路演">
        <Form.Item name="assetsId" label="项目 ID" rules={[{ required: true, message: '请填写项目 ID' }]} hidden={assetsId !== undefined || editing !== null}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="kind" label="形式">
          <Radio.Group options={(['live', 'recorded'] as const).map((k) => ({ value: k, label: ROADSHOW_KIND_TEXT[k] }))} />
        </Form.Item>
        <Form.Item name="title" label="路演标题" rules={[{ required: true, whitespace: true, message: '请填写路演标题' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="presenter" label="主讲人" rules={[{ required: true, whitespace: true, message: '请填写主讲人' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Space>
          <Form.Item name="startTime" label="开始时间" rules={[{ required: true, message: '请填写开始时间' }]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="endTime" label="结束时间" rules={[{ required: true, message: '请填写结束时间' }]}>
            <Input type="datetime-local" />
          </Form.Item>
        </Space>
        <Form.Item name="videoUrl" label="视频地址" extra="本站文件路径（/api/…）或 https 地址；录像必填，直播可在开始后填写观看地址">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="posterUrl" label="海报地址">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="materialIds" label="转让方路演资料（项目附件）" extra={attachments.length === 0 ? '该项目暂无附件' : undefined}>
          <Checkbox.Group options={attachments.map((a) => ({ value: a.id, label: a.fileName }))} />
        </Form.Item>
        <p className="console-muted">关注者将在开始前 {ROADSHOW_REMINDER_MINUTES} 分钟收到站内消息提醒；修改开始时间后重新提醒。</p>
      </Form>
    </Modal>
  );
}

export function RoadshowsCard({ assetsId }: { assetsId?: number | undefined }) {
  const [current, setCurrent] = useState(1);
  const list = useRoadshows({ assetsId, current });
  const cancel = useCancelRoadshow();
  const [dialog, setDialog] = useState<{ editing: StaffRoadshow | null } | null>(null);
  const [cancelling, setCancelling] = useState<StaffRoadshow | null>(null);
  const [reason, setReason] = useState('');
  return (
    <Card
      title="路演"
      size="small"
      className="console-note"
      extra={
        <Button type="primary" size="small" onClick={() => setDialog({ editing: null })}>
          安排路演
        </Button>
      }
    >
      <Table<StaffRoadshow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={assetsId === undefined ? { total: list.data?.total ?? 0, pageSize: list.data?.size ?? 20, current, onChange: setCurrent, showSizeChanger: false } : false}
        locale={{ emptyText: '暂无路演' }}
        columns={[
          ...(assetsId === undefined ? [{ title: '项目', render: (_: unknown, r: StaffRoadshow) => `${r.projectCode} ${r.assetsName}` }] : []),
          { title: '标题', dataIndex: 'title' },
          { title: '形式', render: (_, r) => ROADSHOW_KIND_TEXT[r.kind] },
          { title: '状态', render: (_, r) => <Tag>{ROADSHOW_PHASE_TEXT[r.phase]}</Tag> },
          { title: '时间', render: (_, r) => <span className="tabular">{r.startTime.slice(0, 16)} — {r.endTime.slice(11, 16)}</span> },
          { title: '主讲', dataIndex: 'presenter' },
          { title: '关注 / 已提醒', align: 'right', render: (_, r) => `${r.followers} / ${r.reminded}` },
          {
            title: '操作',
            render: (_, r) => (
              <Space size={4}>
                <Button size="small" onClick={() => setDialog({ editing: r })}>
                  修改
                </Button>
                <Button size="small" danger onClick={() => setCancelling(r)}>
                  取消
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {dialog && <RoadshowDialog assetsId={assetsId} editing={dialog.editing} onClose={() => setDialog(null)} />}
      {cancelling && (
        <Modal
          open
          title={`取消路演「${cancelling.title}」`}
          okText="取消路演"
          okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
          confirmLoading={cancel.isPending}
          onCancel={() => setCancelling(null)}
          onOk={() => void cancel.mutateAsync({ id: cancelling.id, reason: reason.trim() }).then(() => setCancelling(null), () => undefined)}
        >
          <Input.TextArea aria-label="取消原因" placeholder="取消原因（必填）" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </Modal>
      )}
    </Card>
  );
}
