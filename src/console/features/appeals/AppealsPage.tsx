/**
 * 申诉: the users' appeals (against a result, an enrolment decision …). The detail shows what is appealed,
 * the user's reason, his attachments (downloadable) and the history. 受理 takes it up, 答复 answers it (the
 * user reads the answer on his appeal), 驳回 (不予受理) needs a reason.
 */
import { Descriptions, Timeline } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { APPEAL_STATUS_TEXT } from '#domain/rules/userFiles';
import { FileList } from '../../components/queue/Files';
import { DetailSection, QueueWorkbench, type QueueActionDef } from '../../components/queue/QueueWorkbench';
import { APPEALS, type AppealItem, type AppealQueueDetail } from './api';

const ACTIONS: QueueActionDef<AppealQueueDetail>[] = [
  { label: '受理', path: APPEALS.acceptPath, states: ['submitted'], confirm: () => '受理此申诉？', done: '已受理，用户将看到申诉已受理' },
  { label: '答复', path: APPEALS.answerPath, states: ['submitted', 'accepted'], input: 'answer', primary: true, done: '已答复，用户将看到答复' },
  { label: '驳回', path: APPEALS.rejectPath, states: ['submitted', 'accepted'], input: 'reason', danger: true, done: '已驳回，用户将看到驳回原因' },
];

function Detail({ d }: { d: AppealQueueDetail }) {
  return (
    <>
      <DetailSection title="申诉">
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'code', label: '申诉编号', children: <span className="console-mono">{d.appealCode}</span> },
            { key: 'kind', label: '申诉类型', children: d.kindText },
            { key: 'subject', label: '申诉对象', span: 2, children: d.subjectTitle },
            { key: 'reason', label: '申诉理由', span: 2, children: <div className="queue-text">{d.appeal.reason}</div> },
            ...(d.appeal.answer ? [{ key: 'answer', label: '答复', span: 2, children: <div className="queue-text">{d.appeal.answer}</div> }] : []),
          ]}
        />
      </DetailSection>
      <DetailSection title="附件">
        <FileList files={d.files} empty="未上传附件" />
      </DetailSection>
      <DetailSection title="处理记录">
        <Timeline
          items={d.appeal.history.map((h, index) => ({
            key: index,
            content: (
              <>
                <strong>{h.statusText}</strong> <span className="tabular console-muted">{h.time}</span>
                {h.note && <div className="console-small">{h.note}</div>}
              </>
            ),
          }))}
        />
      </DetailSection>
    </>
  );
}

export function AppealsPage() {
  const search = useSearch({ from: '/staff/appeals' });
  const navigate = useNavigate({ from: '/appeals' });
  return (
    <QueueWorkbench<AppealItem, AppealQueueDetail>
      queue={APPEALS.queue}
      title="申诉"
      stateLabels={APPEAL_STATUS_TEXT}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      listPath={APPEALS.listPath}
      detailPath={APPEALS.detailPath}
      whatColumns={[
        { title: '类型', dataIndex: 'kindText', width: 120 },
        { title: '申诉对象', dataIndex: 'subjectTitle' },
      ]}
      itemTitle={(item) => `申诉 · ${item.appealCode}`}
      renderDetail={(d) => <Detail d={d} />}
      actions={ACTIONS}
      emptyText="没有符合条件的申诉"
    />
  );
}
