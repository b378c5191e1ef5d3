/**
 * The browser's side of security keys and passkeys (docs/accounts.md "Security keys"), through
 * @simplewebauthn/browser: run the ceremony the server's options describe and hand back the answer as the
 * JSON text the server's `…/verify` calls take; turn the browser's refusals into Chinese. Shared by the
 * login page, 账户安全 and the quote room (no feature imports another).
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { WebAuthnJson } from '#domain/contract/webauthn';

export const securityKeySupported = (): boolean => browserSupportsWebAuthn();

/** navigator.credentials.create with the server's registration options → the answer's JSON text. */
export async function createWithKey(options: WebAuthnJson): Promise<string> {
  return JSON.stringify(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
}

/** navigator.credentials.get with the server's options → the answer's JSON text. */
export async function getWithKey(options: WebAuthnJson): Promise<string> {
  return JSON.stringify(await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
}

export const KEY_UNSUPPORTED = '当前浏览器不支持安全密钥，请使用最新版 Chrome、Edge、Safari 或 Firefox';

/** What the bidder reads when the browser or the key refused (a server refusal keeps its own text). */
export function securityKeyErrorText(error: unknown): string {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return '该安全密钥已添加，无需重复添加';
    if (error.code === 'ERROR_INVALID_DOMAIN' || error.code === 'ERROR_INVALID_RP_ID') return '当前网址不能使用安全密钥，请通过交易所官方网址访问';
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return '安全密钥操作已取消或超时，请重试';
  if (name === 'NotSupportedError') return KEY_UNSUPPORTED;
  if (name === 'InvalidStateError') return '该安全密钥已添加，无需重复添加';
  return error instanceof Error && error.message && /[\u4e00-\u9fff]/.test(error.message) ? error.message : '安全密钥验证失败，请重试';
}
