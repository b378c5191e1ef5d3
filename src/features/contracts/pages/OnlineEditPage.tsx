import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Segmented, Space, Tooltip } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { OPEN_FIELDS, type ContractDetail, type OpenFieldKey } from '#domain/contract/tradeContract';
import { OPEN_FIELD_MAX, openFieldLabel } from '#domain/rules/tradeContract';
import { saveOpenFields, useContractUpdated } from '../api/contracts';
import { ContractShell } from '../components/ContractShell';
import { VersionHistoryCard } from '../components/VersionHistory';
import type { OnlineEditSearch } from '../search';
import '@/styles/contracts.css';

/** Formatting the server keeps (its allowlist); anything else pasted in is dropped when saved. */
const TOOLS = [
  { command: 'bold', label: '加粗', text: 'B' },
  { command: 'italic', label: '斜体', text: 'I' },
  { command: 'underline', label: '下划线', text: 'U' },
  { command: 'insertUnorderedList', label: '项目列表', text: '•' },
  { command: 'insertOrderedList', label: '编号列表', text: '1.' },
] as const;

function ClauseEditor({ c, field }: { c: ContractDetail; field: OpenFieldKey }) {
  const box = useRef<HTMLDivElement>(null);
  const [dirty, setDirty] = useState(false);
  const { message } = App.useApp();
  const updated = useContractUpdated();
  useEffect(() => {
    // The stored text is the server's sanitised HTML.
    if (box.current) box.current.innerHTML = c.openFields[field];
    setDirty(false);
  }, [c.openFields, field]);
  const save = useMutation({
    mutationFn: () => {
      const html = box.current?.innerHTML ?? '';
      if (html.length > OPEN_FIELD_MAX) throw new Error(`内容不能超过${OPEN_FIELD_MAX}个字符`);
      return saveOpenFields(c.id, c.version, { [field]: html });
    },
    onSuccess: async (next) => {
      void message.success(`「${openFieldLabel(field)}」已保存为第 ${next.version} 版`);
      await updated(next);
    },
    onError: (e: Error) => {
      if (e.message.startsWith('内容不能超过')) void message.error(e.message);
    },
  });
  const exec = (command: string) => {
    box.current?.focus();
    // execCommand is the one editing primitive of contentEditable; the server sanitises whatever it makes.
    document.execCommand(command);
    setDirty(true);
  };
  return (
    <div className="clause-editor">
      <Space className="clause-editor__toolbar" role="toolbar" aria-label="格式">
        {TOOLS.map((t) => (
          <Tooltip key={t.command} title={t.label}>
            <Button size="small" aria-label={t.label} onMouseDown={(e) => e.preventDefault()} onClick={() => exec(t.command)}>
              {t.text}
            </Button>
          </Tooltip>
        ))}
      </Space>
      <div
        ref={box}
        className="clause-editor__box"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={openFieldLabel(field)}
        onInput={() => setDirty(true)}
        onPaste={(e) => {
          // Pasted as plain text: no foreign styles or markup reach the clause.
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
        }}
      />
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
          保存
        </Button>
        <Button
          disabled={!dirty}
          onClick={() => {
            if (box.current) box.current.innerHTML = c.openFields[field];
            setDirty(false);
          }}
        >
          撤销修改
        </Button>
      </Space>
    </div>
  );
}

/** /onlineEdit: one open clause in a rich-text editor (bold, italic, lists); the server sanitises and versions it. */
export function OnlineEditPage() {
  const { id, field = 'handover' } = useSearch({ strict: false }) as OnlineEditSearch;
  const navigate = useNavigate();
  return (
    <ContractShell id={id} title="在线编辑" here="/onlineEdit">
      {(c) => (
        <>
          <Card size="small" className="contract-card" title="约定条款">
            <Segmented<string>
              aria-label="选择条款"
              value={field}
              onChange={(v) => void navigate({ href: `/onlineEdit?id=${c.id}&field=${v}` })}
              options={OPEN_FIELDS.map((f) => ({ label: f.label, value: f.key }))}
              style={{ marginBottom: 12 }}
            />
            {c.canEdit ? <ClauseEditor c={c} field={field} /> : <p className="contract-note">合同当前为「{c.stateText}」，不能在线编辑。</p>}
          </Card>
          <VersionHistoryCard id={c.id} />
        </>
      )}
    </ContractShell>
  );
}
