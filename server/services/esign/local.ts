/**
 * The default signing provider: the installation's own CA (ca.ts) issues each signer a certificate in the
 * signer's verified name; each signature is a PAdES B-B style CMS (cms.ts) appended by incremental update
 * (pdf-signature.ts). Verification (verify.ts) trusts only this installation's root; the server runs it on a
 * worker thread (verify-pool.ts), the operator command in its own process.
 */
import type { CaStore } from './ca.ts';
import { createDetachedCms } from './cms.ts';
import { fillSignature, prepareSignature } from './pdf-signature.ts';
import type { SigningProvider, SignRequest, VerifyResult } from './types.ts';
import { verifySignatures } from './verify.ts';

export const SUB_FILTER = 'ETSI.CAdES.detached';

/** Runs verify.ts's verifySignatures elsewhere (VerifyPool: on a worker thread, under a time budget). */
export interface SignatureVerifier {
  verify(pdf: Uint8Array, rootCertPem: string, now: number): Promise<VerifyResult>;
}

export class LocalCaSigningProvider implements SigningProvider {
  constructor(
    private readonly store: CaStore,
    /** The clock used when the CA is first created (tests fix it). */
    private readonly now: () => number = Date.now,
    /** Where verification runs; in this thread when absent (the operator command, tests of signing). */
    private readonly verifier?: SignatureVerifier,
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
    const now = this.now();
    const rootCertPem = (await this.store.root(now)).certPem;
    return this.verifier ? this.verifier.verify(pdf, rootCertPem, now) : verifySignatures(pdf, rootCertPem, now);
  }
}
