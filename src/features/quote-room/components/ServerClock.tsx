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
