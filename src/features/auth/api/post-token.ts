import { send } from '@/api/client';
import { AUTH_PATHS, type TokenRequest, type TokenResponse } from '#domain/contract/auth';
import { clientAuthorization } from '../crypto';

/**
 * POST /oauth/token with the grant's parameters as query parameters and the client's Basic header.
 * Failures go through the error catalogue: login failures show `error_description` as an error message,
 * a failed refresh clears everything and goes to /login; the rejection carries the text as `message`.
 */
export function requestToken(request: TokenRequest): Promise<TokenResponse> {
  return send<TokenResponse>({
    method: 'POST',
    path: AUTH_PATHS.token,
    params: request,
    headers: { Authorization: clientAuthorization() },
  });
}
