import type { TokenResponse } from '#domain/contract/auth';
import { WEBAUTHN_PATHS, type WebAuthnOptionsAnswer, type WebAuthnVerifyRequest } from '#domain/contract/webauthn';
import { postJson } from '@/api/transport';

/** (ours) A login challenge: no name for a passkey, a name for a key that holds no account. */
export const postKeyLoginOptions = (username: string) => postJson<WebAuthnOptionsAnswer>(WEBAUTHN_PATHS.loginOptions, username ? { username } : {});

/** (ours) The key's answer → the token pair, as the password grant answers it. */
export const postKeyLoginVerify = (request: WebAuthnVerifyRequest) => postJson<TokenResponse>(WEBAUTHN_PATHS.loginVerify, request);
