/**
 * The default signing provider: the installation's own CA (ca.ts) issues each signer a certificate in the
 * signer's verified name; each signature is a PAdES B-B style CMS (cms.ts) appended by incremental update
 * (pdf-signature.ts). Verification trusts only this installation's root.
 */
import { formatChinaTime } from '#domain/rules/chinaTime';
import forge from 'node-forge';
import type { CaStore } from './ca.ts';
import { commonName, createDetachedCms, parseDetachedCms } from './cms.ts';
import { digestOfRanges, fillSignature, findSignatures, prepareSignature } from './pdf-signature.ts';
import type { SigningProvider, SignRequest, VerifiedSignature, VerifyResult } from './types.ts';

export const SUB_FILTER = 'ETSI.CAdES.detached';
export const MSG_NO_SIGNATURE = '文件中没有数字签名';
export const MSG_APPENDED = '最后一个签名之后文件被追加或修改了内容，追加部分未经签名';
export const msgChanged = (i: number, name: string) => `第 ${i + 1} 个签名（${name || '未知签署人'}）签署后文件内容被修改，签名无效`;
export const msgUntrusted = (i: number, name: string) => `第 ${i + 1} 个签名（${name || '未知签署人'}）的证书不是本平台认证中心签发的，不受信任`;
export const msgBroken = (i: number) => `第 ${i + 1} 个签名已损坏，无法读取`;

export class LocalCaSigningProvider implements SigningProvider {
  constructor(
    private readonly store: CaStore,
    /** The clock used when the CA is first created (tests fix it). */
    private readonly now: () => number = Date.now,
  ) {}

  async sign(pdf: Uint8Array, request: SignRequest): Promise<Uint8Array> {
    const at = request.signedAt.getTime();
    const root = await this.store.root(at);
    const own = await this.store.certificateFor(request.signer, at);
    const prepared = await prepareSignature(pdf, request, SUB_FILTER);
    const cms = createDetachedCms(prepared.digest, { certPem: own.certPem, keyPem: own.keyPem, chainPems: [root.certPem] }, request.signedAt);
    return fillSignature(prepared, cms);
  }

  async verify(pdf: Uint8Array): Promise<VerifyResult> {
    const root = forge.pki.certificateFromPem((await this.store.root(this.now())).certPem);
    const found = findSignatures(pdf);
    if (found.length === 0) return { valid: false, signatures: [], problem: MSG_NO_SIGNATURE };
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
        const when = parsed.signingTime ?? new Date(this.now());
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
}
