import { Button } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { calendarFileName, lotCalendar } from '#domain/rules/calendar';
import { projectHref, type ProjectRef } from '#domain/rules/listing';

/** Saves text made in the page as a file: a Blob URL, clicked, then released. */
function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; released on the next turn.
  queueMicrotask(() => URL.revokeObjectURL(url));
}

export interface CalendarLot extends ProjectRef {
  activityId: number;
  title: string;
  /** Epoch ms of the bidding's start and (current) end. */
  startTime: number;
  endTime: number;
}

/**
 * 加入日历: downloads an .ics of a lot's bidding, its start and end in China time
 * (domain/rules/calendar), with a reminder 15 minutes before and links to the lot's page and its room. The
 * lot's page and the watch board show it while the bidding has not ended.
 */
export function AddToCalendar({ lot, compact = false }: { lot: CalendarLot; compact?: boolean }) {
  if (lot.endTime < lot.startTime) return null;
  const onClick = () => {
    const base = `${window.location.origin}${window.location.pathname}`;
    const ics = lotCalendar({
      uid: `activity-${lot.activityId}`,
      title: lot.title,
      start: lot.startTime,
      end: lot.endTime,
      url: `${base}${projectHref(lot)}`,
      description: `河北产权交易所网络竞价。竞价室：${base}#/quoteHall?activityId=${lot.activityId}（结束时间可能因延时竞价顺延，以竞价室为准）`,
      now: Date.now(),
    });
    saveTextFile(calendarFileName(lot.title), ics, 'text/calendar;charset=utf-8');
  };
  return (
    <Button
      size="small"
      type={compact ? 'link' : 'default'}
      icon={<CalendarOutlined />}
      onClick={onClick}
      data-testid="add-to-calendar"
      aria-label={`加入日历：${lot.title}竞价时间`}
      title="加入日历"
    >
      {compact ? null : '加入日历'}
    </Button>
  );
}
