import { Button, Descriptions, Tag } from 'antd';
import { Result } from '@/components/Result';
import { useNavigate } from '@tanstack/react-router';
import type { VerificationStatus } from '#domain/contract/auth';
import { useRealNameStatus } from '../api/get-real-name-status';
import { QueryState } from '@/components/QueryState';
import { AccountPanel } from '../components/AccountPanel';
import { idDocumentTypeName, verifyPathOf } from '../status';
import '@/styles/auth.css';

const STATE_TAG = {
  none: { text: '未认证', color: 'default' },
  pending: { text: '审核中', color: 'processing' },
  approved: { text: '已认证', color: 'success' },
  rejected: { text: '认证未通过', color: 'error' },
} as const;

/** The submitted (masked) data of a verification. */
function SubmittedData({ status }: { status: VerificationStatus }) {
  const person = status.userType !== 2;
  const items = [
    { key: 'state', label: '认证状态', children: <Tag color={STATE_TAG[status.state].color}>{STATE_TAG[status.state].text}</Tag> },
    ...(person
      ? [
          { key: 'name', label: '真实姓名', children: status.name || '--' },
          { key: 'idType', label: '证件类型', children: idDocumentTypeName(status.idType) },
          { key: 'idNumber', label: '证件号码', children: <span className="tabular">{status.idNumber || '--'}</span> },
        ]
      : [
          { key: 'orgName', label: '机构名称', children: status.orgName || '--' },
          { key: 'creditCode', label: '统一社会信用代码', children: <span className="tabular">{status.creditCode || '--'}</span> },
          { key: 'legalPerson', label: '法定代表人', children: status.legalPerson || status.name || '--' },
          { key: 'legalIdType', label: '法定代表人证件类型', children: idDocumentTypeName(status.legalIdType ?? status.idType) },
          {
            key: 'legalIdNumber',
            label: '法定代表人证件号码',
            children: <span className="tabular">{status.legalIdNumber || status.idNumber || '--'}</span>,
          },
        ]),
    { key: 'submittedAt', label: '提交时间', children: status.submittedAt || '--' },
    ...(status.state === 'approved' ? [{ key: 'reviewedAt', label: '认证时间', children: status.reviewedAt || '--' }] : []),
  ];
  return <Descriptions bordered column={1} size="middle" styles={{ label: { width: 180 } }} items={items} className="account-descriptions" />;
}

/** /realNamePersonInfo: the verification state — pending, approved (masked data) or rejected (→ reason). */
export function RealNamePersonInfoPage() {
  const status = useRealNameStatus();
  const navigate = useNavigate();

  const render = (data: VerificationStatus) => {
    if (data.state === 'none') {
      return (
        <Result
          status="info"
          title="您尚未进行实名认证"
          subTitle="完成实名认证后即可在线报名、缴纳保证金并参与竞价。"
          extra={
            <Button type="primary" onClick={() => void navigate({ to: verifyPathOf(data.userType) })}>
              去实名认证
            </Button>
          }
        />
      );
    } else {
      const { state } = data;
      return (
        <>
          <Result
            className="account-result"
            status={state === 'approved' ? 'success' : state === 'rejected' ? 'error' : 'info'}
            title={state === 'approved' ? '实名认证已通过' : state === 'rejected' ? '实名认证未通过' : '实名认证审核中'}
            subTitle={
              state === 'pending'
                ? '您的认证信息已提交，工作人员将尽快审核，请耐心等待。'
                : state === 'rejected'
                  ? `原因：${data.reason || '--'}`
                  : undefined
            }
            extra={
              state === 'rejected' ? (
                <Button type="primary" onClick={() => void navigate({ to: '/membershipReason' })}>
                  查看原因并重新认证
                </Button>
              ) : undefined
            }
          />
          <SubmittedData status={data} />
        </>
      );
    }
  };

  return (
    <AccountPanel title="实名认证信息">
      <QueryState query={status} isEmpty={() => false} rows={6}>
        {render}
      </QueryState>
    </AccountPanel>
  );
}
