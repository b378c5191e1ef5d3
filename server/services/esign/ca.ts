/**
 * The installation's own certification authority: one root key and self-signed certificate, created on
 * first use and kept in the database (esign_ca), so every server process signs with certificates of the
 * same CA; and one certificate per signer (CN = the verified real name, organisation name, or the
 * exchange's name), issued by that root and kept (esign_certificate) for reuse.
 *
 * Both are created race-safely: generate, insert-if-absent, then re-read — two processes that start at
 * once both end up using the row that won.
 *
 * The keys are stored as PEM in the database: whoever reads the database can sign as any user. A
 * deployment that needs more puts the keys in an HSM or uses a real e-sign provider (providers.ts).
 */
import { sign as cryptoSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import forge from 'node-forge';
import type { Database } from '../../db/schema.ts';
import { decodedAttributes } from './cms.ts';
import type { Signer } from './types.ts';

export interface KeyAndCert {
  keyPem: string;
  certPem: string;
}

/** Where the CA and the signers' certificates live (the database; memory for a foreign CA in tests). */
export interface CaStore {
  root(now: number): Promise<KeyAndCert>;
  certificateFor(signer: Signer, now: number): Promise<KeyAndCert>;
}

const DAY = 86_400_000;
const ROOT_NAME = '河北产权交易所电子签章认证中心';
const ORG = '河北产权交易所';

function newKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  return { keyPem: privateKey, publicKey: forge.pki.publicKeyFromPem(publicKey) };
}

/** A positive 16-byte serial, hex. */
const newSerial = () => {
  const b = randomBytes(16);
  b[0] = b[0]! & 0x7f | 0x10;
  return b.toString('hex');
};

/**
 * Signs the certificate with the issuer's key through node's OpenSSL: forge's own RSA in JavaScript takes
 * ~110 ms a signature, and the demo seed and every test app issue several. Same result as forge's
 * `cert.sign(key, sha256)`: the algorithm set, the TBS part signed with PKCS#1 v1.5. (Also the bid record's TSA, bidding/timestamp.ts.)
 */
export function signCertificate(cert: forge.pki.Certificate, issuerKeyPem: string): void {
  const sha256WithRsa = forge.pki.oids.sha256WithRSAEncryption!;
  cert.siginfo.algorithmOid = sha256WithRsa;
  (cert as unknown as { signatureOid: string }).signatureOid = sha256WithRsa;
  (cert as unknown as { md: forge.md.MessageDigest }).md = forge.md.sha256.create();
  const { getTBSCertificate } = forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 };
  const tbs = forge.asn1.toDer(getTBSCertificate(cert)).getBytes();
  (cert as unknown as { signature: string }).signature = cryptoSign('sha256', Buffer.from(tbs, 'binary'), issuerKeyPem).toString('binary');
}

/** forge encodes UTF8String values itself (and decodes them on parsing). */
const dn = (cn: string): forge.pki.CertificateField[] => [
  { shortName: 'C', value: 'CN' },
  { shortName: 'O', value: ORG, valueTagClass: forge.asn1.Type.UTF8 } as unknown as forge.pki.CertificateField,
  { shortName: 'CN', value: cn, valueTagClass: forge.asn1.Type.UTF8 } as unknown as forge.pki.CertificateField,
];

export function createRoot(now: number, name = ROOT_NAME): KeyAndCert {
  const { keyPem, publicKey } = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = newSerial();
  cert.validity.notBefore = new Date(now - DAY);
  cert.validity.notAfter = new Date(now + 20 * 365 * DAY);
  cert.setSubject(dn(name));
  cert.setIssuer(dn(name));
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  signCertificate(cert, keyPem);
  return { keyPem, certPem: forge.pki.certificateToPem(cert) };
}

export function issueCertificate(root: KeyAndCert, signer: Signer, now: number, serial = newSerial()): KeyAndCert & { serial: string; notAfter: number } {
  const ca = forge.pki.certificateFromPem(root.certPem);
  const { keyPem, publicKey } = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial;
  const notAfter = now + 10 * 365 * DAY;
  cert.validity.notBefore = new Date(now - DAY);
  cert.validity.notAfter = new Date(notAfter);
  cert.setSubject(dn(signer.name));
  cert.setIssuer(decodedAttributes(ca.subject));
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  signCertificate(cert, root.keyPem);
  return { keyPem, certPem: forge.pki.certificateToPem(cert), serial, notAfter };
}

/** The CA in the database, shared by every process on it. */
export class DbCaStore implements CaStore {
  constructor(private readonly db: Kysely<Database>) {}

  async root(now: number): Promise<KeyAndCert> {
    const read = () => this.db.selectFrom('esign_ca').select(['key_pem', 'cert_pem']).where('name', '=', 'root').executeTakeFirst();
    let row = await read();
    if (!row) {
      const made = createRoot(now);
      await this.db
        .insertInto('esign_ca')
        .values({ name: 'root', key_pem: made.keyPem, cert_pem: made.certPem, created_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      row = await read();
      if (!row) throw new Error('esign_ca root missing after insert');
    }
    return { keyPem: row.key_pem, certPem: row.cert_pem };
  }

  async certificateFor(signer: Signer, now: number): Promise<KeyAndCert> {
    const read = () =>
      this.db
        .selectFrom('esign_certificate')
        .select(['key_pem', 'cert_pem', 'not_after'])
        .where('signer_kind', '=', signer.kind)
        .where('user_id', '=', signer.userId)
        .where('name', '=', signer.name)
        .executeTakeFirst();
    let row = await read();
    if (!row) {
      const issued = issueCertificate(await this.root(now), signer, now);
      await this.db
        .insertInto('esign_certificate')
        .values({ signer_kind: signer.kind, user_id: signer.userId, name: signer.name, serial: issued.serial, key_pem: issued.keyPem, cert_pem: issued.certPem, not_after: issued.notAfter, created_at: now })
        .onConflict((oc) => oc.columns(['signer_kind', 'user_id', 'name']).doNothing())
        .execute();
      row = await read();
      if (!row) throw new Error('esign_certificate missing after insert');
    }
    return { keyPem: row.key_pem, certPem: row.cert_pem };
  }
}

/** A CA held in memory only (tests: "a certificate from another CA"). */
export class MemoryCaStore implements CaStore {
  private rootPair?: KeyAndCert;
  private readonly certs = new Map<string, KeyAndCert>();
  constructor(private readonly name = '其他认证机构') {}
  async root(now: number) {
    this.rootPair ??= createRoot(now, this.name);
    return this.rootPair;
  }
  async certificateFor(signer: Signer, now: number) {
    const key = `${signer.kind}:${signer.userId}:${signer.name}`;
    let c = this.certs.get(key);
    if (!c) {
      c = issueCertificate(await this.root(now), signer, now);
      this.certs.set(key, c);
    }
    return c;
  }
}
