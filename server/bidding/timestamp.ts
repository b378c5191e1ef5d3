/**
 * RFC 3161 time-stamping (docs/bidding.md "The bid record"): the installation's own time-stamping authority
 * (TSA), a client of a real one, and the check of a token.
 *
 * The own TSA: an RSA key and a certificate with the one extended key usage timeStamping (critical, RFC
 * 3161 2.3), issued by the installation's e-sign CA root (services/esign/ca.ts) and kept as an install
 * secret (`install_secret` `bid_tsa`: JSON {keyPem, certPem}), like the receipt key: every process stamps
 * with the same one, and whoever reads the database can stamp (an HSM or a real TSA is the step up:
 * PORTAL_TSA_URL).
 *
 * A token (TimeStampToken) is a CMS SignedData whose encapsulated content is the DER of a TSTInfo {version
 * 1, policy, messageImprint (SHA-256), serialNumber, genTime (to the millisecond), nonce}; the signer info
 * signs contentType = id-ct-TSTInfo, messageDigest and signingCertificateV2 (RFC 5816) with RSA PKCS#1 v1.5
 * SHA-256. Written with node-forge's ASN.1 builders (as cms.ts); read with the domain's DER and token
 * readers (domain/rules/der.ts, timestampToken.ts: the same the #/verify page uses), which keep each
 * element's exact bytes (the signature covers the signed attributes as received).
 */
import { createHash, randomBytes, sign as cryptoSign, verify as cryptoVerify, X509Certificate, generateKeyPairSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import forge from 'node-forge';
import { childrenOf, expectTag, oidOf, readDer, smallInteger, stringOf, TAG, type Der } from '#domain/rules/der';
import { OID, parseCertificate, parseTimeStampToken } from '#domain/rules/timestampToken';
import type { Database } from '../db/schema.ts';
import { decodedAttributes } from '../services/esign/cms.ts';
import { DbCaStore, signCertificate, type KeyAndCert } from '../services/esign/ca.ts';
import { stored } from '../services/accounts/secrets.ts';

export { OID };

/** The installation TSA's policy: an OID under 2.25 (a UUID as an OID, ITU-T X.667), so it needs no registration. */
export const TSA_POLICY_OID = '2.25.205473281596931707437930469398451371093';

const DIGESTS: Record<string, string> = { [OID.sha1]: 'sha1', [OID.sha256]: 'sha256', [OID.sha384]: 'sha384', [OID.sha512]: 'sha512' };
const DAY = 86_400_000;
const TSA_NAME = '河北产权交易所时间戳服务';

// ------------------------------------------------------------------ DER: reading (domain/rules/der.ts)

/** A Buffer over the same bytes (what the domain reader returns are views into its input). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
/** The elements of a SEQUENCE (`what` names it in the error). */
const fields = (element: Der | undefined, what: string) => childrenOf(expectTag(element, TAG.sequence, what));

/** DER content of an OID (arcs of any size: forge's own encoder stops at 32 bits). */
function oidContent(text: string): string {
  const arcs = text.split('.').map((a) => BigInt(a));
  const values = [arcs[0]! * 40n + arcs[1]!, ...arcs.slice(2)];
  const out: number[] = [];
  for (const value of values) {
    const group: number[] = [Number(value & 0x7fn)];
    for (let v = value >> 7n; v > 0n; v >>= 7n) group.unshift(Number(v & 0x7fn) | 0x80);
    out.push(...group);
  }
  return String.fromCharCode(...out);
}

/** GeneralizedTime text to the millisecond, DER style (no trailing zeros in the fraction). */
function generalizedTimeText(at: number): string {
  const iso = new Date(at).toISOString(); // 2026-11-29T09:15:36.120Z
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}${fraction ? `.${fraction}` : ''}Z`;
}

// ------------------------------------------------------------------ DER: builders (node-forge)

type Asn1 = forge.asn1.Asn1;
const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const seq = (v: Asn1[]) => asn1.create(U, T.SEQUENCE, true, v);
const set = (v: Asn1[]) => asn1.create(U, T.SET, true, v);
const oid = (o: string) => asn1.create(U, T.OID, false, oidContent(o));
const octets = (bytes: Buffer) => asn1.create(U, T.OCTETSTRING, false, bytes.toString('binary'));
const intSmall = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
/** A non-negative INTEGER from big-endian bytes (a leading zero when the high bit is set). */
const intBytes = (b: Buffer) => asn1.create(U, T.INTEGER, false, (b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b).toString('binary'));
const bool = (v: boolean) => asn1.create(U, T.BOOLEAN, false, v ? '\xff' : '\x00');
const nul = () => asn1.create(U, T.NULL, false, '');
const algorithm = (o: string) => seq([oid(o), nul()]);
const attribute = (type: string, value: Asn1) => seq([oid(type), set([value])]);
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const fromBuffer = (b: Buffer) => asn1.fromDer(b.toString('binary'));
/** A positive random INTEGER's bytes (serial numbers, nonces). */
const positiveRandom = (n: number) => {
  const b = randomBytes(n);
  b[0] = (b[0]! & 0x7f) | 0x01;
  return b;
};

// ------------------------------------------------------------------ requests and responses

/** DER of a TimeStampReq for a SHA-256 digest, asking for the TSA's certificate in the token. */
export function timeStampRequest(imprint: Buffer, nonce: Buffer): Buffer {
  return der(seq([intSmall(1), seq([algorithm(OID.sha256), octets(imprint)]), intBytes(nonce), bool(true)]));
}

export interface ParsedRequest {
  hashAlgorithm: string;
  imprint: Buffer;
  nonce: Buffer | null;
  certReq: boolean;
}

/** Reads a TimeStampReq (what the installation's TSA answers over HTTP in the tests). */
export function parseTimeStampRequest(bytes: Buffer): ParsedRequest {
  // TimeStampReq { version, messageImprint, reqPolicy OPTIONAL, nonce INTEGER OPTIONAL, certReq BOOLEAN DEFAULT FALSE, extensions [0] OPTIONAL }
  const req = fields(readDer(bytes), 'TimeStampReq');
  const [algorithmId, hashed] = fields(req[1], 'messageImprint');
  let nonce: Buffer | null = null;
  let certReq = false;
  for (const c of req.slice(2)) {
    if (c.tag === TAG.integer) nonce = asBuffer(c.value);
    if (c.tag === TAG.boolean) certReq = c.value[0] !== 0;
  }
  return { hashAlgorithm: oidOf(fields(algorithmId, 'hashAlgorithm')[0]!), imprint: asBuffer(expectTag(hashed, TAG.octetString, 'hashedMessage').value), nonce, certReq };
}

// ------------------------------------------------------------------ the installation's TSA

export interface Tsa {
  keyPem: string;
  certPem: string;
  /** The certificate, DER. */
  certDer: Buffer;
  name: string;
}

function asTsa(pair: KeyAndCert): Tsa {
  const x = new X509Certificate(pair.certPem);
  return { keyPem: pair.keyPem, certPem: pair.certPem, certDer: x.raw, name: subjectCn(x) };
}

/** A TSA certificate issued by `root` (the e-sign CA), valid ten years. */
export function createTsa(root: KeyAndCert, now: number, name = TSA_NAME): Tsa {
  const ca = forge.pki.certificateFromPem(root.certPem);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = positiveRandom(16).toString('hex');
  cert.validity.notBefore = new Date(now - DAY);
  cert.validity.notAfter = new Date(now + 10 * 365 * DAY);
  cert.setSubject([
    { shortName: 'C', value: 'CN' },
    { shortName: 'O', value: '河北产权交易所', valueTagClass: forge.asn1.Type.UTF8 } as unknown as forge.pki.CertificateField,
    { shortName: 'CN', value: name, valueTagClass: forge.asn1.Type.UTF8 } as unknown as forge.pki.CertificateField,
  ]);
  cert.setIssuer(decodedAttributes(ca.subject));
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    // RFC 3161 2.3: the one purpose, critical.
    { name: 'extKeyUsage', timeStamping: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  signCertificate(cert, root.keyPem);
  return asTsa({ keyPem: privateKey, certPem: forge.pki.certificateToPem(cert) });
}

/** The installation's TSA (made on first use from the e-sign CA's root, race-free, shared by every process). */
export async function loadTsa(db: Kysely<Database>, now: number): Promise<Tsa> {
  const root = await new DbCaStore(db).root(now);
  const json = await stored(db, 'bid_tsa', () => JSON.stringify(((t) => ({ keyPem: t.keyPem, certPem: t.certPem }))(createTsa(root, now))), now);
  return asTsa(JSON.parse(json) as KeyAndCert);
}

/** The DER of a TimeStampToken over `imprint` (SHA-256), genTime `at`. */
export function createTimeStampToken(tsa: Tsa, imprint: Buffer, at: number, nonce: Buffer | null = null): Buffer {
  if (imprint.length !== 32) throw new Error('时间戳请求的摘要须为 SHA-256');
  const tstInfo = der(
    seq([
      intSmall(1),
      oid(TSA_POLICY_OID),
      seq([algorithm(OID.sha256), octets(imprint)]),
      intBytes(positiveRandom(16)),
      asn1.create(U, T.GENERALIZEDTIME, false, generalizedTimeText(at)),
      ...(nonce ? [intBytes(nonce)] : []),
    ]),
  );
  const certHash = createHash('sha256').update(tsa.certDer).digest();
  const attrs = [
    attribute(OID.contentType, oid(OID.tstInfo)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(tstInfo).digest())),
    // SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { certHash } } (SHA-256, the default algorithm).
    attribute(OID.signingCertificateV2, seq([seq([seq([octets(certHash)])])])),
  ];
  // DER SET OF: elements sorted by their encodings.
  const sorted = attrs.map((a) => der(a)).sort(Buffer.compare);
  const attrsSet = set(sorted.map((b) => fromBuffer(b)));
  const signature = cryptoSign('sha256', der(attrsSet), tsa.keyPem);
  const cert = forge.pki.certificateFromPem(tsa.certPem);
  const issuerAndSerial = seq([forge.pki.distinguishedNameToAsn1({ attributes: decodedAttributes(cert.issuer) } as unknown as forge.pki.Certificate['issuer']), asn1.create(U, T.INTEGER, false, forge.util.hexToBytes(cert.serialNumber))]);
  const signerInfo = seq([
    intSmall(1),
    issuerAndSerial,
    seq([oid(OID.sha256)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrsSet.value as Asn1[]),
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const signedData = seq([
    // Version 3: the encapsulated content is not id-data (RFC 5652 5.1).
    intSmall(3),
    set([seq([oid(OID.sha256)])]),
    seq([oid(OID.tstInfo), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [octets(tstInfo)])]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [fromBuffer(tsa.certDer)]),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

/** DER of a TimeStampResp answering a request: granted with a token, or rejection (2) with a reason. */
export function answerTimeStampRequest(tsa: Tsa, request: Buffer, at: number): Buffer {
  let parsed: ParsedRequest;
  try {
    parsed = parseTimeStampRequest(request);
  } catch {
    return der(seq([seq([intSmall(2), seq([asn1.create(U, T.UTF8, false, 'badDataFormat')])])]));
  }
  if (parsed.hashAlgorithm !== OID.sha256 || parsed.imprint.length !== 32) return der(seq([seq([intSmall(2), seq([asn1.create(U, T.UTF8, false, 'badAlg')])])]));
  const token = createTimeStampToken(tsa, parsed.imprint, at, parsed.nonce);
  return der(seq([seq([intSmall(0)]), fromBuffer(token)]));
}

/** The token of a TimeStampResp; throws (in Chinese) when the TSA refused. */
export function tokenOfResponse(bytes: Buffer): Buffer {
  // TimeStampResp { status PKIStatusInfo { status, statusString PKIFreeText OPTIONAL, failInfo OPTIONAL }, timeStampToken OPTIONAL }
  const resp = fields(readDer(bytes), 'TimeStampResp');
  const status = fields(resp[0], 'PKIStatusInfo');
  const code = smallInteger(status[0]!);
  if (code !== 0 && code !== 1) {
    const freeText = status[1]?.tag === TAG.sequence ? childrenOf(status[1]) : [];
    const text = freeText.map((s) => stringOf(s)).join('；');
    throw new Error(`时间戳服务拒绝了请求（状态 ${code}${text ? `：${text}` : ''}）`);
  }
  return asBuffer(expectTag(resp[1], TAG.sequence, 'timeStampToken').bytes);
}

// ------------------------------------------------------------------ checking a token

export interface TokenCheck {
  /** Signature, message digest, certificate binding and purpose all hold. */
  valid: boolean;
  /** Why not, in Chinese (the first problem found). */
  problem: string | null;
  /** TSTInfo.messageImprint, lower-case hex, and its algorithm's OID. */
  imprint: string;
  hashAlgorithm: string;
  genTime: number;
  policy: string;
  serialNumber: string;
  nonce: string | null;
  /** The certificate the token was checked against, DER. */
  certificate: Buffer;
  /** Its subject CN. */
  tsa: string;
}

function subjectCn(cert: X509Certificate): string {
  const line = cert.subject.split('\n').find((l) => l.startsWith('CN='));
  return line ? line.slice(3) : '';
}

/**
 * Reads a TimeStampToken and checks it against `certificate` (DER; else the signer's certificate in the
 * token): the signed attributes' contentType is id-ct-TSTInfo and their messageDigest the digest of the
 * TSTInfo, the signature over them verifies with the certificate's key, an ESS signing certificate
 * attribute (v1 or v2) names this certificate, and the certificate is for time-stamping. Read with the
 * domain's parseTimeStampToken (as the #/verify page reads it); throws only on a token that cannot be read
 * there; every other problem is `valid: false` with `problem`.
 */
export function checkTimeStampToken(token: Buffer, certificate?: Buffer): TokenCheck {
  const { tstInfo, tstInfoDer, signer, certificates } = parseTimeStampToken(token);
  // The signer's certificate in the token: issuerAndSerialNumber (or a subjectKeyIdentifier [0]).
  const inToken = certificates.find((der) => {
    const c = parseCertificate(der);
    return signer.serialHex !== null ? c.serialHex === signer.serialHex : signer.subjectKeyIdHex !== null && c.subjectKeyIdHex === signer.subjectKeyIdHex;
  });
  const cert = certificate ? new X509Certificate(certificate) : inToken ? new X509Certificate(inToken) : undefined;
  const base = {
    imprint: tstInfo.imprintHex,
    hashAlgorithm: tstInfo.imprintAlgorithm,
    genTime: tstInfo.genTime,
    policy: tstInfo.policy,
    serialNumber: tstInfo.serialHex,
    nonce: tstInfo.nonceHex,
    certificate: cert?.raw ?? Buffer.alloc(0),
    tsa: cert ? subjectCn(cert) : '',
  };
  const fail = (problem: string): TokenCheck => ({ ...base, valid: false, problem });
  if (!cert) return fail('时间戳令牌中没有签发者证书');
  const digestName = DIGESTS[signer.digestAlgorithm];
  if (!digestName) return fail('时间戳令牌的摘要算法不受支持');
  if (signer.contentType !== OID.tstInfo) return fail('时间戳令牌签名属性中的内容类型不是 TSTInfo');
  if (createHash(digestName).update(tstInfoDer).digest('hex') !== signer.messageDigestHex) return fail('时间戳令牌的内容与其签名摘要不符（TSTInfo 被改动）');
  let signatureOk = false;
  try {
    signatureOk = cryptoVerify(digestName, signer.signedAttributes, cert.publicKey, signer.signature);
  } catch {
    signatureOk = false;
  }
  if (!signatureOk) return fail('时间戳令牌的签名与时间戳服务证书不符');
  const ess = signer.essCertHash;
  const essDigest = ess ? DIGESTS[ess.algorithm] : undefined;
  if (!ess || !essDigest || createHash(essDigest).update(cert.raw).digest('hex') !== ess.hashHex) return fail('时间戳令牌未指明（或指错了）签发它的证书');
  if (!(cert.keyUsage ?? []).includes(OID.timeStamping)) return fail('证书不是时间戳服务证书（无 timeStamping 用途）');
  return { ...base, valid: true, problem: null };
}

// ------------------------------------------------------------------ stampers: the own TSA, or a real one over HTTP

export interface TimeStamper {
  /** 'local' or the TSA's URL (kept with the stamp). */
  source: string;
  /** A TimeStampToken (DER) over the SHA-256 digest `imprint`. */
  stamp(imprint: Buffer): Promise<Buffer>;
}

/** The installation's own TSA (the key is loaded, and made on first use, from the database). */
export function localTimeStamper(db: Kysely<Database>, now: () => number): TimeStamper {
  let tsa: Promise<Tsa> | undefined;
  return {
    source: 'local',
    async stamp(imprint) {
      tsa ??= loadTsa(db, now()).catch((error: unknown) => {
        tsa = undefined;
        throw error;
      });
      return createTimeStampToken(await tsa, imprint, now());
    },
  };
}

/**
 * A real TSA (PORTAL_TSA_URL): POST application/timestamp-query, read application/timestamp-reply. The
 * token must stamp our digest with our nonce and carry its certificate, and its signature must check.
 */
export function httpTimeStamper(url: string, timeoutMs = 15_000, fetcher: typeof fetch = fetch): TimeStamper {
  return {
    source: url,
    async stamp(imprint) {
      const nonce = positiveRandom(8);
      const res = await fetcher(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: new Uint8Array(timeStampRequest(imprint, nonce)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`时间戳服务 ${url} 应答 HTTP ${res.status}`);
      const token = tokenOfResponse(Buffer.from(await res.arrayBuffer()));
      const check = checkTimeStampToken(token);
      if (!check.valid) throw new Error(`时间戳服务 ${url} 的令牌无效：${check.problem}`);
      if (check.imprint !== imprint.toString('hex')) throw new Error(`时间戳服务 ${url} 的令牌盖的不是所请求的摘要`);
      if (check.nonce === null || BigInt(`0x${check.nonce}`) !== BigInt(`0x${nonce.toString('hex')}`)) throw new Error(`时间戳服务 ${url} 的令牌随机数与请求不符`);
      return token;
    },
  };
}
