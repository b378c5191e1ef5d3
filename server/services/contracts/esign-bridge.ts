/**
 * The contract's signing needs from the e-sign module (plugins/esign.ts): its provider (app.esign.signing),
 * an organisation's approved seal (services/esign/seals.ts), and the face check (app.esign.face) passed for
 * signing this very contract — the page sends the id of the face challenge it created with purpose
 * 'contract-sign' and the contract's id; a confirmed challenge is used once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FaceVerifier } from '../esign/face.ts';
import type { SigningProvider } from '../esign/types.ts';
import { approvedSealOf } from '../esign/seals.ts';
import type { ContractSigning } from './signing.ts';

/** The organisation's current approved seal image, or null. */
export async function approvedSealPng(db: Kysely<Database>, userId: number): Promise<Uint8Array | null> {
  return (await approvedSealOf(db, userId))?.png ?? null;
}

export function contractSigning(provider: SigningProvider, face: FaceVerifier): ContractSigning {
  return {
    provider,
    orgSeal: approvedSealPng,
    faceChecked: async (db, userId, token, now, contractId) => {
      if (!/^\d{1,15}$/.test(token)) return false;
      try {
        return await face.consumeConfirmed(Number(token), userId, now, { purpose: 'contract-sign', refId: String(contractId), db });
      } catch {
        return false;
      }
    },
  };
}
