/**
 * The portal's OAuth client authentication (spec section 5). Passwords are encrypted by
 * src/lib/passwordCrypto.ts, shared with the staff console.
 */
import { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH } from '#domain/contract/auth';

/** `Basic base64(client id:hashed client secret)`, the token call's client authentication. */
export function clientAuthorization(): string {
  return `Basic ${btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET_HASH}`)}`;
}
