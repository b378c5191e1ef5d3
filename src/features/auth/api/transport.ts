/**
 * How the account calls travel. The spec lists the token call's parameters as query parameters (fixed by
 * the contract); the other POSTs of this feature send their payload as a JSON body, so that passwords
 * (encrypted or not), SMS codes and ID numbers never appear in URLs and access logs.
 */
import { http, send, type Params } from '@/api/client';
import type { Envelope } from '@/domain/contracts';

export function postJson<T>(path: string, payload: object): Promise<T> {
  return http.post<T>(path, undefined, payload);
}

/** The whole envelope (callers that must see `code`, e.g. the agreement submit). */
export function postForEnvelope<T>(path: string, payload?: object, params?: Params): Promise<Envelope<T>> {
  return send<Envelope<T>>({ method: 'POST', path, params, body: payload });
}

/**
 * Some SpringBlade answers come bare (the captcha's `{key, image}`), others in the envelope: accept both.
 */
export function unwrapData<T>(answer: unknown): T {
  if (answer && typeof answer === 'object' && 'code' in answer && 'data' in answer) {
    return (answer as Envelope<T>).data;
  }
  return answer as T;
}
