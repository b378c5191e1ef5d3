/**
 * 保证金凭证: the bidders' bank-transfer proofs of a deposit. The detail shows the deposit (lot, amount
 * due, receiving account), what the payer declared and the proof file. 确认 credits the deposit (the
 * bidder may then bid); 驳回 needs a reason the bidder reads on his deposit's page.
 */
import { Descriptions } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { DEAL_PROOF_STATUS_TEXT } from '#domain/rules/settlement';
import { FileList } from '../../components/queue/Files';
import { DetailSection, QueueWorkbench, type QueueActionDef } from '../../components/queue/QueueWorkbench';
import { DEPOSIT_PROOFS, type DepositProofDetail, type DepositProofItem } from './api';

const yuan = (amount: number) => `${amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;

const ACTIONS: QueueActionDef<DepositProofDetail>[] = [
  { label: '确认', path: DEPOSIT_PROOFS.confirmPath, states: ['submitted'], primary: true, confirm: (d) => `确认已收到 ${d.payerName} 的保证金 ${yuan(d.amount)}？`, done: '已确认，保证金已到账' },
  { label: '驳回', path: DEPOSIT_PROOFS.rejectPath, states: ['submitted'], input: 'reason', danger: true, done: '已驳回，竞买人将看到驳回原因' },
];

function Detail({ d }: { d: DepositProofDetail }) {
  const proof = d.deposit.proofs.find((p) => p.id === d.id);
  const due = d.deposit.amount;
  return (
    <>
      <DetailSection title="付款凭证">
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'amount', label: '付款金额', children: <strong className="tabular">{yuan(d.amount)}</strong> },
            { key: 'due', label: '应缴保证金', children: <span className={due === d.amount ? 'tabular' : 'tabular queue-mismatch'}>{yuan(due)}{due !== d.amount && '（金额不符）'}</span> },
            { key: 'payer', label: '付款人', children: d.payerName },
            { key: 'account', label: '付款账号', children: <span className="console-mono">{proof?.payerAccount ?? ''}</span> },
            { key: 'bank', label: '付款银行', children: d.bankName },
            { key: 'paid', label: '付款时间', children: <span className="tabular">{proof?.paidTime ?? ''}</span> },
            ...(proof?.note ? [{ key: 'note', label: '备注', span: 2, children: proof.note }] : []),
          ]}
        />
        <div className="queue-section">
          <FileList files={d.files} empty="未上传凭证文件" />
        </div>
      </DetailSection>
      <DetailSection title="保证金">
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'lot', label: '项目', span: 2, children: `${d.deposit.assetsName}（${d.deposit.projectCode}）` },
            { key: 'code', label: '保证金编号', children: <span className="console-mono">{d.deposit.depositCode}</span> },
            { key: 'status', label: '保证金状态', children: d.deposit.statusText },
            { key: 'to', label: '收款账户', span: 2, children: `${d.deposit.receiving.accountName} ${d.deposit.receiving.bankName} ${d.deposit.receiving.accountNo}` },
          ]}
        />
      </DetailSection>
    </>
  );
}

export function DepositProofsPage() {
  const search = useSearch({ from: '/staff/deposit-proofs' });
  const navigate = useNavigate({ from: '/deposit-proofs' });
  return (
    <QueueWorkbench<DepositProofItem, DepositProofDetail>
      queue={DEPOSIT_PROOFS.queue}
      title="保证金凭证"
      stateLabels={DEAL_PROOF_STATUS_TEXT}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      listPath={DEPOSIT_PROOFS.listPath}
      detailPath={DEPOSIT_PROOFS.detailPath}
      whatColumns={[
        { title: '项目', dataIndex: 'assetsName' },
        { title: '金额', dataIndex: 'amount', width: 130, align: 'right', render: (amount: number) => <span className="tabular">{yuan(amount)}</span> },
        { title: '付款人', dataIndex: 'payerName', width: 100 },
      ]}
      itemTitle={(item) => `保证金凭证 · ${item.assetsName}`}
      renderDetail={(d) => <Detail d={d} />}
      actions={ACTIONS}
      emptyText="没有符合条件的保证金凭证"
    />
  );
}
