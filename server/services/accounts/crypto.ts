/**
 * Small cryptographic helpers of the accounts service: field encryption (AES-256-GCM), blind indexes
 * and code hashes (HMAC-SHA256), password transport (RSA-OAEP-256), random tokens, masking.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  privateDecrypt,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';

const FIELD_PREFIX = 'v1:';

/** 'v1:' + base64(iv(12) | tag(16) | ciphertext). */
export function encryptField(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return FIELD_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptField(key: Buffer, stored: string): string {
  if (!stored) return '';
  if (!stored.startsWith(FIELD_PREFIX)) throw new Error('unknown field ciphertext version');
  const raw = Buffer.from(stored.slice(FIELD_PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export function hmacHex(key: Buffer | string, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Constant-time comparison of two strings (false when the lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * The browser's RSA-OAEP (SHA-256) ciphertext, base64 → the UTF-8 password; null when it does not
 * decrypt (callers answer that exactly like a wrong password).
 */
export function decryptPassword(privateKey: KeyObject, ciphertext: string): string | null {
  if (!ciphertext || ciphertext.length > 2048 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(ciphertext)) return null;
  try {
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertext, 'base64'),
    ).toString('utf8');
    return plain;
  } catch {
    return null;
  }
}

/** A name shows its first character: '张建国' → '张**'. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(chars.length - 1, 1));
}

/** An ID number (or credit code) shows its last 4: '**************123X'. */
export function maskLast4(length: number, last4: string): string {
  if (!last4) return '';
  return '*'.repeat(Math.max(length - last4.length, 0)) + last4;
}

/** Mobile 3 + 4: '138****5678'. */
export function maskMobile(phone: string | null): string {
  if (!phone) return '';
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '*'.repeat(phone.length);
}

/** Login names found by account recovery: 'zhangjg' → 'zh***jg'. */
export function maskLoginName(name: string): string {
  const keep = name.length >= 6 ? 2 : 1;
  return `${name.slice(0, keep)}***${name.slice(-keep)}`;
}
