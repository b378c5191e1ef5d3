/**
 * Preloaded into a server process by the benchmarks (`node --import tsx --import <this file> server/main.ts`):
 * measures the process's own health between two messages of the driver on the IPC channel, without a
 * line of the server knowing — CPU, time spent waiting for a CPU (other processes on the machine), event-loop
 * delay (a stall delays every answer), GC pauses, memory.
 *   driver → { probe: 'start' }   reset the counters (the measured window starts)
 *   driver → { probe: 'read' }    answer { probe: 'stats', ... } for the window so far
 * Without an IPC channel (started otherwise) it does nothing.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface ProbeStats {
  probe: 'stats';
  cpuPercent: number;
  /** Time the main thread was ready to run but waited for a CPU (Linux schedstat), in % of the window. */
  cpuWaitPercent: number | null;
  loopDelayP50: number;
  loopDelayP99: number;
  loopDelayMax: number;
  gcCount: number;
  gcMs: number;
  gcMaxMs: number;
  rssMb: number;
  heapUsedMb: number;
}

/** ns the main thread has waited on a run queue (field 2 of /proc/self/schedstat); null off Linux. */
function runQueueWaitNs(): number | null {
  try {
    return Number(readFileSync('/proc/self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    return null;
  }
}

if (process.send && process.channel) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let gcCount = 0;
  let gcMs = 0;
  let gcMaxMs = 0;
  let cpu = process.cpuUsage();
  let started = performance.now();
  let waited = runQueueWaitNs();
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcCount += 1;
      gcMs += e.duration;
      gcMaxMs = Math.max(gcMaxMs, e.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  process.on('message', (m: { probe?: string }) => {
    if (m?.probe === 'start') {
      loop.disable();
      loop.reset();
      loop.enable();
      gcCount = 0;
      gcMs = 0;
      gcMaxMs = 0;
      cpu = process.cpuUsage();
      started = performance.now();
      waited = runQueueWaitNs();
    } else if (m?.probe === 'read') {
      const used = process.cpuUsage(cpu);
      const memory = process.memoryUsage();
      const wallMs = Math.max(1, performance.now() - started);
      const waitNow = runQueueWaitNs();
      const stats: ProbeStats = {
        probe: 'stats',
        cpuPercent: ((used.user + used.system) / 1000 / wallMs) * 100,
        cpuWaitPercent: waitNow !== null && waited !== null ? ((waitNow - waited) / 1e6 / wallMs) * 100 : null,
        loopDelayP50: loop.percentile(50) / 1e6,
        loopDelayP99: loop.percentile(99) / 1e6,
        loopDelayMax: loop.max / 1e6,
        gcCount,
        gcMs,
        gcMaxMs,
        rssMb: memory.rss / 2 ** 20,
        heapUsedMb: memory.heapUsed / 2 ** 20,
      };
      process.send!(stats);
    }
  });
  // The channel must not keep a stopping server alive.
  process.channel.unref();
}
