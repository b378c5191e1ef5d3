import { useLiveStream } from '@/live';

/** The measured server-clock offset, discreetly: 服务器时间校准 +12 ms (error bound ±rtt/2 in the tooltip). */
export function ServerClock() {
  const clock = useLiveStream('clock', null);
  if (!clock?.synced) return <span className="room-clock" data-testid="room-clock">服务器时间校准中…</span>;
  const sign = clock.offsetMs >= 0 ? '+' : '−';
  const bound = clock.rttMs === null ? '' : `，误差不超过 ±${Math.ceil(clock.rttMs / 2)} ms`;
  return (
    <span className="room-clock tabular" data-testid="room-clock" title={`本机时钟与服务器时间相差 ${clock.offsetMs} ms${bound}；倒计时按服务器时间计算`}>
      服务器时间校准 {sign}
      {Math.abs(clock.offsetMs)} ms
    </span>
  );
}

/**
 * How fresh the room is: 实时推送 while the push stream is healthy (another bid shows the moment the
 * server accepts it), 每秒刷新 while polling carries the room (within about a second). A bidder in the last
 * seconds should know which one he is looking at.
 */
export function LiveLinkBadge() {
  const link = useLiveStream('pushLink', null);
  if (!link) return null;
  return link.push ? (
    <span className="room-link room-link--push" data-testid="room-link" title="其他竞买人的出价在服务器受理后即时推送到本页">
      实时推送
    </span>
  ) : (
    <span className="room-link room-link--polling" data-testid="room-link" title="实时推送暂不可用，本页每秒向服务器查询一次，恢复后自动切回">
      每秒刷新
    </span>
  );
}
