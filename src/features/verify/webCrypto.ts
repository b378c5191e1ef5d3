import type { VerifyCrypto } from '#domain/rules/bidRecordVerify';
import type { SignatureScheme } from '#domain/rules/timestampToken';

/** An own ArrayBuffer-backed copy (WebCrypto takes a BufferSource; a view into a larger buffer is copied). */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => Uint8Array.from(bytes);

function importAlgorithm(scheme: SignatureScheme): AlgorithmIdentifier | RsaHashedImportParams | EcKeyImportParams {
  if (scheme.name === 'Ed25519') return { name: 'Ed25519' };
  if (scheme.name === 'ECDSA') return { name: 'ECDSA', namedCurve: scheme.namedCurve };
  return { name: 'RSASSA-PKCS1-v1_5', hash: scheme.hash };
}

/**
 * The browser's WebCrypto as the verification's crypto (domain/rules/bidRecordVerify.ts): SHA digests, and
 * signatures checked with the public key imported from its SPKI DER — Ed25519 (the exchange's receipts and
 * record heads), RSA PKCS#1 v1.5 and ECDSA (a time-stamping authority's).
 */
export function webCrypto(subtle: SubtleCrypto = globalThis.crypto.subtle): VerifyCrypto {
  return {
    digest: async (hash, data) => new Uint8Array(await subtle.digest(hash, own(data))),
    verify: async (scheme, spki, signature, data) => {
      const key = await subtle.importKey('spki', own(spki), importAlgorithm(scheme), false, ['verify']);
      const algorithm: AlgorithmIdentifier | EcdsaParams = scheme.name === 'ECDSA' ? { name: 'ECDSA', hash: scheme.hash } : scheme.name;
      return subtle.verify(algorithm, key, own(signature), own(data));
    },
  };
}
