/**
 * CMS (PKCS#7) detached SignedData for PDF signatures, written and read with node-forge's ASN.1 (forge's
 * own pkcs7 signer cannot add signingCertificateV2). The signature is RSA PKCS#1 v1.5 with SHA-256 over the
 * DER of the signed attributes: contentType, messageDigest, signingTime and signingCertificateV2
 * (ESSCertIDv2 with the certificate's SHA-256), which PAdES B-B requires. Node's crypto does the RSA.
 */
import { createHash, createPublicKey, sign as rsaSign, verify as rsaVerify } from 'node:crypto';
import forge from 'node-forge';

const { asn1 } = forge;
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

type Asn1 = forge.asn1.Asn1;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const seq = (v: Asn1[]) => asn1.create(U, T.SEQUENCE, true, v);
const set = (v: Asn1[]) => asn1.create(U, T.SET, true, v);
const oid = (o: string) => asn1.create(U, T.OID, false, asn1.oidToDer(o).getBytes());
const octets = (bytes: string) => asn1.create(U, T.OCTETSTRING, false, bytes);
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const nul = () => asn1.create(U, T.NULL, false, '');
const sha256Alg = () => seq([oid(OID.sha256)]);
const attribute = (type: string, value: Asn1) => seq([oid(type), set([value])]);
const binary = (b: Uint8Array) => Buffer.from(b).toString('binary');
const bytesOf = (s: string) => Buffer.from(s, 'binary');

export interface CmsSigner {
  certPem: string;
  keyPem: string;
  /** The issuing CA's certificate, included so a verifier has the chain. */
  chainPems: readonly string[];
}

/** DER of a detached SignedData over `digest` (the SHA-256 of the signed byte ranges). */
export function createDetachedCms(digest: Uint8Array, signer: CmsSigner, signingTime: Date): Buffer {
  const cert = forge.pki.certificateFromPem(signer.certPem);
  const certDer = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const signingTimeValue = asn1.create(U, T.UTCTIME, false, asn1.dateToUtcTime(signingTime));
  const attrs = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.signingTime, signingTimeValue),
    attribute(OID.messageDigest, octets(binary(digest))),
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the default (SHA-256) hash algorithm.
    attribute(OID.signingCertificateV2, seq([seq([seq([octets(createHash('sha256').update(bytesOf(certDer)).digest('binary'))])])])),
  ];
  // DER SET OF: elements sorted by their encodings.
  const sorted = attrs.map((a) => asn1.toDer(a).getBytes()).sort();
  const attrsSet = set(sorted.map((der) => asn1.fromDer(der)));
  const signature = rsaSign('sha256', bytesOf(asn1.toDer(attrsSet).getBytes()), signer.keyPem);
  const signedAttrs = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attrsSet.value as Asn1[]);

  const certs = [signer.certPem, ...signer.chainPems].map((pem) => forge.pki.certificateToAsn1(forge.pki.certificateFromPem(pem)));
  const issuerAndSerial = seq([forge.pki.distinguishedNameToAsn1({ attributes: decodedAttributes(cert.issuer) } as unknown as forge.pki.Certificate['issuer']), asn1.create(U, T.INTEGER, false, forge.util.hexToBytes(cert.serialNumber))]);
  const signerInfo = seq([int(1), issuerAndSerial, sha256Alg(), signedAttrs, seq([oid(OID.rsaEncryption), nul()]), octets(signature.toString('binary'))]);
  const signedData = seq([
    int(1),
    set([sha256Alg()]),
    seq([oid(OID.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, certs),
    set([signerInfo]),
  ]);
  const contentInfo = seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]);
  return bytesOf(asn1.toDer(contentInfo).getBytes());
}

export interface ParsedCms {
  /** The signer's certificate and every other certificate in the message. */
  signerCert: forge.pki.Certificate;
  certificates: forge.pki.Certificate[];
  messageDigest: Buffer;
  signingTime: Date | null;
  /** Whether the signature over the signed attributes checks with the signer certificate's key. */
  signatureValid: boolean;
}

/** forge's fromDer with its options object (the typings know only the old boolean); the padding after the DER is ignored. */
const fromDerLenient = asn1.fromDer as unknown as (bytes: string, options: { strict?: boolean; parseAllBytes?: boolean }) => Asn1;
const children = (node: Asn1 | undefined): Asn1[] => (node && Array.isArray(node.value) ? (node.value as Asn1[]) : []);

/** Reads a detached SignedData (as written above, or by another PAdES signer); throws on a malformed one. */
export function parseDetachedCms(der: Uint8Array): ParsedCms {
  const contentInfo = fromDerLenient(binary(der), { strict: false, parseAllBytes: false });
  const [typeNode, wrapped] = children(contentInfo);
  if (!typeNode || asn1.derToOid(typeNode.value as string) !== OID.signedData) throw new Error('not a SignedData');
  const signedData = children(wrapped)[0];
  const parts = children(signedData);
  const certSet = parts.find((p) => p.tagClass === asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
  const certificates = children(certSet).map((c) => forge.pki.certificateFromAsn1(c));
  const signerInfos = parts[parts.length - 1];
  const signerInfo = children(signerInfos)[0];
  const si = children(signerInfo);
  const sid = si[1];
  const serialHex = forge.util.bytesToHex(children(sid)[1]?.value as string).replace(/^0+/, '');
  const signerCert = certificates.find((c) => c.serialNumber.replace(/^0+/, '') === serialHex);
  if (!signerCert) throw new Error('signer certificate missing');
  const attrsNode = si.find((p) => p.tagClass === asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
  if (!attrsNode) throw new Error('no signed attributes');
  let messageDigest = Buffer.alloc(0);
  let signingTime: Date | null = null;
  for (const a of children(attrsNode)) {
    const [t, values] = children(a);
    const type = asn1.derToOid(t?.value as string);
    const value = children(values)[0];
    if (type === OID.messageDigest) messageDigest = bytesOf(value?.value as string);
    if (type === OID.signingTime && value) signingTime = value.type === T.UTCTIME ? asn1.utcTimeToDate(value.value as string) : asn1.generalizedTimeToDate(value.value as string);
  }
  const attrsDer = asn1.toDer(set(children(attrsNode))).getBytes();
  const signature = bytesOf(si[si.length - 1]?.value as string);
  const publicKeyPem = forge.pki.publicKeyToPem(signerCert.publicKey);
  let signatureValid = false;
  try {
    signatureValid = rsaVerify('sha256', bytesOf(attrsDer), createPublicKey(publicKeyPem), signature);
  } catch {
    signatureValid = false;
  }
  return { signerCert, certificates, messageDigest, signingTime, signatureValid };
}

/**
 * A parsed name's attributes with UTF8String values decoded: forge keeps them as raw UTF-8 bytes when it
 * parses a certificate but encodes them again when it writes one.
 */
export function decodedAttributes(name: forge.pki.Certificate['subject']): forge.pki.CertificateField[] {
  return name.attributes.map((a) => ((a.valueTagClass as number | undefined) === forge.asn1.Type.UTF8 && typeof a.value === 'string' ? { ...a, value: forge.util.decodeUtf8(a.value) } : a));
}

/** The certificate's CN. */
export function commonName(cert: forge.pki.Certificate): string {
  const cn = decodedAttributes(cert.subject).find((a) => a.shortName === 'CN' || a.name === 'commonName');
  return typeof cn?.value === 'string' ? cn.value : '';
}
