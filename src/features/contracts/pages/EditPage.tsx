import { App, Button, Card, Form, Input, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { OPEN_FIELDS, type ContractDetail, type OpenFieldKey } from '#domain/contract/tradeContract';
import { OPEN_FIELD_MAX } from '#domain/rules/tradeContract';
import { saveOpenFields, useContractUpdated } from '../api/contracts';
import { htmlToLines, linesToHtml } from '../components/ClauseHtml';
import { ContractShell } from '../components/ContractShell';
import { SubmitForConfirmation } from '../components/SubmitForConfirmation';
import { VersionHistoryCard } from '../components/VersionHistory';
import type { ContractSearch } from '../search';
import '@/styles/contracts.css';

type Values = Record<OpenFieldKey, string>;

function EditForm({ c }: { c: ContractDetail }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const updated = useContractUpdated();
  const initial = Object.fromEntries(OPEN_FIELDS.map((f) => [f.key, htmlToLines(c.openFields[f.key])])) as Values;
  const save = useMutation({
    mutationFn: (v: Values) => {
      // Only the clauses changed here are sent: the others keep their formatting from /onlineEdit.
      const fields = Object.fromEntries(OPEN_FIELDS.filter((f) => v[f.key] !== initial[f.key]).map((f) => [f.key, linesToHtml(v[f.key])]));
      return saveOpenFields(c.id, c.version, fields);
    },
    onSuccess: async (next) => {
      void message.success(`已保存为第 ${next.version} 版`);
      await updated(next);
    },
  });
  if (!c.canEdit) {
    return <p className="contract-note">合同当前为「{c.stateText}」，{c.myRole === 'added' ? '其他签署方不能修改约定条款。' : '不能修改。'}</p>;
  }
  return (
    <Form<Values> key={c.version} form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)}>
      <p className="contract-note">合同的固定条款由交易机构依模板生成，不能修改；以下约定条款可由转让方、受让方协商修改，每行为一段。每次保存形成一个新版本。</p>
      {OPEN_FIELDS.map((f) => (
        <Form.Item
          key={f.key}
          name={f.key}
          label={f.label}
          extra={<a href={`#/onlineEdit?id=${c.id}&field=${f.key}`}>在线编辑（加粗、列表等格式）</a>}
          rules={[
            { required: true, whitespace: true, message: `请填写${f.label}，没有约定请填写“无”` },
            { max: OPEN_FIELD_MAX, message: `不能超过${OPEN_FIELD_MAX}个字符` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={OPEN_FIELD_MAX} aria-label={f.label} />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
        <SubmitForConfirmation c={c} />
      </Space>
    </Form>
  );
}

/** /edit: the form of the open clauses (fixed clauses are the template's), and the version history. */
export function EditPage() {
  const { id } = useSearch({ strict: false }) as ContractSearch;
  return (
    <ContractShell id={id} title="合同编辑" here="/edit">
      {(c) => (
        <>
          <Card size="small" title="约定条款" className="contract-card">
            <EditForm c={c} />
          </Card>
          <VersionHistoryCard id={c.id} />
        </>
      )}
    </ContractShell>
  );
}
