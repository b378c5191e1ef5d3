/**
 * Digital signatures: the signing provider chosen by PORTAL_ESIGN_PROVIDER (default: the
 * installation's own CA on this database) as app.esign.signing, for the contract routes and the public
 * verification endpoint; and the face verifier (default: the QR one-time link) as app.esign.face.
 * The default provider verifies on a worker thread under a time budget (services/esign/verify-pool.ts),
 * stopped when the app closes.
 */
import fp from 'fastify-plugin';
import { DbCaStore } from '../services/esign/ca.ts';
import { LocalCaSigningProvider } from '../services/esign/local.ts';
import { VerifyPool } from '../services/esign/verify-pool.ts';
import { DEFAULT_FACE_TOKEN_MS, QrLinkFaceVerifier, type FaceVerifier } from '../services/esign/face.ts';
import type { SigningProvider } from '../services/esign/types.ts';

export interface EsignOptions {
  /** A real e-sign provider (services/common/providers.ts); undefined: the installation's own CA. */
  signing?: SigningProvider | undefined;
  /** A real face-recognition service; undefined: the QR one-time link. */
  face?: FaceVerifier | undefined;
  /** PORTAL_FACE_TOKEN_MINUTES in ms: how long a QR link stays usable (5 minutes by default). */
  faceTokenMs?: number | undefined;
  /** The installation's own CA: the work one verified file may take (VERIFY_BUDGET_MS by default; tests shorten it). */
  verifyBudgetMs?: number | undefined;
}

export interface EsignRuntime {
  signing: SigningProvider;
  face: FaceVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    esign: EsignRuntime;
  }
}

export default fp<EsignOptions>(
  async (app, options) => {
    let signing = options.signing;
    if (!signing) {
      const pool = new VerifyPool({ budgetMs: options.verifyBudgetMs });
      app.addHook('onClose', () => pool.close());
      signing = new LocalCaSigningProvider(new DbCaStore(app.db), app.now, pool);
    }
    const face = options.face ?? new QrLinkFaceVerifier(app.db, options.faceTokenMs ?? DEFAULT_FACE_TOKEN_MS);
    app.decorate('esign', { signing, face } satisfies EsignRuntime);
  },
  { name: 'esign', dependencies: ['core'] },
);
