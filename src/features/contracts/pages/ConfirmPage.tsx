import { useState } from 'react';
import { App, Button, Card, Checkbox, Popconfirm, Space, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { OPEN_FIELDS, type ContractDetail } from '#domain/contract/tradeContract';
import { confirmContract, reopenContract, useContractUpdated } from '../api/contracts';
import { ClauseHtml } from '../components/ClauseHtml';
import { ContractShell } from '../components/ContractShell';
import { SubmitForConfirmation } from '../components/SubmitForConfirmation';
import { VersionHistoryCard } from '../components/VersionHistory';
import type { ContractSearch } from '../search';
import '@/styles/contracts.css';

/** The whole draft as the parties read it: fixed clauses, the open clauses, the parties. */
export function ContractText({ c }: { c: ContractDetail }) {
  return (
    <article className="contract-text" aria-label="合同全文">
      <h2 className="contract-text__title">{c.title}</h2>
      <p className="contract-text__code">合同编号：{c.contractCode}（第 {c.version} 版）</p>
      {c.clauses.map((cl) => (
        <section key={cl.heading}>
          <h3>{cl.heading}</h3>
          <p>{cl.text}</p>
        </section>
      ))}
      {OPEN_FIELDS.map((f) => (
        <section key={f.key} className="contract-text__open">
          <h3>
            {f.label} <Tag>约定条款</Tag>
          </h3>
          <ClauseHtml html={c.openFields[f.key]} />
        </section>
      ))}
      <section>
        <h3>签署方</h3>
        <ol>
          {c.parties.map((p) => (
            <li key={p.id}>
              {p.roleText}：{p.name}
              {!p.assigned && <Tag color="orange">待交易机构指定账户</Tag>}
              {p.confirmed && <Tag color="green">已确认 {p.confirmTime}</Tag>}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

function ConfirmActions({ c }: { c: ContractDetail }) {
  const [read, setRead] = useState(false);
  const { message } = App.useApp();
  const updated = useContractUpdated();
  const done = (text: string) => async (next: ContractDetail) => {
    void message.success(text);
    await updated(next);
  };
  const confirm = useMutation({ mutationFn: () => confirmContract(c.id, c.version), onSuccess: done('已确认合同') });
  const reopen = useMutation({ mutationFn: () => reopenContract(c.id), onSuccess: done('已退回修改') });
  const principal = c.myRole !== 'added';
  if (c.state === 'drafting') {
    return (
      <Space>
        <span className="contract-note">合同起草中，{principal ? '核对无误后可提交各方确认。' : '待转让方、受让方提交确认。'}</span>
        {principal && <SubmitForConfirmation c={c} primary />}
      </Space>
    );
  }
  if (c.state !== 'confirming') return null;
  const waiting = c.parties.filter((p) => !p.confirmed).map((p) => p.name);
  return (
    <div className="contract-confirm">
      {c.canConfirm ? (
        <>
          <Checkbox checked={read} onChange={(e) => setRead(e.target.checked)}>
            我已阅读合同全文（第 {c.version} 版），同意按此文本签署
          </Checkbox>
          <Space style={{ marginTop: 12 }}>
            <Button type="primary" disabled={!read} loading={confirm.isPending} onClick={() => confirm.mutate()}>
              确认合同
            </Button>
            {principal && (
              <Popconfirm title="退回后各方的确认将撤销，合同回到起草中。确定退回？" onConfirm={() => reopen.mutate()} okText="退回" cancelText="取消">
                <Button loading={reopen.isPending}>退回修改</Button>
              </Popconfirm>
            )}
          </Space>
        </>
      ) : (
        <p className="contract-note">您已确认，等待 {waiting.join('、')} 确认。各方确认后合同定稿，进入签署。</p>
      )}
    </div>
  );
}

/** /confirm: the whole draft to read, then this party's confirmation (the last one freezes the PDF). */
export function ConfirmPage() {
  const { id } = useSearch({ strict: false }) as ContractSearch;
  return (
    <ContractShell id={id} title="合同确认" here="/confirm">
      {(c) => (
        <>
          <Card size="small" className="contract-card">
            <ContractText c={c} />
            <ConfirmActions c={c} />
          </Card>
          <VersionHistoryCard id={c.id} />
        </>
      )}
    </ContractShell>
  );
}
