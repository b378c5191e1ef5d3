/**
 * Per-install secrets (guide item 6: never a default in the code). Each is taken from the environment
 * when set (config.ts, `PORTAL_JWT_SECRET` …), otherwise generated on first start and kept in the
 * `install_secret` table, so every process sharing the database agrees. Generation is race-free: insert
 * if absent, then read back whatever won.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SecretOverrides } from '../../config.ts';
import type { Database } from '../../db/schema.ts';

export interface InstallSecrets {
  /** RSA-OAEP-256 private key for passwords sent by the browser. */
  rsaPrivateKey: KeyObject;
  /** SPKI DER of the public key, base64 (what PublicKeyAnswer carries). */
  rsaPublicKeySpki: string;
  /** HS256 key of access and refresh tokens. */
  jwtKey: Uint8Array;
  /** AES-256-GCM key of ID numbers and credit codes. */
  fieldKey: Buffer;
  /** HMAC key (derived from fieldKey) of blind indexes and of captcha / SMS code hashes. */
  hmacKey: Buffer;
  /** HMAC-SHA256 key of third-party tickets. */
  ssoSecret: string;
}

export async function stored(db: Kysely<Database>, name: string, make: () => string, now: number): Promise<string> {
  const existing = await db.selectFrom('install_secret').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('install_secret')
    .values({ name, value: make(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('install_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

function newRsaKeyPem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export async function loadSecrets(
  db: Kysely<Database>,
  overrides: SecretOverrides = {},
  now: number = Date.now(),
): Promise<InstallSecrets> {
  const rsaPem = overrides.rsaPrivateKeyPem ?? (await stored(db, 'rsa_private_pkcs8', newRsaKeyPem, now));
  const jwt = overrides.jwtSecret ?? (await stored(db, 'jwt_hs256', () => randomBytes(48).toString('base64'), now));
  const field = overrides.fieldKey ?? (await stored(db, 'field_aes256', () => randomBytes(32).toString('base64'), now));
  const sso = overrides.ssoSecret ?? (await stored(db, 'sso_hmac', () => randomBytes(32).toString('base64url'), now));

  const rsaPrivateKey = createPrivateKey(rsaPem);
  if (rsaPrivateKey.asymmetricKeyType !== 'rsa') throw new Error('PORTAL_RSA_PRIVATE_KEY: 不是 RSA 私钥');
  const rsaPublicKeySpki = createPublicKey(rsaPrivateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  const fieldKey = Buffer.from(field, 'base64');
  if (fieldKey.length !== 32) throw new Error('字段加密密钥长度不是 32 字节');
  const hmacKey = Buffer.from(hkdfSync('sha256', fieldKey, Buffer.alloc(0), 'hbcq-portal blind index v1', 32));
  return {
    rsaPrivateKey,
    rsaPublicKeySpki,
    jwtKey: new TextEncoder().encode(jwt),
    fieldKey,
    hmacKey,
    ssoSecret: sso,
  };
}
