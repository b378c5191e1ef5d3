/**
 * Bid receipts and the public bid record (docs/bidding.md "The bid record"; the chain and the signed texts
 * are domain/rules/bidChain.ts). Signatures are Ed25519 over the UTF-8 bytes of the signed text, base64;
 * the public key is SPKI DER, base64 (WebCrypto `importKey('spki', …, 'Ed25519')` reads it).
 */
/** GET ?activityId= (bearer): the bidder's own receipts in the activity. */
export const BID_RECEIPTS_PATH = '/dscq-sync/v1/bidding/receipts';
/** GET ?activityId= (public): an ended activity's bid record. */
export const BID_RECORD_PATH = '/dscq-sync/v1/bidding/record';
/** GET ?activityId= (public): an ended activity's 电子竞价记录 as a PDF signed by the exchange (application/pdf). */
export const BID_RECORD_PDF_PATH = '/dscq-sync/v1/bidding/record.pdf';

export const RECEIPT_ALGORITHM = 'Ed25519';

/** What a receipt signs (amount in yuan; null for a sealed offer, whose hash commits to it). */
export interface BidReceiptFields {
  activityId: number;
  seq: number;
  bidCode: string;
  /** Yuan as in the bid answer; null while sealed (the amount is in the hash, not in the receipt). */
  amount: number | null;
  serverTime: number;
  hash: string;
  /**
   * The previous bid's hash; null in a sealed offer's receipt: that hash commits to another bidder's sealed
   * amount, and with the few plausible amounts, bid codes and times it could be searched before the end.
   */
  prevHash: string | null;
  /** A sealed offer (onceOff, two-stage's stage 1, final's sealed offer): the receipt signs the commitment. */
  sealed: boolean;
}

/** The exchange's signature over one accepted bid. */
export interface BidReceipt {
  algorithm: typeof RECEIPT_ALGORITHM;
  /** First 16 hex digits of SHA-256 of the public key's SPKI DER. */
  keyId: string;
  /** Base64 signature over receiptSigningText(signed). */
  signature: string;
  signed: BidReceiptFields;
}

export interface BidReceiptsAnswer {
  activityId: number;
  keyId: string;
  /** SPKI DER, base64. */
  publicKey: string;
  /** In seq order. */
  receipts: BidReceipt[];
}

export interface BidRecordEntry {
  seq: number;
  bidCode: string;
  /** Yuan. */
  amount: number;
  amountFen: number;
  serverTime: number;
  prevHash: string;
  hash: string;
  /** Placed by the bidder's 代理出价 ceiling. Not in the chain: who placed a bid does not change what was bid. */
  proxy?: true;
}

export interface BidRecordAnswer {
  activityId: number;
  activityCode: string;
  mode: string;
  /** sold | failed | terminated. */
  outcome: string | null;
  endTime: number;
  bids: BidRecordEntry[];
  /** The last bid's seq and hash (seq 0 and GENESIS_HASH with no bid). */
  head: { seq: number; hash: string };
  algorithm: typeof RECEIPT_ALGORITHM;
  keyId: string;
  publicKey: string;
  /** Base64 signature over headSigningText({activityId, ...head}). */
  headSignature: string;
  /** The head's RFC 3161 timestamp, once the activity has ended and the stamp is taken (null before). */
  timestamp?: BidRecordTimestamp | null;
}

/**
 * An RFC 3161 timestamp of a record's head: the time-stamping authority (the installation's own TSA key,
 * kept like the e-sign CA, or a real TSA by configuration) signed that `imprint` existed at `genTime`.
 * imprint = SHA-256 (hex) of the UTF-8 bytes of headSigningText({activityId, seq, hash}); the token's
 * TSTInfo.messageImprint holds the same digest (hashAlgorithm SHA-256).
 */
export interface BidRecordTimestamp {
  hashAlgorithm: 'SHA-256';
  /** Lower-case hex of the digest the token stamps. */
  imprint: string;
  /** TSTInfo.genTime, epoch ms. */
  genTime: number;
  /** The TSA's name as the token's certificate says it (its subject CN). */
  tsa: string;
  /** The TimeStampToken (CMS SignedData, DER), base64. */
  token: string;
  /** The TSA's certificate (DER), base64, so the token can be checked without fetching anything. */
  certificate: string;
}
