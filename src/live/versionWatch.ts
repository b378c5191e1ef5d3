/**
 * The spec's version check (section 1), main-thread side: the worker streams fetched versions, this
 * decides. First version with nothing stored → store it. A version different from the stored one →
 * store it and `onUpdate` (the app shows VERSION_UPDATE_NOTICE and reloads). Same version → nothing.
 */
import type { Observable, Subscription } from 'rxjs';
import type { VersionValue } from '../../workers/protocol/protocol';

export const VERSION_UPDATE_NOTICE = '检测到版本更新，刷新页面';

export interface VersionWatchHooks {
  getStored(): string | null;
  setStored(version: string): void;
  onUpdate(version: string): void;
}

export type VersionDecision = 'store' | 'update' | 'same';

export function decideVersion(stored: string | null, fetched: string): VersionDecision {
  if (stored === null) return 'store';
  return stored === fetched ? 'same' : 'update';
}

export function watchVersion(versions$: Observable<VersionValue>, hooks: VersionWatchHooks): Subscription {
  return versions$.subscribe({
    next: ({ version }) => {
      const decision = decideVersion(hooks.getStored(), version);
      if (decision === 'same') return;
      hooks.setStored(version);
      if (decision === 'update') hooks.onUpdate(version);
    },
    // Best effort: a broken version stream must not break the page.
    error: (error: unknown) => console.warn('[live] version stream failed', error),
  });
}
