/**
 * The DER reader and the RFC 3161 token reader (domain/rules/der.ts, timestampToken.ts) on a token built
 * independently in the test (node-forge's ASN.1 writer, node:crypto's RSA signature: bidRecord-fixtures.ts).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, childrenOf, DerError, ecdsaSignatureToRaw, oidOf, parseDer, readDer, timeOf, toHex, utf8Decode, utf8Encode } from '#domain/rules/der';
import { OID, parseCertificate, parseTimeStampToken, signatureScheme } from '#domain/rules/timestampToken';
import { GEN_TIME, timeStampToken, tsa } from './bidRecord-fixtures';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('der', () => {
  it('reads short and long lengths, children and object identifiers', () => {
    const long = new Uint8Array(3 + 200);
    long.set([0x04, 0x81, 200]);
    expect(readDer(long).value.length).toBe(200);
    const seq = parseDer(bytes(0x30, 0x08, 0x06, 0x03, 0x55, 0x04, 0x03, 0x02, 0x01, 0x07));
    const [oid, int] = childrenOf(seq);
    expect(oidOf(oid!)).toBe('2.5.4.3');
    expect(int!.value).toEqual(bytes(7));
    // 1.2.840.113549.1.7.2 (multi-byte arcs)
    expect(oidOf(parseDer(bytes(0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02)))).toBe(OID.signedData);
  });

  it('refuses what runs past its end or leaves bytes over', () => {
    expect(() => readDer(bytes(0x30, 0x05, 0x01))).toThrow(DerError);
    expect(() => parseDer(bytes(0x05, 0x00, 0x00))).toThrow(DerError);
    expect(() => readDer(bytes(0x04, 0x85, 1, 1, 1, 1, 1))).toThrow(DerError);
  });

  it('reads GeneralizedTime with milliseconds and UTCTime', () => {
    const text = (tag: number, s: string) => parseDer(Uint8Array.from([tag, s.length, ...utf8Encode(s)]));
    expect(timeOf(text(0x18, '20261129023105.123Z'))).toBe(GEN_TIME);
    expect(timeOf(text(0x18, '20261129023105Z'))).toBe(GEN_TIME - 123);
    expect(timeOf(text(0x17, '261129023105Z'))).toBe(GEN_TIME - 123);
    expect(() => timeOf(text(0x18, '2026112902Z'))).toThrow(DerError);
  });

  it('base64, hex and UTF-8 round trips, against node', () => {
    const sample = Buffer.from('竞买号 108236 出价 ✓ 😀', 'utf8');
    expect(toHex(base64ToBytes(sample.toString('base64')))).toBe(sample.toString('hex'));
    for (const n of [0, 1, 2, 3, 31]) {
      const b = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 255);
      expect(bytesToBase64(b)).toBe(Buffer.from(b).toString('base64'));
    }
    expect(utf8Encode('竞买号 😀')).toEqual(Uint8Array.from(Buffer.from('竞买号 😀', 'utf8')));
    expect(utf8Decode(Uint8Array.from(sample))).toBe(sample.toString('utf8'));
    expect(() => base64ToBytes('ab$c')).toThrow(DerError);
  });

  it('turns a DER ECDSA signature into r‖s', () => {
    const r = [0x00, 0x80, ...Array(31).fill(1)];
    const s = [0x05];
    const sig = Uint8Array.from([0x30, 2 + r.length + 2 + s.length, 0x02, r.length, ...r, 0x02, s.length, ...s]);
    const raw = ecdsaSignatureToRaw(sig, 32);
    expect(raw.length).toBe(64);
    expect(raw[0]).toBe(0x80);
    expect(raw[63]).toBe(5);
    expect(raw[32]).toBe(0);
  });
});

describe('RFC 3161 token', () => {
  const imprint = createHash('sha256').update('head').digest('hex');
  const authority = tsa();

  it('reads the TSTInfo, the signer and the carried certificate', () => {
    const token = parseTimeStampToken(Uint8Array.from(timeStampToken(authority, imprint, GEN_TIME, '01f4')));
    expect(token.tstInfo).toMatchObject({ version: 1, policy: '1.2.3.4.1', imprintAlgorithm: OID.sha256, imprintHex: imprint, serialHex: '01f4', genTime: GEN_TIME });
    expect(token.signer.contentType).toBe(OID.tstInfo);
    expect(token.signer.digestAlgorithm).toBe(OID.sha256);
    expect(token.signer.signatureAlgorithm).toBe(OID.sha256WithRSA);
    expect(token.signer.serialHex).toBe('3a5c01');
    expect(token.signer.messageDigestHex).toBe(createHash('sha256').update(token.tstInfoDer).digest('hex'));
    // Signed as a SET: the [0] IMPLICIT tag replaced by 0x31.
    expect(token.signer.signedAttributes[0]).toBe(0x31);
    expect(token.certificates).toHaveLength(1);
    expect(Buffer.from(token.certificates[0]!).equals(authority.certificateDer)).toBe(true);
  });

  it('reads the TSA certificate: names, validity, serial, key', () => {
    const cert = parseCertificate(Uint8Array.from(authority.certificateDer));
    expect(cert).toMatchObject({ serialHex: '3a5c01', subjectName: 'HBCQ Test TSA', issuerName: 'HBCQ Test TSA', keyAlgorithm: OID.rsaEncryption, curve: null });
    expect(cert.notBefore).toBe(Date.UTC(2026, 0, 1));
    expect(cert.notAfter).toBe(Date.UTC(2036, 0, 1));
    expect(signatureScheme(OID.sha256WithRSA, OID.sha256, cert)).toEqual({ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' });
    expect(signatureScheme(OID.ecdsaWithSha256, OID.sha256, cert)).toBeNull();
    expect(signatureScheme(OID.ecdsaWithSha256, OID.sha256, { keyAlgorithm: OID.ecPublicKey, curve: OID.p256 })).toEqual({ name: 'ECDSA', hash: 'SHA-256', namedCurve: 'P-256' });
  });

  it('refuses what is not a token', () => {
    expect(() => parseTimeStampToken(Uint8Array.from(authority.certificateDer))).toThrow(DerError);
    expect(() => parseTimeStampToken(bytes(0x30, 0x00))).toThrow();
  });
});
