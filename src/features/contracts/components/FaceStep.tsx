// The e-sign feature's public entry (src/features/esign/index.ts) is the one piece of another feature the
// contracts use: its face check of a signing step. Everything else stays within each feature.
// eslint-disable-next-line no-restricted-imports
import { FaceCheck } from '@/features/esign';

/**
 * The face-verification step before signing: the e-sign module's FaceCheck (a QR code whose one-time link
 * the signer opens on a phone while logged in), for signing this contract. It hands back the challenge id
 * the signing request carries; the server uses a confirmed challenge once.
 */
export function FaceStep({ contractId, onVerified }: { contractId: number; onVerified: (token: string) => void }) {
  return <FaceCheck purpose="contract-sign" refId={String(contractId)} onConfirmed={(challengeId) => onVerified(String(challengeId))} />;
}
