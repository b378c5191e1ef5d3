/**
 * 实名认证: the users' real-name requests, oldest first. The detail shows what the user submitted — a
 * person's name and ID, or an organisation's name, credit code, legal person and licence picture — with ID
 * numbers masked as the server sends them, and his earlier requests. 通过, or 驳回 with a reason the user
 * reads on his 认证未通过原因 page and in 我的消息.
 */
import { Descriptions, Table, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { idDocumentTypeName } from '#domain/rules/idCard';
import { FileList } from '../../components/queue/Files';
import { DetailSection, QueueWorkbench, type QueueActionDef } from '../../components/queue/QueueWorkbench';
import { REAL_NAME, type RealNameDetail, type RealNameItem } from './api';

const STATE_LABELS = { pending: '待审核', approved: '已通过', rejected: '已驳回' };
const KIND_LABELS = { person: '个人', org: '机构' } as const;

const ACTIONS: QueueActionDef<RealNameDetail>[] = [
  { label: '通过', path: REAL_NAME.approvePath, states: ['pending'], primary: true, confirm: (d) => `确认通过 ${d.userName} 的实名认证？`, done: '已通过，用户将收到消息' },
  { label: '驳回', path: REAL_NAME.rejectPath, states: ['pending'], input: 'reason', danger: true, done: '已驳回，用户将看到驳回原因' },
];

function Detail({ d }: { d: RealNameDetail }) {
  const submitted =
    d.kind === 'person'
      ? [
          { key: 'name', label: '姓名', children: d.name },
          { key: 'idType', label: '证件类型', children: idDocumentTypeName(d.idType) },
          { key: 'idNumber', label: '证件号码', children: <span className="console-mono">{d.idNumber}</span> },
        ]
      : [
          { key: 'orgName', label: '机构名称', span: 2, children: d.orgName },
          { key: 'creditCode', label: '统一社会信用代码', span: 2, children: <span className="console-mono">{d.creditCode}</span> },
          { key: 'legalPerson', label: '法定代表人', span: 2, children: d.legalPerson },
          { key: 'legalIdType', label: '法人证件类型', children: idDocumentTypeName(d.legalIdType) },
          { key: 'legalIdNumber', label: '法人证件号码', children: <span className="console-mono">{d.legalIdNumber}</span> },
        ];
  return (
    <>
      <DetailSection title={`提交的${KIND_LABELS[d.kind]}信息`}>
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'kind', label: '认证类型', children: <Tag>{KIND_LABELS[d.kind]}</Tag> },
            { key: 'phone', label: '手机号', children: <span className="tabular">{d.phone}</span> },
            ...submitted,
            { key: 'register', label: '注册时间', children: <span className="tabular">{d.registerTime}</span> },
          ]}
        />
      </DetailSection>
      {d.kind === 'org' && (
        <DetailSection title="营业执照">
          <FileList files={d.files} empty="未上传营业执照" />
        </DetailSection>
      )}
      <DetailSection title="以往申请">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={d.history}
          locale={{ emptyText: '无以往申请' }}
          columns={[
            { title: '提交时间', dataIndex: 'submitTime', width: 170, render: (t: string) => <span className="tabular">{t}</span> },
            { title: '结果', dataIndex: 'state', width: 90, render: (s: keyof typeof STATE_LABELS) => STATE_LABELS[s] ?? s },
            { title: '审核时间', dataIndex: 'reviewTime', width: 170, render: (t: string | null) => <span className="tabular">{t ?? '—'}</span> },
            { title: '原因', dataIndex: 'reason' },
          ]}
        />
      </DetailSection>
    </>
  );
}

export function RealNamePage() {
  const search = useSearch({ from: '/staff/real-name' });
  const navigate = useNavigate({ from: '/real-name' });
  return (
    <QueueWorkbench<RealNameItem, RealNameDetail>
      queue={REAL_NAME.queue}
      title="实名认证"
      stateLabels={STATE_LABELS}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      listPath={REAL_NAME.listPath}
      detailPath={REAL_NAME.detailPath}
      whatColumns={[
        { title: '类型', dataIndex: 'kind', width: 80, render: (kind: RealNameItem['kind']) => <Tag>{KIND_LABELS[kind]}</Tag> },
        { title: '申请', dataIndex: 'summary' },
      ]}
      itemTitle={(item) => `实名认证 · ${item.userName}`}
      renderDetail={(d) => <Detail d={d} />}
      actions={ACTIONS}
      emptyText="没有符合条件的实名认证申请"
    />
  );
}
