/** The bid record's timestamps and signed PDFs (migration 0023, docs/bidding.md "The bid record"). Times epoch ms. */

/** One RFC 3161 timestamp per ended activity, of its head as it was when stamped. */
export interface BidRecordStampTable {
  activity_id: number;
  head_seq: number;
  head_hash: string;
  /** 'SHA-256'. */
  hash_algorithm: string;
  /** SHA-256 hex of headSigningText({activityId, seq, hash}). */
  imprint: string;
  /** TSTInfo.genTime. */
  gen_time: number;
  /** The TSA certificate's CN. */
  tsa: string;
  /** TimeStampToken DER, base64. */
  token: string;
  /** The TSA's certificate DER, base64. */
  certificate: string;
  /** 'local' (the installation's TSA) or the TSA's URL. */
  source: string;
  created_at: number;
}

/** The signed 电子竞价记录 PDF of an ended, stamped activity (base64), made once. */
export interface BidRecordPdfTable {
  activity_id: number;
  pdf: string;
  created_at: number;
}

export interface BidRecordTables {
  bid_record_stamp: BidRecordStampTable;
  bid_record_pdf: BidRecordPdfTable;
}
