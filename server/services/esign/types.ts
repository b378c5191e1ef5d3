/**
 * The signing interface. The installation's own CA signs by default; a real e-sign provider
 * (a national CA's service) plugs in behind the same interface, chosen by configuration.
 */

/** Who signs: always a verified identity (real name of a person, or the verified organisation name). */
export interface Signer {
  userId: number;
  kind: 'person' | 'org' | 'exchange';
  /** Verified real name, or verified organisation name; the exchange's own name for its seal. */
  name: string;
}

/** The visible mark placed in the signer's signature area: a drawn or typed signature, or a seal. */
export interface SignatureMark {
  kind: 'drawn' | 'typed' | 'seal';
  /** PNG bytes of the mark. */
  png: Uint8Array;
}

export interface SignRequest {
  signer: Signer;
  mark: SignatureMark;
  /** Which signature area of the document (index into its `signatures` block's parties). */
  slot: number;
  reason: string;
  /** Signing time (the server's clock; injected so tests can fix it). */
  signedAt: Date;
}

export interface VerifiedSignature {
  name: string;
  signedAt: string;
  /** The bytes this signature covers are unchanged. */
  intact: boolean;
  /** The certificate chains to a CA this installation trusts. */
  trusted: boolean;
  /** This signature covers the whole file as it is (nothing appended after it). */
  coversWholeDocument: boolean;
}

export interface VerifyResult {
  /** Every signature intact and trusted, and the last one covers the whole document. */
  valid: boolean;
  signatures: VerifiedSignature[];
  /** Why not valid, in Chinese, for the page and the ops command. */
  problem?: string;
}

export interface SigningProvider {
  /** Adds one PAdES / PKCS#7 detached signature (incremental update); earlier signatures stay valid. */
  sign(pdf: Uint8Array, request: SignRequest): Promise<Uint8Array>;
  verify(pdf: Uint8Array): Promise<VerifyResult>;
}
