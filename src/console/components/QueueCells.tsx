/** Cells every queue table shows the same way: the submitter, the time and the wait, the state. */
import { Tag, Typography } from 'antd';
import type { QueueItem } from '#domain/contract/staffQueues';
import { waitText, waitTone } from './wait';

export function UserCell({ item }: { item: Pick<QueueItem, 'userName' | 'loginName'> }) {
  return (
    <>
      <div>{item.userName || '（未实名）'}</div>
      <Typography.Text type="secondary" className="console-mono">
        {item.loginName}
      </Typography.Text>
    </>
  );
}

export function SubmitCell({ item }: { item: Pick<QueueItem, 'submitTime' | 'waitMinutes'> }) {
  return (
    <>
      <div className="tabular">{item.submitTime}</div>
      {item.waitMinutes !== null && <div className={`console-small queue-wait--${waitTone(item.waitMinutes)}`}>{waitText(item.waitMinutes)}</div>}
    </>
  );
}

const WAITING_STATES = new Set(['submitted', 'requested', 'paid', 'handedOver', 'certified']);
const REFUSED_STATES = new Set(['rejected', 'failed', 'refused', 'forfeited']);

export function StateCell({ item }: { item: Pick<QueueItem, 'state' | 'stateText' | 'handledBy' | 'handledTime' | 'reason'> }) {
  const colour = WAITING_STATES.has(item.state) ? 'orange' : REFUSED_STATES.has(item.state) ? 'red' : 'green';
  return (
    <>
      <Tag color={colour}>{item.stateText}</Tag>
      {item.handledBy && (
        <div className="console-small">
          {item.handledBy} <span className="tabular">{item.handledTime}</span>
        </div>
      )}
      {item.reason && <div className="console-small">原因：{item.reason}</div>}
    </>
  );
}
