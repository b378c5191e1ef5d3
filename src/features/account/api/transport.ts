/**
 * How this feature's calls travel: POST payloads as a JSON body (ID numbers never in URLs or access
 * logs); uploads as multipart form data.
 */
import { http } from '@/api/client';

export function postJson<T>(path: string, payload: object): Promise<T> {
  return http.post<T>(path, undefined, payload);
}
