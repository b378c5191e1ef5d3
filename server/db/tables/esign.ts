/**
 * Migration 0012: the installation's CA, signers' certificates, seal applications and face
 * challenges. Times in epoch ms. Status values are the types in domain/rules/esign.ts.
 */
import type { Generated } from 'kysely';

export interface EsignCaTable {
  name: string;
  key_pem: string;
  cert_pem: string;
  created_at: number;
}

export interface EsignCertificateTable {
  id: Generated<number>;
  /** Signer['kind']. */
  signer_kind: string;
  user_id: number;
  name: string;
  serial: string;
  key_pem: string;
  cert_pem: string;
  not_after: number;
  created_at: number;
}

export interface SealApplicationTable {
  id: Generated<number>;
  user_id: number;
  seal_name: string;
  png_base64: string;
  /** SealStatus. */
  status: string;
  reason: Generated<string>;
  handler: Generated<string>;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface FaceChallengeTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: string;
  ref_id: string;
  summary: Generated<string>;
  /** FaceChallengeStatus. */
  status: string;
  expires_at: number;
  confirmed_at: number | null;
  consumed_at: number | null;
  created_at: number;
}

export interface EsignTables {
  esign_ca: EsignCaTable;
  esign_certificate: EsignCertificateTable;
  seal_application: SealApplicationTable;
  face_challenge: FaceChallengeTable;
}
