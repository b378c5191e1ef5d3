/**
 * 路演 rules shared by the server (the reminder job, the staff checks) and the browser (the block's texts).
 */
import type { RoadshowKind, RoadshowPhase } from '../contract/roadshow';
import { formatChinaTime } from './chinaTime';

/** The reminder goes to every follower this many minutes before the start (once). */
export const ROADSHOW_REMINDER_MINUTES = 15;

export const ROADSHOW_KIND_TEXT: Record<RoadshowKind, string> = { live: '直播路演', recorded: '路演录像' };
export const ROADSHOW_PHASE_TEXT: Record<RoadshowPhase, string> = { upcoming: '即将开始', live: '直播中', ended: '已结束' };

export const ROADSHOW_FOLLOW = '关注路演';
export const ROADSHOW_FOLLOWED = '已关注';

export function roadshowPhase(startAt: number, endAt: number, now: number): RoadshowPhase {
  return now < startAt ? 'upcoming' : now < endAt ? 'live' : 'ended';
}

/** Whether a follower is reminded at `now`: the window opens `leadMinutes` before the start and closes at it. */
export function reminderDue(startAt: number, now: number, leadMinutes = ROADSHOW_REMINDER_MINUTES): boolean {
  return now < startAt && startAt - now <= leadMinutes * 60_000;
}

/** The message in 我的消息. */
export function roadshowReminder(r: { title: string; assetsName: string; presenter: string; startAt: number; endAt: number }, now: number): { title: string; content: string } {
  const minutes = Math.max(1, Math.ceil((r.startAt - now) / 60_000));
  return {
    title: `路演提醒：「${r.title}」${minutes} 分钟后开始`,
    content: `您关注的路演「${r.title}」（项目：${r.assetsName}，主讲：${r.presenter}）将于 ${formatChinaTime(r.startAt, 'YYYY-MM-DD HH:mm')} 开始，${formatChinaTime(r.endAt, 'YYYY-MM-DD HH:mm').slice(11)} 结束，请按时观看。`,
  };
}

/** A video or poster address: our own server's path (/api/…, /…) or an https address. */
export function isRoadshowUrl(url: string): boolean {
  return url === '' || (/^\/[^/\\]/.test(url) && !/\s/.test(url)) || /^https:\/\/[^\s]+$/.test(url);
}

/** The staff form's checks; null when fine. */
export function roadshowProblem(r: { kind: RoadshowKind; startAt: number; endAt: number; videoUrl: string; posterUrl: string }): string | null {
  if (r.endAt <= r.startAt) return '结束时间须晚于开始时间';
  if (r.endAt - r.startAt > 12 * 3_600_000) return '一场路演不能超过 12 小时';
  if (!isRoadshowUrl(r.videoUrl) || !isRoadshowUrl(r.posterUrl)) return '视频与海报地址须为本站路径（/api/…）或 https 地址';
  if (r.kind === 'recorded' && r.videoUrl === '') return '路演录像须填写视频地址';
  return null;
}
