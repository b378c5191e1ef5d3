/**
 * How calls travel, on top of the one client (client.ts): the answer shapes and body conventions that
 * several features share, so no feature keeps its own copy.
 * - POST payloads as a JSON body (`postJson`): passwords (encrypted or not), SMS codes and ID numbers
 *   never appear in URLs and access logs. The token call is the exception: the spec fixes its query
 *   parameters (features/auth/api/post-token.ts).
 * - The whole envelope (`postForEnvelope`) for callers that must see `code`.
 * - Bare or enveloped answers (`unwrapData`): some SpringBlade answers come bare (the captcha's
 *   `{key, image}`), others in the envelope.
 * - The separate judicial-auction service (`judicialSend`): {status, message, content} instead of the
 *   envelope, at JUDICIAL_BASE, still through the one client (Client-Id, 15 s time-out, catalogue).
 */
import type { Envelope } from '#domain/contract/envelope';
import type { JudicialAnswer } from '#domain/contract/projects';
import { ApiError, http, send, type Params } from './client';
import { JUDICIAL_BASE } from './config';

export function postJson<T>(path: string, payload: object): Promise<T> {
  return http.post<T>(path, undefined, payload);
}

/** The whole envelope (callers that must see `code`, e.g. the agreement submit). */
export function postForEnvelope<T>(path: string, payload?: object, params?: Params): Promise<Envelope<T>> {
  return send<Envelope<T>>({ method: 'POST', path, params, body: payload });
}

/** Accepts an answer bare or in the envelope. */
export function unwrapData<T>(answer: unknown): T {
  if (answer && typeof answer === 'object' && 'code' in answer && 'data' in answer) {
    return (answer as Envelope<T>).data;
  }
  return answer as T;
}

export const JUDICIAL_FAILED = '司法拍卖服务暂不可用，请稍后重试';

function judicialMessage(body: unknown): string | null {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** A judicial-service call: its `content`, or a failure with the service's own message (status other than 0). */
export async function judicialSend<T>(method: 'GET' | 'POST', path: string, params?: Params): Promise<T> {
  let answer: JudicialAnswer<T> | null;
  try {
    answer = await send<JudicialAnswer<T> | null>({ method, path, params, base: JUDICIAL_BASE });
  } catch (error) {
    // An HTTP failure may still carry the service's message.
    if (error instanceof ApiError) throw new Error(judicialMessage(error.body) ?? error.message);
    throw error;
  }
  if (!answer || typeof answer !== 'object' || answer.status !== 0) throw new Error(judicialMessage(answer) ?? JUDICIAL_FAILED);
  return answer.content;
}
