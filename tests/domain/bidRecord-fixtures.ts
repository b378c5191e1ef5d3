/**
 * Signed bid records and receipts for the verification tests (tests/domain/bidRecordVerify.test.ts,
 * tests/routes/verify.test.tsx), made here as the server makes them: an Ed25519 key (node:crypto), the
 * chain of domain/rules/bidChain.ts, and an RFC 3161 TimeStampToken built independently of the reader under
 * test — node-forge's ASN.1 writer, an RSA TSA key and a self-signed certificate, the signature by node:crypto.
 */
import { createHash, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { BidReceipt, BidRecordAnswer, BidRecordTimestamp } from '#domain/contract/bidReceipt';
import { bidChainHash, GENESIS_HASH, headSigningText, receiptSigningText, sha256Hex } from '#domain/rules/bidChain';
import type { ReceiptFile } from '#domain/rules/bidRecordVerify';

export const ACTIVITY_ID = 4242;
export const BID_CODES = ['108236', '551902', '730114'];
const T0 = Date.UTC(2026, 10, 29, 2, 0, 0);

export interface ExchangeKey {
  privateKey: KeyObject;
  publicKey: string;
  keyId: string;
}

export function exchangeKey(): ExchangeKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return { privateKey, publicKey: spki.toString('base64'), keyId: createHash('sha256').update(spki).digest('hex').slice(0, 16) };
}

export const signText = (key: ExchangeKey, text: string) => sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64');

/** An ended activity's record: `count` ascending bids of three bidders, chained and with the head signed. */
export function signedRecord(key: ExchangeKey, count = 5): BidRecordAnswer {
  let prevHash = GENESIS_HASH;
  const bids = Array.from({ length: count }, (_, i) => {
    const seq = i + 1;
    const amountFen = 10_000_000 + seq * 100_000;
    const bid = { seq, bidCode: BID_CODES[i % BID_CODES.length]!, amount: amountFen / 100, amountFen, serverTime: T0 + seq * 61_234, prevHash, hash: '' };
    bid.hash = bidChainHash({ activityId: ACTIVITY_ID, seq, bidCode: bid.bidCode, amountFen, serverTime: bid.serverTime, prevHash });
    prevHash = bid.hash;
    return bid;
  });
  const last = bids.at(-1);
  const head = { seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH };
  return {
    activityId: ACTIVITY_ID,
    activityCode: 'JJ-2026-4242',
    mode: 'ongoing',
    outcome: 'sold',
    endTime: T0 + 3_600_000,
    bids,
    head,
    algorithm: 'Ed25519',
    keyId: key.keyId,
    publicKey: key.publicKey,
    headSignature: signText(key, headSigningText({ activityId: ACTIVITY_ID, ...head })),
    timestamp: null,
  };
}

/** The receipt of one of the record's bids, as the room's 下载 saves it. */
export function receiptFile(key: ExchangeKey, record: BidRecordAnswer, seq: number): ReceiptFile {
  const b = record.bids.find((x) => x.seq === seq)!;
  const signed = { activityId: record.activityId, seq, bidCode: b.bidCode, amount: b.amount, serverTime: b.serverTime, hash: b.hash, prevHash: b.prevHash, sealed: false };
  const receipt: BidReceipt = { algorithm: 'Ed25519', keyId: key.keyId, signature: signText(key, receiptSigningText(signed)), signed };
  return { ...receipt, publicKey: key.publicKey };
}

// ------------------------------------------------------------------ an RFC 3161 time-stamping authority

export interface Tsa {
  name: string;
  certificate: forge.pki.Certificate;
  certificateDer: Buffer;
  privateKey: KeyObject;
}

let cachedTsa: Tsa | undefined;

/** A TSA with an RSA 2048 key and a self-signed certificate valid 2026–2036 (made once per test file). */
export function tsa(): Tsa {
  if (cachedTsa) return cachedTsa;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '3a5c01';
  cert.validity.notBefore = new Date(Date.UTC(2026, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2036, 0, 1));
  const attrs = [{ shortName: 'CN', value: 'HBCQ Test TSA' }, { shortName: 'O', value: 'HBCQ' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'extKeyUsage', timeStamping: true, critical: true }]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()), forge.md.sha256.create());
  const certificateDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  cachedTsa = { name: 'HBCQ Test TSA', certificate: cert, certificateDer, privateKey: createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })) };
  return cachedTsa;
}

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const seq = (...items: forge.asn1.Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, items);
const set = (...items: forge.asn1.Asn1[]) => asn1.create(U, asn1.Type.SET, true, items);
const oid = (dotted: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(dotted).getBytes());
const int = (hex: string) => asn1.create(U, asn1.Type.INTEGER, false, forge.util.hexToBytes(hex));
const octets = (bytes: string) => asn1.create(U, asn1.Type.OCTETSTRING, false, bytes);
const nul = () => asn1.create(U, asn1.Type.NULL, false, '');
const explicit0 = (item: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [item]);
const der = (item: forge.asn1.Asn1) => asn1.toDer(item).getBytes();

/** GeneralizedTime with milliseconds, as TSAs with accuracy write it: 20261129023105.123Z. */
function generalizedTime(ms: number): forge.asn1.Asn1 {
  const iso = new Date(ms).toISOString(); // 2026-11-29T02:31:05.123Z
  const text = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}.${iso.slice(20, 23)}Z`;
  return asn1.create(U, asn1.Type.GENERALIZEDTIME, false, text);
}

/** A TimeStampToken over `imprintHex` (SHA-256) at `genTime`, signed by the TSA (sha256WithRSAEncryption). */
export function timeStampToken(authority: Tsa, imprintHex: string, genTime: number, serialHex = '01f4'): Buffer {
  const tstInfo = seq(int('01'), oid('1.2.3.4.1'), seq(seq(oid('2.16.840.1.101.3.4.2.1'), nul()), octets(forge.util.hexToBytes(imprintHex))), int(serialHex), generalizedTime(genTime));
  const tstDer = der(tstInfo);
  const attributes = [
    seq(oid('1.2.840.113549.1.9.3'), set(oid('1.2.840.113549.1.9.16.1.4'))),
    seq(oid('1.2.840.113549.1.9.4'), set(octets(createHash('sha256').update(Buffer.from(tstDer, 'binary')).digest().toString('binary')))),
  ];
  const signature = sign('sha256', Buffer.from(der(set(...attributes)), 'binary'), authority.privateKey).toString('binary');
  const issuer = forge.pki.distinguishedNameToAsn1(authority.certificate.issuer);
  const signerInfo = seq(
    int('01'),
    seq(issuer, int(authority.certificate.serialNumber)),
    seq(oid('2.16.840.1.101.3.4.2.1'), nul()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
    seq(oid('1.2.840.113549.1.1.11'), nul()),
    octets(signature),
  );
  const signedData = seq(
    int('03'),
    set(seq(oid('2.16.840.1.101.3.4.2.1'), nul())),
    seq(oid('1.2.840.113549.1.9.16.1.4'), explicit0(octets(tstDer))),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [forge.pki.certificateToAsn1(authority.certificate)]),
    set(signerInfo),
  );
  return Buffer.from(der(seq(oid('1.2.840.113549.1.7.2'), explicit0(signedData))), 'binary');
}

export const GEN_TIME = Date.UTC(2026, 10, 29, 2, 31, 5, 123);

/** The record with its head stamped by the test TSA. */
export function stampedRecord(key: ExchangeKey, count = 5, genTime = GEN_TIME): BidRecordAnswer {
  const record = signedRecord(key, count);
  const authority = tsa();
  const imprint = sha256Hex(headSigningText({ activityId: record.activityId, ...record.head }));
  const timestamp: BidRecordTimestamp = {
    hashAlgorithm: 'SHA-256',
    imprint,
    genTime,
    tsa: authority.name,
    token: timeStampToken(authority, imprint, genTime).toString('base64'),
    certificate: authority.certificateDer.toString('base64'),
  };
  return { ...record, timestamp };
}
