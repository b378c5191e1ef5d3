/**
 * Passwords leave the browser encrypted (spec section 5; security guide item 1). The server publishes an
 * RSA public key (SPKI, base64) at AUTH_PATHS.publicKey (src/api/resources/get-public-key.ts); every
 * password is sent as base64 RSA-OAEP (SHA-256) ciphertext of its UTF-8 bytes. OAEP is randomised: the
 * same password encrypts differently every time. Used by the portal's forms and the staff console alike.
 */
function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary);
}

/** Strips PEM armour if the server ever sends it, leaving the base64 SPKI. */
export function spkiBase64(publicKey: string): string {
  return publicKey.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
}

const keyCache = new Map<string, Promise<CryptoKey>>();

function importPublicKey(publicKey: string): Promise<CryptoKey> {
  const spki = spkiBase64(publicKey);
  let key = keyCache.get(spki);
  if (!key) {
    key = crypto.subtle.importKey('spki', base64ToBytes(spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    key.catch(() => keyCache.delete(spki));
    keyCache.set(spki, key);
  }
  return key;
}

/** base64(RSA-OAEP-SHA256(publicKey, utf8(password))). */
export async function encryptPassword(password: string, publicKey: string): Promise<string> {
  if (!globalThis.crypto?.subtle) {
    // WebCrypto exists only in secure contexts (https or localhost).
    throw new Error('当前浏览器环境不支持密码加密，请使用 HTTPS 访问或更换浏览器');
  }
  const key = await importPublicKey(publicKey);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return bytesToBase64(cipher);
}
