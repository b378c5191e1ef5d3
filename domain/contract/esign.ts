/**
 * Digital signatures — the API paths, the wire types and the texts both sides share:
 * verification of a signed PDF (public), the organisation seal applications (/contract/seal/apply) and
 * the face-verification challenge (/contract/seal/qrcode).
 */
export const ESIGN_PATHS = {
  /** POST multipart (field `file`, a PDF), public → SignatureVerification. */
  verify: '/dscq-esign/verify',
  /** GET → SealEligibility: may this user apply for a seal (organisation-verified only). */
  sealEligibility: '/dscq-esign/seal/eligibility',
  /** POST multipart (field `file`, a PNG ≤ SEAL_MAX_BYTES) ?sealName → SealApplication. */
  sealApply: '/dscq-esign/seal/apply',
  /** GET → SealApplication[]: the user's applications, newest first. */
  sealList: '/dscq-esign/seal/list',
  /** GET ?id → the PNG of one of the user's applications (404 to another user). */
  sealImage: '/dscq-esign/seal/image',
  /** POST ?purpose&refId → FaceChallenge (the one-time token appears only here). */
  faceCreate: '/dscq-esign/face/create',
  /** GET ?id → FaceChallengeState (the creator only). */
  faceStatus: '/dscq-esign/face/status',
  /** GET ?token → FaceChallengeInfo: what the phone is asked to confirm (the same user only; 404 otherwise). */
  faceInfo: '/dscq-esign/face/info',
  /** POST ?token → FaceChallengeInfo, confirmed (once; the same user only). */
  faceConfirm: '/dscq-esign/face/confirm',
} as const;

/** One signature of a verified PDF. */
export interface SignatureCheck {
  /** The signer's verified name (the certificate's CN). */
  name: string;
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  signedAt: string;
  intact: boolean;
  trusted: boolean;
  coversWholeDocument: boolean;
}

export interface SignatureVerification {
  valid: boolean;
  signatures: SignatureCheck[];
  /** Why not valid, in Chinese. */
  problem?: string;
}

// ── Seals ──

export const SEAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

export type SealStatus = (typeof SEAL_STATUSES)[number];

export interface SealEligibility {
  eligible: boolean;
  /** The verified organisation name (when eligible). */
  orgName: string;
  /** Why not, in Chinese (when not eligible). */
  reason: string;
}

export interface SealApplication {
  id: number;
  sealName: string;
  status: SealStatus;
  statusText: string;
  /** The operator's reason when rejected. */
  reason: string;
  createTime: string;
  decideTime: string;
}

// ── Face verification ──

/** What a face check confirms; the label names it on the phone. */
export const FACE_PURPOSES = { 'contract-sign': '签署合同', 'seal-use': '使用电子印章' } as const;

export type FacePurpose = keyof typeof FACE_PURPOSES;

export const FACE_STATUSES = ['pending', 'confirmed', 'consumed', 'expired'] as const;

export type FaceStatus = (typeof FACE_STATUSES)[number];

export interface FaceChallengeState {
  id: number;
  status: FaceStatus;
  /** China time. */
  expiresAt: string;
}

export interface FaceChallenge extends FaceChallengeState {
  /** The one-time token of the QR link (/contract/seal/qrcode?token=…). */
  token: string;
}

export interface FaceChallengeInfo {
  status: FaceStatus;
  purpose: FacePurpose;
  /** What is being confirmed, e.g. 签署合同（编号 HT-…）. */
  summary: string;
  /** The user's verified (or login) name, shown so he sees it is him. */
  userName: string;
  expiresAt: string;
}

/** The page the QR code opens on the phone. */
export const FACE_QR_PATH = '/contract/seal/qrcode';

export const faceQrUrl = (origin: string, token: string) => `${origin}${FACE_QR_PATH}?token=${encodeURIComponent(token)}`;
