/**
 * A spawned server's whole process tree: tsx's cli runs the server in a child process of its own, so a
 * SIGKILL to the spawned process alone would leave the server running (a signal it cannot relay).
 * Linux /proc only (the benchmarks and the crash-loop test run on Linux).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export function processTree(pid: number): number[] {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return [pid];
  const children = readdirSync(tasks).flatMap((task) => {
    try {
      return readFileSync(`${tasks}/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return [pid, ...children.flatMap(processTree)];
}

/** SIGKILL to the process and its descendants, deepest first: a crash without any clean-up. */
export function killTree(pid: number): void {
  for (const p of processTree(pid).reverse()) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/** Stops a spawned server gracefully (SIGTERM), killing its whole tree if it has not exited within 10 s. */
export async function stopServer(server: import('node:child_process').ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => killTree(server.pid!), 10_000);
  await exited;
  clearTimeout(timer);
}
