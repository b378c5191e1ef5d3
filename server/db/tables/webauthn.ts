/** Security keys and passkeys (migration 0024). Times epoch ms, amounts fen. */
import type { Generated } from 'kysely';

export interface WebauthnCredentialTable {
  id: Generated<number>;
  user_id: number;
  /** base64url; unique across users. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** JSON string[] (usb, nfc, ble, internal, hybrid …). */
  transports: Generated<string>;
  name: string;
  /** 1: a multi-device (synced) passkey. */
  synced: Generated<number>;
  created_at: number;
  last_used_at: number | null;
}

export interface WebauthnChallengeTable {
  /** Random, base64url. */
  id: string;
  /** 'register' | 'login' | 'bid'. */
  purpose: string;
  /** base64url, as the options carry it. */
  challenge: string;
  user_id: number | null;
  session_id: string | null;
  activity_id: number | null;
  amount_fen: number | null;
  rp_id: string;
  origin: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface WebauthnBidSettingTable {
  user_id: number;
  /** 0: off. */
  threshold_fen: Generated<number>;
  updated_at: number;
}

export interface WebauthnBidConfirmationTable {
  /** Random, base64url. */
  id: string;
  user_id: number;
  activity_id: number;
  amount_fen: number;
  /** webauthn_credential.id of the key that confirmed. */
  credential_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The idempotency key of the bid that used it. */
  used_key: string | null;
}

export interface WebauthnTables {
  webauthn_credential: WebauthnCredentialTable;
  webauthn_challenge: WebauthnChallengeTable;
  webauthn_bid_setting: WebauthnBidSettingTable;
  webauthn_bid_confirmation: WebauthnBidConfirmationTable;
}
