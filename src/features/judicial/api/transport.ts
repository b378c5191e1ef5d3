/**
 * The judicial-auction service is separate (JUDICIAL_BASE) and answers {status, message, content}, not the
 * envelope. Calls still go through the one client (Client-Id, 15 s time-out, catalogue) with the judicial
 * base; a status other than 0 fails with the service's own message.
 */
import { ApiError, send, type Params } from '@/api/client';
import { JUDICIAL_BASE } from '@/api/config';
import type { JudicialAnswer } from '@/domain/projects';

export const JUDICIAL_FAILED = '司法拍卖服务暂不可用，请稍后重试';

function messageOf(body: unknown): string | null {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' && message.trim() ? message : null;
}

export async function judicialSend<T>(method: 'GET' | 'POST', path: string, params?: Params): Promise<T> {
  let answer: JudicialAnswer<T> | null;
  try {
    answer = await send<JudicialAnswer<T> | null>({ method, path, params, base: JUDICIAL_BASE });
  } catch (error) {
    // An HTTP failure may still carry the service's message.
    if (error instanceof ApiError) throw new Error(messageOf(error.body) ?? error.message);
    throw error;
  }
  if (!answer || typeof answer !== 'object' || answer.status !== 0) throw new Error(messageOf(answer) ?? JUDICIAL_FAILED);
  return answer.content;
}
