/**
 * The static version poll (spec section 1): `GET {versionUrl}?n=…` with `cache: 'no-store'` every
 * `versionPollMs` (default 60 s), on `visible`, backoff on failure; emits the first version and then only
 * changes. The reload decision is the main thread's (`src/live/versionWatch.ts`).
 */
import { defer, distinctUntilChanged, type Observable } from 'rxjs';
import type { VersionFile } from '#domain/contract/portal';
import type { VersionValue } from './protocol/protocol';
import type { BaseContext } from './context';
import type { LiveEnv } from './env';
import { getJson } from './http';
import { poll } from './poller';
import { shareLatest } from './rx';

/** `{version: string}` (non-empty) or an error. */
export function parseVersionFile(body: unknown): VersionValue {
  const version = (body as Partial<VersionFile> | null)?.version;
  if (typeof version !== 'string' || version === '') throw new Error('version file: no version string');
  return { version };
}

export async function fetchVersion(env: LiveEnv, versionUrl: string, signal?: AbortSignal): Promise<VersionValue> {
  return parseVersionFile(await getJson(env, versionUrl, { signal }));
}

export function createVersion$(ctx: BaseContext): Observable<VersionValue> {
  return defer(() =>
    poll({
      env: ctx.env,
      name: 'version',
      load: (signal) => fetchVersion(ctx.env, ctx.config().versionUrl, signal),
      intervalMs: ctx.config().versionPollMs,
      visible$: ctx.visible$,
    }),
  ).pipe(
    distinctUntilChanged((a, b) => a.version === b.version),
    shareLatest(),
  );
}
