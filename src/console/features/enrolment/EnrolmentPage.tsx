/**
 * 报名审核: the bidders' enrolments on lots. The detail shows the lot, the bidder as he enrolled (ID masked),
 * his contact and the qualification attachments (downloadable). 受理 takes one up (submitted → reviewing;
 * the demo's automatic approval then leaves it to the member), 通过 lets him pay the deposit, 驳回 needs a
 * reason he reads on the enrolment.
 */
import { Descriptions } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ENROLMENT_STATUS_TEXT, acceptedTermsText } from '#domain/rules/enrolment';
import { FileList } from '../../components/queue/Files';
import { DetailSection, QueueWorkbench, type QueueActionDef } from '../../components/queue/QueueWorkbench';
import { ENROLMENT, type EnrolmentItem, type EnrolmentQueueDetail } from './api';

const yuan = (amount: number) => `${amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;

const ACTIONS: QueueActionDef<EnrolmentQueueDetail>[] = [
  { label: '受理', path: ENROLMENT.reviewPath, states: ['submitted'], confirm: () => '受理此报名（开始审核）？', done: '已受理，报名进入审核中' },
  { label: '通过', path: ENROLMENT.approvePath, states: ['submitted', 'reviewing'], primary: true, confirm: (d) => `确认通过 ${d.userName} 的报名？`, done: '已通过，竞买人可缴纳保证金' },
  { label: '驳回', path: ENROLMENT.rejectPath, states: ['submitted', 'reviewing'], input: 'reason', danger: true, done: '已驳回，竞买人将看到驳回原因' },
];

function Detail({ d }: { d: EnrolmentQueueDetail }) {
  const e = d.enrolment;
  return (
    <>
      <DetailSection title="项目">
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'name', label: '项目名称', span: 2, children: d.project.assetsName },
            { key: 'code', label: '项目编号', children: <span className="console-mono">{d.project.projectCode}</span> },
            { key: 'deposit', label: '保证金', children: <span className="tabular">{yuan(d.deposit)}</span> },
            { key: 'org', label: '转让方', span: 2, children: d.project.orgName },
          ]}
        />
      </DetailSection>
      <DetailSection title="报名人">
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'bidder', label: '竞买人', children: e.bidderName },
            { key: 'id', label: '证件号码', children: <span className="console-mono">{e.idMasked}</span> },
            { key: 'contact', label: '联系人', children: e.contactName },
            { key: 'phone', label: '联系电话', children: <span className="tabular">{e.contactPhone}</span> },
            { key: 'email', label: '电子邮箱', children: e.contactEmail || '—' },
            { key: 'code', label: '报名编号', children: <span className="console-mono">{e.enrolCode}</span> },
            { key: 'address', label: '联系地址', span: 2, children: e.address || '—' },
            { key: 'terms', label: '竞买须知', span: 2, children: e.acceptedTerms ? <span className="console-mono">{acceptedTermsText(e.acceptedTerms)}</span> : '—（版本化须知启用前的报名）' },
          ]}
        />
      </DetailSection>
      <DetailSection title="资质附件">
        <FileList files={d.files} empty="未上传资质附件" />
      </DetailSection>
    </>
  );
}

export function EnrolmentPage() {
  const search = useSearch({ from: '/staff/enrolment' });
  const navigate = useNavigate({ from: '/enrolment' });
  return (
    <QueueWorkbench<EnrolmentItem, EnrolmentQueueDetail>
      queue={ENROLMENT.queue}
      title="报名审核"
      stateLabels={ENROLMENT_STATUS_TEXT}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      listPath={ENROLMENT.listPath}
      detailPath={ENROLMENT.detailPath}
      whatColumns={[
        { title: '项目', dataIndex: 'assetsName', render: (name: string, item) => (<><div>{name}</div><span className="console-mono console-muted">{item.projectCode}</span></>) },
        { title: '保证金', dataIndex: 'deposit', width: 150, align: 'right', render: (amount: number) => <span className="tabular">{yuan(amount)}</span> },
      ]}
      itemTitle={(item) => `报名审核 · ${item.assetsName}`}
      renderDetail={(d) => <Detail d={d} />}
      actions={ACTIONS}
      emptyText="没有符合条件的报名"
    />
  );
}
