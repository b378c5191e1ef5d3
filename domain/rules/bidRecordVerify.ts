/**
 * Checks an 电子竞价记录 (the public bid record) or a bidder's 出价凭证 (receipt) without trusting whoever
 * served it (docs/bidding.md "The bid record"): every bid's hash is recomputed (bidChainHash) and the chain
 * checked (checkChain), the head's and the receipt's Ed25519 signatures verified over the exact signed
 * texts (headSigningText, receiptSigningText), the key id recomputed from the public key, and the head's
 * RFC 3161 timestamp read (domain/rules/timestampToken.ts): its imprint against the recomputed head, and
 * the time-stamping authority's signature with its certificate's key.
 *
 * The rules are here, once; the crypto is given (`VerifyCrypto`: the browser passes WebCrypto), so this
 * file stays pure. The answer is a list of checks, each 通过 / 不通过 (or a note) with a plain Chinese sentence.
 */
import type { BidReceipt, BidRecordAnswer, BidRecordEntry, BidRecordTimestamp } from '../contract/bidReceipt';
import { bidChainHash, checkChain, GENESIS_HASH, headSigningText, receiptSigningText, sha256Hex, type ChainBreak } from './bidChain';
import { formatChinaTime } from './chinaTime';
import { base64ToBytes, ecdsaSignatureToRaw, toHex, utf8Encode } from './der';
import { HASH_OF_OID, OID, parseCertificate, parseTimeStampToken, signatureScheme, type HashName, type SignatureScheme } from './timestampToken';

/** The crypto the checks need (WebCrypto in the browser). `verify` takes ECDSA signatures as raw r‖s. */
export interface VerifyCrypto {
  digest(hash: HashName, data: Uint8Array): Promise<Uint8Array>;
  verify(scheme: SignatureScheme, spki: Uint8Array, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

export type CheckStatus = 'pass' | 'fail' | 'note';

export interface VerifyCheck {
  /** Stable name of the check (tests, keys). */
  key: string;
  status: CheckStatus;
  /** One plain Chinese sentence. */
  text: string;
}

export interface VerifyReport {
  subject: 'record' | 'receipt';
  activityId: number;
  /** No check failed. */
  valid: boolean;
  /** The verdict in one sentence. */
  title: string;
  /** The first bid whose hash or link does not hold, when the chain is broken. */
  brokenBid: { seq: number; bidCode: string } | null;
  checks: VerifyCheck[];
}

/** A receipt as the room's 下载 saves it (MyBidReceipts.tsx): the receipt and the key to check it with. */
export interface ReceiptFile extends BidReceipt {
  publicKey: string;
}

export type VerifyInput = { kind: 'record'; record: BidRecordAnswer } | { kind: 'receipt'; receipt: ReceiptFile };

export const CHECK_STATUS_TEXT: Readonly<Record<CheckStatus, string>> = { pass: '通过', fail: '不通过', note: '说明' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a pasted or chosen file: a record (also inside the API's `{code, data}` envelope) or a receipt.
 * Throws an Error with a Chinese message when it is neither.
 */
export function readVerifyInput(text: string): VerifyInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('内容不是有效的 JSON');
  }
  if (isObject(value) && isObject(value.data) && 'code' in value) value = value.data;
  if (!isObject(value)) throw new Error('内容不是电子竞价记录或出价凭证');
  if (Array.isArray(value.bids) && isObject(value.head)) {
    const r = value;
    const fields: Array<[string, boolean]> = [
      ['activityId', Number.isSafeInteger(r.activityId)],
      ['head', Number.isSafeInteger((r.head as Record<string, unknown>).seq) && typeof (r.head as Record<string, unknown>).hash === 'string'],
      ['publicKey', typeof r.publicKey === 'string'],
      ['keyId', typeof r.keyId === 'string'],
      ['headSignature', typeof r.headSignature === 'string'],
      ['bids', (r.bids as unknown[]).every(isObject)],
    ];
    const missing = fields.filter(([, ok]) => !ok).map(([name]) => name);
    if (missing.length > 0) throw new Error(`电子竞价记录缺少或有错误的字段：${missing.join('、')}`);
    return { kind: 'record', record: r as unknown as BidRecordAnswer };
  }
  if (isObject(value.signed) && typeof value.signature === 'string') {
    const s = value.signed;
    const fields: Array<[string, boolean]> = [
      ['signed.activityId', Number.isSafeInteger(s.activityId)],
      ['signed.seq', Number.isSafeInteger(s.seq)],
      ['signed.bidCode', typeof s.bidCode === 'string'],
      ['signed.serverTime', Number.isSafeInteger(s.serverTime)],
      ['signed.hash', typeof s.hash === 'string'],
      ['signed.prevHash', typeof s.prevHash === 'string' || (s.prevHash === null && s.sealed === true)],
      ['publicKey', typeof value.publicKey === 'string'],
      ['keyId', typeof value.keyId === 'string'],
    ];
    const missing = fields.filter(([, ok]) => !ok).map(([name]) => name);
    if (missing.length > 0) throw new Error(`出价凭证缺少或有错误的字段：${missing.join('、')}`);
    return { kind: 'receipt', receipt: value as unknown as ReceiptFile };
  }
  throw new Error('内容不是电子竞价记录或出价凭证');
}

/** 2026-11-29 10:31:05.123 (China time, to the millisecond). */
export function chinaTimeMs(epochMs: number): string {
  return `${formatChinaTime(epochMs)}.${String(((epochMs % 1000) + 1000) % 1000).padStart(3, '0')}`;
}

const copy = (bytes: Uint8Array) => Uint8Array.from(bytes);

/** First 16 hex digits of SHA-256 of the public key's SPKI DER. */
async function keyIdOf(crypto: VerifyCrypto, spki: Uint8Array): Promise<string> {
  return toHex(await crypto.digest('SHA-256', spki)).slice(0, 16);
}

async function verifyEd25519(crypto: VerifyCrypto, publicKey: string, signature: string, text: string): Promise<boolean> {
  try {
    return await crypto.verify({ name: 'Ed25519' }, copy(base64ToBytes(publicKey)), copy(base64ToBytes(signature)), utf8Encode(text));
  } catch {
    return false;
  }
}

async function keyCheck(crypto: VerifyCrypto, publicKey: string, keyId: string): Promise<VerifyCheck> {
  let computed: string;
  try {
    computed = await keyIdOf(crypto, copy(base64ToBytes(publicKey)));
  } catch {
    return { key: 'keyId', status: 'fail', text: '所附公钥不是有效的 base64' };
  }
  return computed === keyId
    ? { key: 'keyId', status: 'pass', text: `公钥指纹 keyId ${keyId} 与所附公钥一致` }
    : { key: 'keyId', status: 'fail', text: `公钥指纹 keyId ${keyId} 与所附公钥不符（按公钥计算应为 ${computed}）` };
}

/** A bid's amount in yuan must be its amountFen (the hash covers the fen); null when it is. */
function amountMismatch(b: BidRecordEntry): boolean {
  if (!Number.isSafeInteger(b.amountFen)) return true;
  return typeof b.amount !== 'number' || Math.round(b.amount * 100) !== b.amountFen || Math.abs(b.amount * 100 - b.amountFen) > 1e-6;
}

function safeHash(b: BidRecordEntry, activityId: number): string | null {
  try {
    return bidChainHash({ activityId, seq: b.seq, bidCode: b.bidCode, amountFen: b.amountFen, serverTime: b.serverTime, prevHash: b.prevHash });
  } catch {
    return null;
  }
}

const bidName = (seq: number, bidCode: string | undefined) => (bidCode ? `第 ${seq} 笔出价（竞买号 ${bidCode}）` : `第 ${seq} 笔出价`);

/** The chain: each bid recomputed, the links, the count against the signed head; the first break named. */
function chainChecks(record: BidRecordAnswer): { checks: VerifyCheck[]; brokenBid: VerifyReport['brokenBid'] } {
  const bids = [...record.bids].sort((a, b) => a.seq - b.seq);
  const breaks: ChainBreak[] = [];
  const chained = bids.map((b) => {
    const hashable = Number.isSafeInteger(b.seq) && typeof b.bidCode === 'string' && Number.isSafeInteger(b.serverTime) && typeof b.prevHash === 'string' && safeHash(b, record.activityId) !== null;
    // A yuan amount that is not its fen (the hash covers the fen), or fields that cannot be hashed: the
    // content does not fit the hash. An unhashable bid keeps its hash, so the next bid's link still reads.
    if (!hashable || amountMismatch(b)) breaks.push({ kind: 'changed', seq: b.seq, message: '' });
    return hashable
      ? { activityId: record.activityId, seq: b.seq, bidCode: b.bidCode, amountFen: b.amountFen, serverTime: b.serverTime, prevHash: b.prevHash, hash: typeof b.hash === 'string' ? b.hash : null }
      : { activityId: record.activityId, seq: b.seq, bidCode: '', amountFen: 0, serverTime: 0, prevHash: null, hash: typeof b.hash === 'string' ? b.hash : null };
  });
  breaks.push(...checkChain(chained, record.head.seq));
  const n = bids.length;
  if (breaks.length === 0) {
    return { checks: [{ key: 'chain', status: 'pass', text: `哈希链完整（共 ${n} 笔出价，逐笔重新计算的哈希与记录一致）` }], brokenBid: null };
  }
  const bySeq = new Map(bids.map((b) => [b.seq, b]));
  // The first bid that breaks; at one seq, a changed content before what follows from it.
  const rank = (x: ChainBreak) => (x.kind === 'changed' || x.kind === 'missing_hash' ? 0 : x.kind === 'count' ? 2 : 1);
  const ordered = [...breaks].sort((a, b) => a.seq - b.seq || rank(a) - rank(b));
  const first = ordered[0]!;
  const bid = bySeq.get(first.seq);
  const named = bidName(first.seq, bid?.bidCode);
  const text =
    first.kind === 'changed' || first.kind === 'missing_hash'
      ? `${named}的金额或内容与哈希不符（记录被改动）`
      : first.kind === 'count' || first.kind === 'gap'
        ? first.message
        : first.message.replace(`第 ${first.seq} 笔出价`, named);
  const more = new Set(ordered.map((x) => x.seq)).size - 1;
  return {
    checks: [{ key: 'chain', status: 'fail', text: more > 0 ? `${text}；另有 ${more} 笔出价处不符` : text }],
    brokenBid: bid && first.kind !== 'count' ? { seq: first.seq, bidCode: bid.bidCode } : null,
  };
}

/** The head must be the last bid (seq and hash), GENESIS_HASH at seq 0 with no bid. */
function headCheck(record: BidRecordAnswer): VerifyCheck {
  const last = [...record.bids].sort((a, b) => a.seq - b.seq).at(-1);
  const expected = last ? { seq: last.seq, hash: last.hash } : { seq: 0, hash: GENESIS_HASH };
  return expected.seq === record.head.seq && expected.hash === record.head.hash
    ? { key: 'head', status: 'pass', text: last ? `链头为第 ${last.seq} 笔出价的哈希 ${last.hash.slice(0, 16)}…` : '本场竞价无出价，链头为链的起点' }
    : { key: 'head', status: 'fail', text: `链头（第 ${record.head.seq} 笔）与记录中最后一笔出价（第 ${expected.seq} 笔）不符` };
}

export interface RecordVerifyOptions {
  /** The public key the exchange publishes (fetched separately); compared only, never trusted for the chain. */
  publishedKey?: string | null;
  /** Why the published key could not be fetched (a note, not a failure). */
  publishedKeyNote?: string | null;
}

async function timestampChecks(crypto: VerifyCrypto, record: BidRecordAnswer, ts: BidRecordTimestamp): Promise<VerifyCheck[]> {
  const checks: VerifyCheck[] = [];
  let token;
  let cert;
  try {
    token = parseTimeStampToken(copy(base64ToBytes(ts.token)));
    const certDer = ts.certificate ? copy(base64ToBytes(ts.certificate)) : token.certificates[0];
    if (!certDer) throw new Error('时间戳未附机构证书');
    cert = parseCertificate(certDer);
  } catch (error) {
    return [{ key: 'timestamp', status: 'fail', text: `时间戳无法解析：${(error as Error).message}` }];
  }
  const { tstInfo, signer } = token;
  const headDigest = sha256Hex(headSigningText({ activityId: record.activityId, ...record.head }));
  const tsa = cert.subjectName || ts.tsa || '时间戳机构';
  if (tstInfo.imprintAlgorithm !== OID.sha256) {
    checks.push({ key: 'timestamp', status: 'fail', text: '时间戳的摘要算法不是 SHA-256' });
  } else if (tstInfo.imprintHex !== headDigest) {
    checks.push({ key: 'timestamp', status: 'fail', text: `时间戳所盖的摘要与链头不符：时间戳证明的不是本记录的链头（${chinaTimeMs(tstInfo.genTime)} 由 ${tsa} 签发）` });
  } else if (ts.imprint !== headDigest) {
    checks.push({ key: 'timestamp', status: 'fail', text: '记录所述的时间戳摘要（imprint）与链头不符' });
  } else if (ts.genTime !== tstInfo.genTime) {
    checks.push({ key: 'timestamp', status: 'fail', text: `记录所述的时间（${chinaTimeMs(ts.genTime)}）与时间戳令牌中的时间（${chinaTimeMs(tstInfo.genTime)}）不符` });
  } else {
    checks.push({ key: 'timestamp', status: 'pass', text: `时间戳：${chinaTimeMs(tstInfo.genTime)} 由 ${tsa} 签发，与链头一致` });
  }
  // The TSA's signature: messageDigest = digest(TSTInfo), and the signature over the signed attributes.
  const fail = (text: string) => checks.push({ key: 'timestampSignature', status: 'fail', text });
  const digestName = HASH_OF_OID[signer.digestAlgorithm];
  const scheme = signatureScheme(signer.signatureAlgorithm, signer.digestAlgorithm, cert);
  if (signer.contentType !== OID.tstInfo) fail('时间戳签名属性中的内容类型不是 TSTInfo');
  else if (!digestName || !scheme) fail('时间戳使用了本页不支持的签名算法，无法核验其签名');
  else if (toHex(await crypto.digest(digestName, token.tstInfoDer)) !== signer.messageDigestHex) fail('时间戳内容（TSTInfo）与其签名属性中的摘要不符（时间戳被改动）');
  else if (signer.serialHex !== null && signer.serialHex !== cert.serialHex) fail('时间戳的签名者不是所附证书');
  else {
    let ok = false;
    try {
      const signature = scheme.name === 'ECDSA' ? ecdsaSignatureToRaw(signer.signature, scheme.namedCurve === 'P-256' ? 32 : 48) : copy(signer.signature);
      ok = await crypto.verify(scheme, copy(cert.spki), signature, copy(signer.signedAttributes));
    } catch {
      ok = false;
    }
    if (!ok) fail(`时间戳机构（${tsa}）的签名无效`);
    else if (tstInfo.genTime < cert.notBefore || tstInfo.genTime > cert.notAfter) fail(`时间戳时间不在机构证书的有效期内（${formatChinaTime(cert.notBefore)} 至 ${formatChinaTime(cert.notAfter)}）`);
    else
      checks.push({
        key: 'timestampSignature',
        status: 'pass',
        text: `时间戳机构签名有效（证书 ${tsa}${cert.issuerName && cert.issuerName !== tsa ? `，由 ${cert.issuerName} 颁发` : '，自签发'}，有效期至 ${formatChinaTime(cert.notAfter, 'YYYY-MM-DD')}）`,
      });
  }
  return checks;
}

const verdict = (checks: VerifyCheck[]) => checks.find((c) => c.status === 'fail');

/** Every check of a record. */
export async function verifyRecord(crypto: VerifyCrypto, record: BidRecordAnswer, options: RecordVerifyOptions = {}): Promise<VerifyReport> {
  const { checks, brokenBid } = chainChecks(record);
  checks.push(headCheck(record));
  checks.push(await keyCheck(crypto, record.publicKey, record.keyId));
  const signed = await verifyEd25519(crypto, record.publicKey, record.headSignature, headSigningText({ activityId: record.activityId, seq: record.head.seq, hash: record.head.hash }));
  checks.push(
    signed
      ? { key: 'headSignature', status: 'pass', text: `链头签名有效（交易所公钥 keyId ${record.keyId}）` }
      : { key: 'headSignature', status: 'fail', text: '链头签名无效：签名与链头（活动、序号、哈希）不符，记录在签名后被改动或不是交易所签发' },
  );
  if (options.publishedKey) {
    checks.push(
      options.publishedKey === record.publicKey
        ? { key: 'publishedKey', status: 'pass', text: '所用公钥与交易所网站公布的公钥一致' }
        : { key: 'publishedKey', status: 'fail', text: '所用公钥与交易所网站公布的公钥不同：记录不是本交易所签发' },
    );
  } else if (options.publishedKeyNote) {
    checks.push({ key: 'publishedKey', status: 'note', text: options.publishedKeyNote });
  }
  if (record.timestamp) checks.push(...(await timestampChecks(crypto, record, record.timestamp)));
  else checks.push({ key: 'timestamp', status: 'note', text: '记录尚未附 RFC 3161 时间戳（交易所在竞价结束后不久加盖，稍后可重新下载）' });
  const failed = verdict(checks);
  const code = record.activityCode ? `${record.activityCode}，` : '';
  return {
    subject: 'record',
    activityId: record.activityId,
    valid: !failed,
    title: failed ? `电子竞价记录未通过核验：${failed.text}` : `电子竞价记录有效（${code}共 ${record.bids.length} 笔出价）`,
    brokenBid,
    checks,
  };
}

export interface ReceiptVerifyOptions extends RecordVerifyOptions {
  /** The activity's record, given with the receipt or fetched: the receipt's hash must be in its chain. */
  record?: BidRecordAnswer | null;
  /** Why there is no record to compare with (a note). */
  recordNote?: string | null;
}

/** Every check of a receipt, and of the record it is compared with. */
export async function verifyReceipt(crypto: VerifyCrypto, receipt: ReceiptFile, options: ReceiptVerifyOptions = {}): Promise<VerifyReport> {
  const s = receipt.signed;
  const checks: VerifyCheck[] = [await keyCheck(crypto, receipt.publicKey, receipt.keyId)];
  const signed = await verifyEd25519(crypto, receipt.publicKey, receipt.signature, receiptSigningText(s));
  checks.push(
    signed
      ? { key: 'receiptSignature', status: 'pass', text: `出价凭证签名有效（${bidName(s.seq, s.bidCode)}，交易所公钥 keyId ${receipt.keyId}）` }
      : { key: 'receiptSignature', status: 'fail', text: '出价凭证签名无效：凭证内容在签名后被改动或不是交易所签发' },
  );
  if (s.amount === null || s.prevHash === null) {
    checks.push({ key: 'receiptHash', status: 'note', text: '密封报价的凭证不载金额，其哈希在竞价结束后与电子竞价记录核对' });
  } else {
    const amountFen = Math.round(s.amount * 100);
    let hash: string | null = null;
    try {
      hash = bidChainHash({ activityId: s.activityId, seq: s.seq, bidCode: s.bidCode, amountFen, serverTime: s.serverTime, prevHash: s.prevHash });
    } catch {
      hash = null;
    }
    checks.push(
      hash === s.hash
        ? { key: 'receiptHash', status: 'pass', text: '凭证所载的金额、竞买号和时间与其哈希一致' }
        : { key: 'receiptHash', status: 'fail', text: '凭证所载的金额、竞买号或时间与其哈希不符' },
    );
  }
  let brokenBid: VerifyReport['brokenBid'] = null;
  const record = options.record;
  if (record) {
    const bid = record.bids.find((b) => b.seq === s.seq);
    if (record.activityId !== s.activityId) checks.push({ key: 'inChain', status: 'fail', text: `凭证属于竞价活动 ${s.activityId}，所给记录属于活动 ${record.activityId}` });
    else if (!bid) checks.push({ key: 'inChain', status: 'fail', text: `电子竞价记录中没有第 ${s.seq} 笔出价` });
    else if (bid.hash !== s.hash || (s.prevHash !== null && bid.prevHash !== s.prevHash) || bid.bidCode !== s.bidCode || bid.serverTime !== s.serverTime)
      checks.push({ key: 'inChain', status: 'fail', text: `电子竞价记录中的${bidName(s.seq, bid.bidCode)}与凭证不同：记录与凭证不一致` });
    else checks.push({ key: 'inChain', status: 'pass', text: `凭证的哈希在电子竞价记录的哈希链中（第 ${s.seq} 笔）` });
    if (record.publicKey !== receipt.publicKey) checks.push({ key: 'sameKey', status: 'fail', text: '凭证与电子竞价记录的签名公钥不同' });
    const recordReport = await verifyRecord(crypto, record, options);
    brokenBid = recordReport.brokenBid;
    checks.push(...recordReport.checks.map((c) => ({ ...c, key: `record.${c.key}` })));
  } else if (options.recordNote) {
    checks.push({ key: 'inChain', status: 'note', text: options.recordNote });
  }
  const failed = verdict(checks);
  return {
    subject: 'receipt',
    activityId: s.activityId,
    valid: !failed,
    title: failed ? `出价凭证未通过核验：${failed.text}` : `出价凭证有效（${bidName(s.seq, s.bidCode)}${record ? '，在电子竞价记录中' : ''}）`,
    brokenBid,
    checks,
  };
}
