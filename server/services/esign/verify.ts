/**
 * Verifying the signatures of a PDF signed by incremental updates (pdf-signature.ts writes them): each
 * signature dictionary's /ByteRange, its CMS (cms.ts) from /Contents, the digest of the two ranges, the
 * signature over the signed attributes and the certificate against the installation's root.
 *
 * Reading is deliberately independent of a PDF parser: the raw bytes are scanned for /ByteRange, so a file
 * broken by a changed byte is still examined signature by signature.
 *
 * The file comes from anyone (the public check, POST /dscq-esign/verify), and every signature costs a CMS
 * parse, an RSA check and a hash of up to the whole file. So the file's structure is bounded before any of
 * that work starts, and a file past a bound is refused (BusinessError 400) rather than examined:
 *   - at most MAX_SIGNATURES /ByteRange keys: the scan stops at the next one;
 *   - no two signatures' /Contents may be the same bytes or overlap: every signature of a real file has
 *     its own /Contents, so a repeated or overlapping one can only make the same work count many times;
 *   - a /Contents of at most MAX_CMS_BYTES.
 * Within the bounds one file costs at most MAX_SIGNATURES hashes of the file (10 MB upload limit: well under
 * a second of one core). The server still runs this on a worker thread with a time budget (verify-pool.ts):
 * it is pure and synchronous, CPU only, no database. The operator command runs it in its own process.
 */
import { createHash } from 'node:crypto';
import forge from 'node-forge';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { BusinessError } from '../../lib/envelope.ts';
import { commonName, parseDetachedCms } from './cms.ts';
import type { VerifiedSignature, VerifyResult } from './types.ts';

/**
 * Signatures one file may carry. A contract here is signed by its parties (the transferor and one or more
 * buyers: two to four) and then sealed by the exchange; 16 is three times the largest of them, and keeps one
 * file's verification under a second of one core even at the upload limit.
 */
export const MAX_SIGNATURES = 16;
/**
 * The largest CMS read from a /Contents (bytes, written as twice as many hex digits). Ours is under 8 KiB
 * (SIGNATURE_BYTES); a CA's signature with its chain and embedded revocation data is tens of KiB.
 */
export const MAX_CMS_BYTES = 256 * 1024;

export const MSG_NO_SIGNATURE = '文件中没有数字签名';
export const MSG_APPENDED = '最后一个签名之后文件被追加或修改了内容，追加部分未经签名';
export const MSG_TOO_MANY_SIGNATURES = `文件中的数字签名超过 ${MAX_SIGNATURES} 个，无法校验`;
export const MSG_OVERLAPPING_SIGNATURES = '文件中有重复或相互重叠的签名范围（ByteRange），文件结构异常，无法校验';
export const msgCmsTooLarge = (i: number) => `第 ${i + 1} 个签名的数据超过 ${MAX_CMS_BYTES / 1024} KB，无法校验`;
export const msgChanged = (i: number, name: string) => `第 ${i + 1} 个签名（${name || '未知签署人'}）签署后文件内容被修改，签名无效`;
export const msgUntrusted = (i: number, name: string) => `第 ${i + 1} 个签名（${name || '未知签署人'}）的证书不是本平台认证中心签发的，不受信任`;
export const msgBroken = (i: number) => `第 ${i + 1} 个签名已损坏，无法读取`;

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

export interface FoundSignature {
  byteRange: [number, number, number, number];
  /** The CMS bytes from /Contents (with its zero padding); null when /Contents is not where /ByteRange says. */
  cms: Buffer | null;
  /** The bytes of the ranges are all in the file. */
  inFile: boolean;
}

const BYTE_RANGE_KEY = '/ByteRange';
/** A /ByteRange with its four numbers, read where a key was found (sticky). */
const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/y;

/**
 * Every signature dictionary's /ByteRange in the file, in file order. Throws BusinessError (400) past a
 * bound of the module's comment: too many /ByteRange keys (before reading the rest of the file), a
 * /Contents shared with or overlapping another, or one too large.
 */
export function findSignatures(pdf: Uint8Array): FoundSignature[] {
  const text = latin1(pdf);
  const found: FoundSignature[] = [];
  let keys = 0;
  for (let at = text.indexOf(BYTE_RANGE_KEY); at !== -1; at = text.indexOf(BYTE_RANGE_KEY, at + BYTE_RANGE_KEY.length)) {
    // Every key counts, read or not: a flood of broken ones is refused as early as one of whole ones.
    keys += 1;
    if (keys > MAX_SIGNATURES) throw new BusinessError(400, MSG_TOO_MANY_SIGNATURES);
    BYTE_RANGE.lastIndex = at;
    const m = BYTE_RANGE.exec(text);
    if (!m) continue;
    const byteRange = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number];
    found.push({ byteRange, cms: null, inFile: false });
  }

  // The gaps between the two ranges (/Contents): each its own bytes.
  const gaps = found.map((f) => f.byteRange).filter(([, b, c]) => b < c).sort((x, y) => x[1] - y[1]);
  for (let i = 1; i < gaps.length; i++) {
    if (gaps[i]![1] < gaps[i - 1]![2]) throw new BusinessError(400, MSG_OVERLAPPING_SIGNATURES);
  }

  found.forEach((sig, i) => {
    const [a, b, c, d] = sig.byteRange;
    sig.inFile = a === 0 && b < c && c + d <= pdf.length;
    if (!sig.inFile || text[b] !== '<' || text[c - 1] !== '>') return;
    if (c - b - 2 > MAX_CMS_BYTES * 2) throw new BusinessError(400, msgCmsTooLarge(i));
    const hex = text.slice(b + 1, c - 1);
    if (/^[0-9A-Fa-f]*$/.test(hex) && hex.length % 2 === 0) sig.cms = Buffer.from(hex, 'hex');
  });
  return found;
}

export function digestOfRanges(pdf: Uint8Array, [a, b, c, d]: [number, number, number, number]): Buffer {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  return createHash('sha256').update(buf.subarray(a, a + b)).update(buf.subarray(c, c + d)).digest();
}

/**
 * Checks every signature of `pdf` against the root certificate `rootCertPem`; `now` stands in for a
 * signature without a signing time. Throws BusinessError (400) for a file past the bounds.
 */
export function verifySignatures(pdf: Uint8Array, rootCertPem: string, now: number): VerifyResult {
  const found = findSignatures(pdf);
  if (found.length === 0) return { valid: false, signatures: [], problem: MSG_NO_SIGNATURE };
  const root = forge.pki.certificateFromPem(rootCertPem);
  const signatures: VerifiedSignature[] = [];
  const problems: string[] = [];
  found.forEach((sig, i) => {
    const coversWholeDocument = sig.inFile && sig.byteRange[2] + sig.byteRange[3] === pdf.length;
    if (!sig.cms || !sig.inFile) {
      signatures.push({ name: '', signedAt: '', intact: false, trusted: false, coversWholeDocument });
      problems.push(msgBroken(i));
      return;
    }
    let parsed;
    try {
      parsed = parseDetachedCms(sig.cms);
    } catch {
      signatures.push({ name: '', signedAt: '', intact: false, trusted: false, coversWholeDocument });
      problems.push(msgBroken(i));
      return;
    }
    const name = commonName(parsed.signerCert);
    const signedAt = parsed.signingTime ? formatChinaTime(parsed.signingTime.getTime()) : '';
    const intact = parsed.signatureValid && parsed.messageDigest.equals(digestOfRanges(pdf, sig.byteRange));
    let trusted = false;
    try {
      const when = parsed.signingTime ?? new Date(now);
      const { notBefore, notAfter } = parsed.signerCert.validity;
      trusted = root.verify(parsed.signerCert) && when >= notBefore && when <= notAfter;
    } catch {
      trusted = false;
    }
    if (!intact) problems.push(msgChanged(i, name));
    else if (!trusted) problems.push(msgUntrusted(i, name));
    signatures.push({ name, signedAt, intact, trusted, coversWholeDocument });
  });
  const last = signatures[signatures.length - 1]!;
  if (!last.coversWholeDocument) problems.push(MSG_APPENDED);
  const valid = problems.length === 0;
  return valid ? { valid, signatures } : { valid, signatures, problem: problems.join('；') };
}
