/**
 * The console's calls go through the portal's one HTTP client (src/api/client.ts: envelope, error
 * catalogue, time-out), configured with the staff token by app/httpEffects.ts. This wrapper adds the two
 * things only staff calls have:
 * - every answer of the server restarts the session's idle clock (staffSession.touch);
 * - a 428 (STAFF_REAUTH_CODE: a money action wants the password again) asks for the password through the
 *   dialog the layout registers (setPasswordPrompt), then sends the same call once more. Cancelled, the
 *   call fails with the server's text.
 * POST parameters travel as a JSON body (never a password in a URL).
 */
import { ApiError, getBlob, http, type Params } from '@/api/client';
import { STAFF_REAUTH_CODE } from '#domain/rules/staff';
import { staffSession } from '../session/staffSession';

type PasswordPrompt = () => Promise<boolean>;
let passwordPrompt: PasswordPrompt | null = null;
let sessionEnded: () => void = () => {};

/** The layout's password dialog: resolves true once the password was confirmed, false when cancelled. */
export function setPasswordPrompt(prompt: PasswordPrompt): () => void {
  passwordPrompt = prompt;
  return () => {
    if (passwordPrompt === prompt) passwordPrompt = null;
  };
}

/** What a 401 outside the HTTP client's catalogue (a file download) does: the same as inside it. */
export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

function noteAnswer(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (error.kind === 'business' && error.code !== 401) staffSession.touch();
}

async function once<T>(run: () => Promise<T>): Promise<T> {
  try {
    const answer = await run();
    staffSession.touch();
    return answer;
  } catch (error) {
    noteAnswer(error);
    throw error;
  }
}

async function staffCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await once(run);
  } catch (error) {
    if (error instanceof ApiError && error.code === STAFF_REAUTH_CODE && passwordPrompt && (await passwordPrompt())) return once(run);
    throw error;
  }
}

export const staffHttp = {
  get: <T>(path: string, params?: Params) => staffCall(() => http.get<T>(path, params)),
  post: <T>(path: string, body?: Record<string, unknown>) => staffCall(() => http.post<T>(path, undefined, body ?? {})),
  /** A multipart upload (field `file`), its other parameters in the query string. */
  upload: <T>(path: string, params: Params, file: File) =>
    staffCall(() => {
      const form = new FormData();
      form.append('file', file);
      return http.post<T>(path, params, form);
    }),
  /** A file the server sends with the staff token (an export): its bytes. */
  async file(path: string, params: Params): Promise<Blob> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    try {
      return await once(() => getBlob(`${path}?${search}`));
    } catch (error) {
      if (error instanceof ApiError && error.code === 401) sessionEnded();
      throw error;
    }
  },
};
