import { postJson } from '@/api/transport';
import { WEBAUTHN_PATHS, type RegistrationVerifyRequest, type SecurityKey, type WebAuthnOptionsAnswer } from '#domain/contract/webauthn';

/** (ours) Adding a key, step one: the password again (encrypted as for login) → the registration challenge. */
export const postRegistrationOptions = (password: string) => postJson<WebAuthnOptionsAnswer>(WEBAUTHN_PATHS.registrationOptions, { password });

/** Step two: the key's answer and the name the bidder gave it → the stored key. */
export const postRegistrationVerify = (request: RegistrationVerifyRequest) => postJson<SecurityKey>(WEBAUTHN_PATHS.registrationVerify, request);
