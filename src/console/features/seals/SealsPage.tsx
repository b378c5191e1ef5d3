/**
 * 签章申请: the users' applications for an electronic seal (contracts are signed with it). The detail shows
 * the seal's image (fetched with the staff token), 通过, or 驳回 with a reason the user reads on his seal
 * application page.
 */
import { Descriptions } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { SEAL_STATUS_TEXT } from '#domain/rules/esign';
import { BlobImage } from '../../components/queue/Files';
import { DetailSection, QueueWorkbench, type QueueActionDef } from '../../components/queue/QueueWorkbench';
import { SEALS, type SealDetail, type SealItem } from './api';

const ACTIONS: QueueActionDef<SealDetail>[] = [
  { label: '通过', path: SEALS.approvePath, states: ['pending'], primary: true, confirm: (d) => `确认通过「${d.sealName}」的签章申请？`, done: '已通过，用户可使用此印章签署' },
  { label: '驳回', path: SEALS.rejectPath, states: ['pending'], input: 'reason', danger: true, done: '已驳回，用户将看到驳回原因' },
];

function Detail({ d }: { d: SealDetail }) {
  return (
    <>
      <DetailSection title="印章">
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'name', label: '印章名称', children: d.sealName },
            { key: 'org', label: '所属单位', children: d.orgName || '—' },
          ]}
        />
      </DetailSection>
      <DetailSection title="印章图片">
        <BlobImage path={SEALS.imagePath} params={{ id: d.id }} alt={`印章 ${d.sealName}`} width={200} />
      </DetailSection>
    </>
  );
}

export function SealsPage() {
  const search = useSearch({ from: '/staff/seals' });
  const navigate = useNavigate({ from: '/seals' });
  return (
    <QueueWorkbench<SealItem, SealDetail>
      queue={SEALS.queue}
      title="签章申请"
      stateLabels={SEAL_STATUS_TEXT}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      listPath={SEALS.listPath}
      detailPath={SEALS.detailPath}
      whatColumns={[
        { title: '印章名称', dataIndex: 'sealName' },
        { title: '所属单位', dataIndex: 'orgName', render: (org: string) => org || '—' },
      ]}
      itemTitle={(item) => `签章申请 · ${item.sealName}`}
      renderDetail={(d) => <Detail d={d} />}
      actions={ACTIONS}
      emptyText="没有符合条件的签章申请"
    />
  );
}
