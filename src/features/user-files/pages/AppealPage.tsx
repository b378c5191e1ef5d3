import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Form, Input, Pagination, Radio, Select, Table, Tag, Timeline } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { cardColumns, cardScroll, TABLE_CARDS } from '@/components/phoneCards';
import { APPEAL_KINDS, type AppealKind, type AppealStatus, type AppealSummary, type LibraryFile } from '#domain/contract/userFiles';
import { APPEAL_MAX_FILES, APPEAL_REASON_MAX } from '#domain/rules/userFiles';
import { submitAppeal, useAppeal, useAppealSubjects, useAppeals } from '../api/appeals';
import { useAllFiles } from '../api/get-all-files';
import { FilePreview } from '../components/FilePreview';
import type { AppealSearch } from '../search';

const PAGE_SIZE = 10;
const COLOR: Record<AppealStatus, string> = { submitted: 'gold', accepted: 'blue', answered: 'green', rejected: 'default' };

interface AppealValues {
  kind: AppealKind;
  subjectId: number;
  reason: string;
  fileIds?: string[];
}

/** The form: a kind (closed kinds shown, not choosable), one of the user's own records, the reason, files from 我的文件. */
function AppealForm({ onDone }: { onDone: (id: number) => void }) {
  const [form] = Form.useForm<AppealValues>();
  const kind = Form.useWatch('kind', form);
  const subjects = useAppealSubjects(kind);
  const files = useAllFiles();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: (v: AppealValues) => submitAppeal({ kind: v.kind, subjectId: v.subjectId, reason: v.reason.trim(), fileIds: v.fileIds ?? [] }),
    onSuccess: async (appeal) => {
      void message.success('申诉已提交，请等待交易所受理');
      await queryClient.invalidateQueries({ queryKey: ['user-files', 'appeals'] });
      onDone(appeal.id);
    },
  });
  return (
    <Form<AppealValues> form={form} layout="vertical" onFinish={(v) => submit.mutate(v)} requiredMark>
      <Form.Item name="kind" label="申诉类型" rules={[{ required: true, message: '请选择申诉类型' }]}>
        <Radio.Group onChange={() => form.setFieldValue('subjectId', undefined)}>
          {APPEAL_KINDS.map((k) => (
            <Radio key={k.kind} value={k.kind} disabled={!k.open} title={k.hint}>
              {k.label}
              {!k.open && '（暂未开放）'}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="subjectId" label="申诉对象" rules={[{ required: true, message: '请选择申诉对象' }]} extra={kind && subjects.data?.length === 0 ? '您没有可申诉的此类记录' : undefined}>
        <Select
          aria-label="申诉对象"
          placeholder={kind ? '请选择您的记录' : '请先选择申诉类型'}
          disabled={!kind}
          loading={subjects.isFetching}
          options={(subjects.data ?? []).map((s) => ({ value: s.id, label: s.title }))}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label="申诉理由"
        rules={[
          { required: true, whitespace: true, message: '请填写申诉理由' },
          { min: 10, message: '申诉理由不能少于10个字' },
          { max: APPEAL_REASON_MAX, message: `申诉理由不能超过${APPEAL_REASON_MAX}个字` },
        ]}
      >
        <Input.TextArea rows={5} showCount maxLength={APPEAL_REASON_MAX} placeholder="请说明申诉的事实和理由" />
      </Form.Item>
      <Form.Item
        name="fileIds"
        label="附件（从我的文件中选择）"
        rules={[{ type: 'array', max: APPEAL_MAX_FILES, message: `附件最多${APPEAL_MAX_FILES}个` }]}
        extra={<a href="#/myFiles">去“我的文件”上传</a>}
      >
        <Select
          aria-label="附件"
          mode="multiple"
          placeholder="可选：营业执照、证明材料等"
          loading={files.isPending}
          optionFilterProp="label"
          options={(files.data ?? []).map((f: LibraryFile) => ({ value: f.fileId, label: f.folderPath ? `${f.folderPath} / ${f.name}` : f.name }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        提交申诉
      </Button>
    </Form>
  );
}

function AppealDetailView({ id }: { id: number }) {
  const query = useAppeal(id);
  const [preview, setPreview] = useState<{ fileId: string; name: string } | null>(null);
  return (
    <QueryState query={query} isEmpty={() => false}>
      {(a) => (
        <>
          {a.status === 'answered' && <Alert type="success" showIcon title="交易所答复" description={a.answer} style={{ marginBottom: 16 }} />}
          {a.status === 'rejected' && <Alert type="warning" showIcon title="不予受理" description={a.answer} style={{ marginBottom: 16 }} />}
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="申诉编号">{a.appealCode}</Descriptions.Item>
            <Descriptions.Item label="申诉类型">{a.kindText}</Descriptions.Item>
            <Descriptions.Item label="申诉对象">{a.subjectTitle}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={COLOR[a.status]}>{a.statusText}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="申诉理由">{a.reason}</Descriptions.Item>
            <Descriptions.Item label="附件">
              {a.attachments.length === 0
                ? '无'
                : a.attachments.map((f) => (
                    <div key={f.fileId}>
                      <a onClick={() => setPreview(f)}>{f.name}</a>
                    </div>
                  ))}
            </Descriptions.Item>
          </Descriptions>
          <h3 style={{ margin: '20px 0 12px' }}>处理进度</h3>
          <Timeline items={a.history.map((h) => ({ color: COLOR[h.status], content: `${h.time} ${h.statusText}${h.note ? `：${h.note}` : ''}` }))} />
          <FilePreview
            file={preview}
            onClose={() => setPreview(null)}
          />
        </>
      )}
    </QueryState>
  );
}

/** /shensuRecord: 申诉记录 — the user's appeals, one opened in a drawer (?id), the form (?new=1). */
export function AppealPage() {
  const { current = 1, id, new: creating } = useSearch({ strict: false }) as AppealSearch;
  const navigate = useNavigate();
  const query = useAppeals(current, PAGE_SIZE);
  const go = (params: { current?: number; id?: number; new?: number }) => {
    const text = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
    void navigate({ href: `/shensuRecord${text ? `?${text}` : ''}` });
  };
  const base = current > 1 ? { current } : {};
  return (
    <UserCentreFrame
      title="申诉记录"
      extra={
        <Button type="primary" onClick={() => go({ ...base, new: 1 })}>
          我要申诉
        </Button>
      }
    >
      <QueryState query={query} isEmpty={(p) => p.total === 0} emptyHint="对报名驳回、竞价结果等有异议时可提交申诉">
        {(page) => (
          <>
            <Table<AppealSummary>
              className={TABLE_CARDS}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={page.records}
              // In a narrow window the table scrolls sideways instead of squeezing 申诉对象 to nothing; on a
              // phone each appeal is a card (phone.css .table-cards).
              scroll={cardScroll(760)}
              columns={cardColumns<AppealSummary>([
                { title: '申诉编号', dataIndex: 'appealCode', width: 150 },
                { title: '类型', dataIndex: 'kindText', width: 90 },
                { title: '申诉对象', dataIndex: 'subjectTitle', ellipsis: true, card: 'title' },
                { title: '状态', dataIndex: 'statusText', width: 90, render: (v: string, r) => <Tag color={COLOR[r.status]}>{v}</Tag> },
                { title: '提交时间', dataIndex: 'submitTime', width: 160 },
                { title: '操作', key: 'op', width: 70, card: 'actions', render: (_, r) => (
                    // A button (an <a> without href is not reachable by keyboard).
                    <Button type="link" size="small" autoInsertSpace={false} onClick={() => go({ ...base, id: r.id })}>
                      查看
                    </Button>
                  ) },
              ])}
            />
            {page.total > PAGE_SIZE && (
              <Pagination style={{ marginTop: 16 }} current={current} pageSize={PAGE_SIZE} total={page.total} showSizeChanger={false} onChange={(p) => go({ current: p })} />
            )}
          </>
        )}
      </QueryState>
      <Drawer open={id !== undefined} title="申诉详情" size={640} onClose={() => go(base)} destroyOnHidden>
        {id !== undefined && <AppealDetailView id={id} />}
      </Drawer>
      <Drawer open={creating === 1 && id === undefined} title="我要申诉" size={640} onClose={() => go(base)} destroyOnHidden>
        <AppealForm onDone={(newId) => go({ id: newId })} />
      </Drawer>
    </UserCentreFrame>
  );
}
