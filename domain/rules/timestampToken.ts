/**
 * An RFC 3161 TimeStampToken read with the small DER reader (domain/rules/der.ts), for the bid record's
 * timestamp (docs/bidding.md "The bid record"): the token is a CMS SignedData (RFC 5652) whose content is
 * the TSTInfo — the stamped digest (messageImprint), the time (genTime), serial and policy — signed by the
 * time-stamping authority over the signed attributes, one of which (messageDigest) is the digest of the
 * TSTInfo's DER. And the TSA's X.509 certificate: its subject, validity, serial and public key.
 *
 * Pure parsing only: the digests and the signature are checked by whoever holds a crypto API (the browser's
 * WebCrypto in the verification page, through domain/rules/bidRecordVerify.ts; Node's crypto in the server's
 * checkTimeStampToken, server/bidding/timestamp.ts).
 */
import { bitStringBytes, childrenOf, contextTag, DerError, expectTag, integerHex, oidOf, parseDer, retag, smallInteger, stringOf, TAG, timeOf, toHex, type Der } from './der';

export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sha384WithRSA: '1.2.840.113549.1.1.12',
  sha512WithRSA: '1.2.840.113549.1.1.13',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  ecdsaWithSha512: '1.2.840.10045.4.3.4',
  p256: '1.2.840.10045.3.1.7',
  p384: '1.3.132.0.34',
  ed25519: '1.3.101.112',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const;

export type HashName = 'SHA-256' | 'SHA-384' | 'SHA-512';

export const HASH_OF_OID: Readonly<Record<string, HashName>> = { [OID.sha256]: 'SHA-256', [OID.sha384]: 'SHA-384', [OID.sha512]: 'SHA-512' };

/** How a signature is checked, in WebCrypto's words. */
export type SignatureScheme =
  | { name: 'Ed25519' }
  | { name: 'RSASSA-PKCS1-v1_5'; hash: HashName }
  | { name: 'ECDSA'; hash: HashName; namedCurve: 'P-256' | 'P-384' };

export interface TstInfo {
  version: number;
  policy: string;
  /** The stamped digest's algorithm (OID) and value (hex). */
  imprintAlgorithm: string;
  imprintHex: string;
  serialHex: string;
  /** epoch ms (GeneralizedTime, to the millisecond when the TSA gives a fraction). */
  genTime: number;
  nonceHex: string | null;
}

export interface TimeStampToken {
  /** The TSTInfo's DER (the encapsulated content the messageDigest attribute covers). */
  tstInfoDer: Uint8Array;
  tstInfo: TstInfo;
  signer: {
    /** The signer's certificate serial (hex) from IssuerAndSerialNumber; null for a subjectKeyIdentifier. */
    serialHex: string | null;
    /** The signer's subjectKeyIdentifier (hex) when the sid is one ([0]); else null. */
    subjectKeyIdHex: string | null;
    digestAlgorithm: string;
    /** The signed attributes as signed: their DER with the SET tag (RFC 5652 §5.4). */
    signedAttributes: Uint8Array;
    /** The messageDigest attribute, hex. */
    messageDigestHex: string;
    /** The contentType attribute (must be id-ct-TSTInfo). */
    contentType: string;
    /**
     * The ESS signing certificate attribute (RFC 5816 v2, else RFC 2634 v1): the digest of the signer's
     * certificate and its algorithm (OID: v2's, SHA-256 by default; SHA-1 for v1); null without one.
     */
    essCertHash: { algorithm: string; hashHex: string } | null;
    signatureAlgorithm: string;
    signature: Uint8Array;
  };
  /** Certificates carried in the token (DER each), if any. */
  certificates: Uint8Array[];
}

export interface Certificate {
  serialHex: string;
  /** Subject CN (else O, else the empty string). */
  subjectName: string;
  issuerName: string;
  notBefore: number;
  notAfter: number;
  /** SubjectPublicKeyInfo DER (what WebCrypto imports as 'spki'). */
  spki: Uint8Array;
  /** The key's algorithm OID and, for EC, the curve OID. */
  keyAlgorithm: string;
  curve: string | null;
  /** The subjectKeyIdentifier extension (hex), if the certificate has one. */
  subjectKeyIdHex: string | null;
}

const sequence = (element: Der | undefined, what: string) => childrenOf(expectTag(element, TAG.sequence, what));

/** Parses a TimeStampToken (ContentInfo of SignedData with TSTInfo content). */
export function parseTimeStampToken(der: Uint8Array): TimeStampToken {
  const [contentType, explicitContent] = sequence(parseDer(der), '时间戳令牌');
  if (oidOf(expectTag(contentType, TAG.oid, '时间戳令牌')) !== OID.signedData) throw new DerError('时间戳令牌不是 CMS SignedData');
  const [signedData] = childrenOf(expectTag(explicitContent, contextTag(0), '时间戳令牌'));
  const fields = sequence(signedData, 'SignedData');
  // version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos
  const encap = sequence(fields[2], 'encapContentInfo');
  if (oidOf(encap[0]!) !== OID.tstInfo) throw new DerError('时间戳令牌的内容不是 TSTInfo');
  const [octets] = childrenOf(expectTag(encap[1], contextTag(0), 'encapContentInfo'));
  const tstInfoDer = expectTag(octets, TAG.octetString, 'TSTInfo').value;
  const certificates: Uint8Array[] = [];
  let signerInfos: Der | undefined;
  for (const f of fields.slice(3)) {
    if (f.tag === contextTag(0)) certificates.push(...childrenOf(f).filter((c) => c.tag === TAG.sequence).map((c) => c.bytes));
    else if (f.tag === TAG.set) signerInfos = f;
  }
  const infos = childrenOf(expectTag(signerInfos, TAG.set, 'signerInfos'));
  if (infos.length !== 1) throw new DerError(`时间戳令牌应有 1 个签名者，实有 ${infos.length} 个`);
  return { tstInfoDer, tstInfo: parseTstInfo(tstInfoDer), signer: parseSignerInfo(infos[0]!), certificates };
}

function parseTstInfo(der: Uint8Array): TstInfo {
  const f = sequence(parseDer(der), 'TSTInfo');
  const [algorithmId, hashed] = sequence(f[2], 'messageImprint');
  const [algorithm] = sequence(algorithmId, 'messageImprint');
  let nonceHex: string | null = null;
  // Optional after genTime: accuracy (SEQUENCE), ordering (BOOLEAN), nonce (INTEGER), tsa [0], extensions [1].
  for (const rest of f.slice(5)) if (rest.tag === TAG.integer) nonceHex = integerHex(rest);
  return {
    version: smallInteger(f[0]!),
    policy: oidOf(f[1]!),
    imprintAlgorithm: oidOf(algorithm!),
    imprintHex: toHex(expectTag(hashed, TAG.octetString, 'messageImprint').value),
    serialHex: integerHex(f[3]!),
    genTime: timeOf(expectTag(f[4], TAG.generalizedTime, 'genTime')),
    nonceHex,
  };
}

function parseSignerInfo(info: Der): TimeStampToken['signer'] {
  const f = sequence(info, 'SignerInfo');
  // version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature, [1] unsignedAttrs
  const sid = f[1]!;
  const serialHex = sid.tag === TAG.sequence ? integerHex(childrenOf(sid)[1]!) : null;
  const subjectKeyIdHex = sid.tag === contextTag(0, false) ? toHex(sid.value) : null;
  const digestAlgorithm = oidOf(sequence(f[2], 'digestAlgorithm')[0]!);
  const attrs = expectTag(f[3], contextTag(0), '签名属性（signedAttrs）');
  let messageDigestHex = '';
  let contentType = '';
  let essCertHash: TimeStampToken['signer']['essCertHash'] = null;
  for (const attr of childrenOf(attrs)) {
    const [type, values] = sequence(attr, '签名属性');
    const value = childrenOf(expectTag(values, TAG.set, '签名属性'))[0];
    const oid = oidOf(type!);
    if (oid === OID.messageDigest) messageDigestHex = toHex(expectTag(value, TAG.octetString, 'messageDigest').value);
    if (oid === OID.contentType) contentType = oidOf(value!);
    if (oid === OID.signingCertificateV2) {
      // SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { hashAlgorithm DEFAULT sha256, certHash, issuerSerial OPTIONAL } }
      const [certs] = sequence(value, 'signingCertificateV2');
      const id = sequence(sequence(certs, 'signingCertificateV2')[0], 'ESSCertIDv2');
      const withAlgorithm = id[0]?.tag === TAG.sequence;
      essCertHash = {
        algorithm: withAlgorithm ? oidOf(sequence(id[0], 'ESSCertIDv2')[0]!) : OID.sha256,
        hashHex: toHex(expectTag(id[withAlgorithm ? 1 : 0], TAG.octetString, 'ESSCertIDv2').value),
      };
    }
    if (oid === OID.signingCertificate) {
      // SigningCertificate { certs SEQUENCE OF ESSCertID { certHash (SHA-1), issuerSerial OPTIONAL } }
      const [certs] = sequence(value, 'signingCertificate');
      const id = sequence(sequence(certs, 'signingCertificate')[0], 'ESSCertID');
      essCertHash = { algorithm: OID.sha1, hashHex: toHex(expectTag(id[0], TAG.octetString, 'ESSCertID').value) };
    }
  }
  if (!messageDigestHex) throw new DerError('签名属性中没有 messageDigest');
  return {
    serialHex,
    subjectKeyIdHex,
    digestAlgorithm,
    signedAttributes: retag(attrs, TAG.set),
    messageDigestHex,
    contentType,
    essCertHash,
    signatureAlgorithm: oidOf(sequence(f[4], 'signatureAlgorithm')[0]!),
    signature: expectTag(f[5], TAG.octetString, '签名值').value,
  };
}

function nameOf(name: Der): string {
  const found: Record<string, string> = {};
  for (const rdn of childrenOf(expectTag(name, TAG.sequence, '名称'))) {
    for (const atv of childrenOf(rdn)) {
      const [type, value] = childrenOf(atv);
      found[oidOf(type!)] ??= stringOf(value!);
    }
  }
  return found[OID.commonName] ?? found[OID.organization] ?? '';
}

/** Parses an X.509 certificate (DER): what the timestamp check needs of it. */
export function parseCertificate(der: Uint8Array): Certificate {
  const [tbs] = sequence(parseDer(der), '证书');
  const f = sequence(tbs, '证书');
  const at = f[0]!.tag === contextTag(0) ? 1 : 0; // [0] EXPLICIT version
  const [notBefore, notAfter] = sequence(f[at + 3], '证书有效期');
  const spki = expectTag(f[at + 5], TAG.sequence, '证书公钥');
  const [algorithmId, key] = childrenOf(spki);
  bitStringBytes(key!);
  const [keyAlgorithm, parameters] = sequence(algorithmId, '证书公钥');
  // After the key: [1] issuerUniqueID, [2] subjectUniqueID, [3] EXPLICIT extensions (SEQUENCE OF {extnID, critical, extnValue}).
  let subjectKeyIdHex: string | null = null;
  const extensions = f.slice(at + 6).find((e) => e.tag === contextTag(3));
  for (const extension of extensions ? sequence(childrenOf(extensions)[0], '证书扩展') : []) {
    const parts = sequence(extension, '证书扩展');
    if (oidOf(parts[0]!) !== OID.subjectKeyIdentifier) continue;
    const extnValue = expectTag(parts.at(-1), TAG.octetString, '证书扩展');
    subjectKeyIdHex = toHex(expectTag(parseDer(extnValue.value), TAG.octetString, 'subjectKeyIdentifier').value);
  }
  return {
    serialHex: integerHex(f[at]!),
    issuerName: nameOf(f[at + 2]!),
    notBefore: timeOf(notBefore!),
    notAfter: timeOf(notAfter!),
    subjectName: nameOf(f[at + 4]!),
    spki: spki.bytes,
    keyAlgorithm: oidOf(keyAlgorithm!),
    curve: parameters?.tag === TAG.oid ? oidOf(parameters) : null,
    subjectKeyIdHex,
  };
}

/** The WebCrypto scheme of a SignerInfo's signature algorithm with the certificate's key; null when unsupported. */
export function signatureScheme(signatureAlgorithm: string, digestAlgorithm: string, cert: Pick<Certificate, 'keyAlgorithm' | 'curve'>): SignatureScheme | null {
  if (cert.keyAlgorithm === OID.ed25519) return signatureAlgorithm === OID.ed25519 ? { name: 'Ed25519' } : null;
  const byAlgorithm: Record<string, HashName> = {
    [OID.sha256WithRSA]: 'SHA-256',
    [OID.sha384WithRSA]: 'SHA-384',
    [OID.sha512WithRSA]: 'SHA-512',
    [OID.ecdsaWithSha256]: 'SHA-256',
    [OID.ecdsaWithSha384]: 'SHA-384',
    [OID.ecdsaWithSha512]: 'SHA-512',
  };
  if (cert.keyAlgorithm === OID.rsaEncryption) {
    // rsaEncryption as the signature algorithm (allowed by RFC 5754) takes its hash from digestAlgorithm.
    const hash = signatureAlgorithm === OID.rsaEncryption ? HASH_OF_OID[digestAlgorithm] : [OID.sha256WithRSA, OID.sha384WithRSA, OID.sha512WithRSA].includes(signatureAlgorithm as never) ? byAlgorithm[signatureAlgorithm] : undefined;
    return hash ? { name: 'RSASSA-PKCS1-v1_5', hash } : null;
  }
  if (cert.keyAlgorithm === OID.ecPublicKey) {
    const namedCurve = cert.curve === OID.p256 ? 'P-256' : cert.curve === OID.p384 ? 'P-384' : null;
    const hash = [OID.ecdsaWithSha256, OID.ecdsaWithSha384, OID.ecdsaWithSha512].includes(signatureAlgorithm as never) ? byAlgorithm[signatureAlgorithm] : undefined;
    return namedCurve && hash ? { name: 'ECDSA', hash, namedCurve } : null;
  }
  return null;
}
