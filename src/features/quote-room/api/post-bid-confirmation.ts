import { postJson } from '@/api/transport';
import { WEBAUTHN_PATHS, type BidConfirmationAnswer, type BidConfirmationOptionsRequest, type WebAuthnOptionsAnswer, type WebAuthnVerifyRequest } from '#domain/contract/webauthn';

/** (ours) A challenge to confirm one bid (activity and amount) with the bidder's security key. */
export const postBidConfirmationOptions = (request: BidConfirmationOptionsRequest) => postJson<WebAuthnOptionsAnswer>(WEBAUTHN_PATHS.bidConfirmationOptions, request);

/** (ours) The key's answer → a one-time confirmation id for that bid, valid a minute. */
export const postBidConfirmationVerify = (request: WebAuthnVerifyRequest) => postJson<BidConfirmationAnswer>(WEBAUTHN_PATHS.bidConfirmationVerify, request);
