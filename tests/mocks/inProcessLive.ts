import { onTestFinished } from 'vitest';
import { createLiveClient } from '@/live';
import { createRealEnv } from '../../workers/env';
import { createLiveService } from '../../workers/liveService';

/**
 * The live worker's own logic, in process: its fetches go through msw like the app's. Its diagnostics
 * (handled failures: a refused push stream, a failed poll) are kept for the test to read, not printed.
 */
export function inProcessLive() {
  const liveLog: { message: string; detail: unknown }[] = [];
  const liveService = createLiveService({ ...createRealEnv(), log: (message, detail) => liveLog.push({ message, detail }) });
  onTestFinished(() => liveService.dispose());
  return { live: createLiveClient(liveService), liveService, liveLog };
}

