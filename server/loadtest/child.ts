/**
 * A load process of its own (node + the tsx loader, no wrapper process), spoken to over IPC: the parent
 * sends one `{type: 'run', spec}`, the child answers with its events, then `{type: 'result'}` or
 * `{type: 'failed'}`. The poll benchmark's generator (generator.ts) and `npm run loadtest`'s load
 * (load.ts) each run this way, so that neither the server under test nor the driver shares its event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type ToChild<Spec> = { type: 'run'; spec: Spec };
type FromChild<Event, Result> = Event | { type: 'result'; result: Result } | { type: 'failed'; message: string };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs the module `file` (its own path) with `--role role` in a child process and gives it `spec`; each
 * event it sends goes to `onEvent`, and its result ends the call. `label` names it in errors.
 */
export async function runInChild<Spec, Event extends { type: string }, Result>(file: string, role: string, label: string, spec: Spec, onEvent: (event: Event) => void): Promise<Result> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file, '--role', role], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    return await new Promise<Result>((resolve, reject) => {
      child.on('message', (raw) => {
        const m = raw as FromChild<Event, Result>;
        if (m.type === 'result') resolve((m as { result: Result }).result);
        else if (m.type === 'failed') reject(new Error(`${label}: ${(m as { message: string }).message}`));
        else onEvent(m as Event);
      });
      child.once('exit', (code) => reject(new Error(`${label} exited (${code})`)));
      child.once('spawn', () => child.send({ type: 'run', spec } satisfies ToChild<Spec>));
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/**
 * The child's side: when this process is the module `file` started with `--role role` (by runInChild),
 * runs `run` on the spec the parent sends, with `send` for its events, and answers its result or failure.
 */
export function serveInChild<Spec, Event extends { type: string }, Result>(file: string, role: string, run: (spec: Spec, send: (event: Event) => void) => Promise<Result>): void {
  if (!(process.argv[1] && path.resolve(process.argv[1]) === file && process.argv.includes(role))) return;
  const send = (m: FromChild<Event, Result>) => process.send!(m);
  process.once('message', (m: ToChild<Spec>) => {
    run(m.spec, send).then(
      (result) => send({ type: 'result', result }),
      (e: unknown) => send({ type: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
  });
}
