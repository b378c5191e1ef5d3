import { Tag } from 'antd';
import { Link } from '@tanstack/react-router';
import { ThunderboltOutlined } from '@ant-design/icons';
import type { ProjectActivity } from '@/domain/projects';
import { minuteText } from '@/domain/chinaTime';

const ACTIVITY_STATE: Record<ProjectActivity['status'], { text: string; colour: string }> = {
  scheduled: { text: '即将开始', colour: 'orange' },
  live: { text: '竞价中', colour: 'red' },
  ended: { text: '竞价已结束', colour: 'default' },
};

/** The asset's bidding activity and the way into the bidding hall. */
export function ActivityPanel({ activity }: { activity: ProjectActivity }) {
  const state = ACTIVITY_STATE[activity.status];
  return (
    <section className="activity-panel" aria-label="网络竞价">
      <div className="activity-panel__head">
        <ThunderboltOutlined /> 网络竞价
        <Tag color={state.colour}>{state.text}</Tag>
      </div>
      <p className="activity-panel__times tabular">
        竞价时间：{minuteText(activity.startTime)} 至 {minuteText(activity.endTime)}
      </p>
      <Link className="activity-panel__link" to="/hall">
        进入竞价大厅
      </Link>
    </section>
  );
}
