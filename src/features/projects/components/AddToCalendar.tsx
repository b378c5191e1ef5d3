import { Button } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { calendarFileName, lotCalendar } from '@/domain/calendar';
import { chinaTimeToEpoch } from '@/domain/chinaTime';
import type { ProjectDetail } from '@/domain/projects';
import { saveTextFile } from '../download';

/**
 * 加入日历: downloads an .ics of the lot's bidding, its start and end in China time (src/domain/calendar),
 * with a reminder 15 minutes before and links to the lot's page and its room. Hidden once the bidding has ended.
 */
export function AddToCalendar({ detail }: { detail: ProjectDetail }) {
  const activity = detail.activity;
  const start = chinaTimeToEpoch(activity?.startTime);
  const end = chinaTimeToEpoch(activity?.endTime);
  if (!activity || activity.status === 'ended' || start === null || end === null || end < start) return null;
  const title = detail.assetsName;
  const onClick = () => {
    const base = `${window.location.origin}${window.location.pathname}`;
    const ics = lotCalendar({
      uid: `activity-${activity.activityId}`,
      title,
      start,
      end,
      url: window.location.href,
      description: `河北产权交易所网络竞价。竞价室：${base}#/quoteHall?activityId=${activity.activityId}（结束时间可能因延时竞价顺延，以竞价室为准）`,
      now: Date.now(),
    });
    saveTextFile(calendarFileName(title), ics, 'text/calendar;charset=utf-8');
  };
  return (
    <Button size="small" icon={<CalendarOutlined />} onClick={onClick} data-testid="add-to-calendar" aria-label={`加入日历：${title}竞价时间`}>
      加入日历
    </Button>
  );
}
