/**
 * Preloaded into a server process by the benchmarks (`node --import tsx --import <this file> server/main.ts`):
 * measures the process's own health between two messages of the driver on the IPC channel, without a
 * line of the server knowing — CPU, event-loop delay (a stall delays every answer), GC pauses, memory.
 *   driver → { probe: 'start' }   reset the counters (the measured window starts)
 *   driver → { probe: 'read' }    answer { probe: 'stats', ... } for the window so far
 * Without an IPC channel (started otherwise) it does nothing.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface ProbeStats {
  probe: 'stats';
  cpuPercent: number;
  loopDelayP50: number;
  loopDelayP99: number;
  loopDelayMax: number;
  gcCount: number;
  gcMs: number;
  gcMaxMs: number;
  rssMb: number;
  heapUsedMb: number;
}

if (process.send && process.channel) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let gcCount = 0;
  let gcMs = 0;
  let gcMaxMs = 0;
  let cpu = process.cpuUsage();
  let started = performance.now();
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
    } else if (m?.probe === 'read') {
      const used = process.cpuUsage(cpu);
      const memory = process.memoryUsage();
      const stats: ProbeStats = {
        probe: 'stats',
        cpuPercent: ((used.user + used.system) / 1000 / Math.max(1, performance.now() - started)) * 100,
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
