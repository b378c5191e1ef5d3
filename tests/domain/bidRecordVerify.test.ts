/**
 * The verification of an 电子竞价记录 and an 出价凭证 (domain/rules/bidRecordVerify.ts) with the browser's
 * crypto adapter over WebCrypto (src/features/verify/webCrypto.ts): a signed and stamped record holds; each
 * tampering is refused and named — an amount, a deleted or swapped bid, the head, the signature, the key id,
 * the timestamp's imprint, its TSTInfo and its signature.
 */
import { describe, expect, it } from 'vitest';
import type { BidRecordAnswer } from '#domain/contract/bidReceipt';
import { chinaTimeMs, readVerifyInput, verifyReceipt, verifyRecord, type VerifyReport } from '#domain/rules/bidRecordVerify';
import { base64ToBytes, bytesToBase64 } from '#domain/rules/der';
import { webCrypto } from '@/features/verify/webCrypto';
import { exchangeKey, GEN_TIME, receiptFile, signedRecord, signText, stampedRecord, timeStampToken, tsa } from './bidRecord-fixtures';
import { receiptSigningText } from '#domain/rules/bidChain';
import { OPENSSL_IMPRINT, OPENSSL_TOKEN, OPENSSL_TSA_CERT } from './openssl-tsa-token';

const crypto = webCrypto();
const key = exchangeKey();
const statusOf = (report: VerifyReport, k: string) => report.checks.find((c) => c.key === k)?.status;
const textOf = (report: VerifyReport, k: string) => report.checks.find((c) => c.key === k)?.text;
const clone = (r: BidRecordAnswer): BidRecordAnswer => JSON.parse(JSON.stringify(r));

describe('verifyRecord', () => {
  it('a signed, stamped record holds: chain, head, key id, signature, timestamp and the TSA signature', async () => {
    const record = stampedRecord(key, 12);
    const report = await verifyRecord(crypto, record, { publishedKey: key.publicKey });
    expect(report.checks.filter((c) => c.status !== 'pass')).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.title).toBe('电子竞价记录有效（JJ-2026-4242，共 12 笔出价）');
    expect(textOf(report, 'chain')).toBe('哈希链完整（共 12 笔出价，逐笔重新计算的哈希与记录一致）');
    expect(textOf(report, 'headSignature')).toBe(`链头签名有效（交易所公钥 keyId ${key.keyId}）`);
    expect(textOf(report, 'timestamp')).toBe('时间戳：2026-11-29 10:31:05.123 由 HBCQ Test TSA 签发，与链头一致');
    expect(textOf(report, 'timestampSignature')).toContain('时间戳机构签名有效（证书 HBCQ Test TSA，自签发');
    expect(textOf(report, 'publishedKey')).toBe('所用公钥与交易所网站公布的公钥一致');
  });

  it('without a timestamp: valid, with a note; with no bid at all: the genesis head', async () => {
    const report = await verifyRecord(crypto, signedRecord(key, 3));
    expect(report.valid).toBe(true);
    expect(statusOf(report, 'timestamp')).toBe('note');
    const empty = await verifyRecord(crypto, signedRecord(key, 0));
    expect(empty.valid).toBe(true);
    expect(textOf(empty, 'head')).toBe('本场竞价无出价，链头为链的起点');
  });

  it('one amount changed (yuan and fen, or the yuan only) names that bid', async () => {
    for (const change of [(b: BidRecordAnswer['bids'][number]) => Object.assign(b, { amount: b.amount + 1000, amountFen: b.amountFen + 100_000 }), (b: BidRecordAnswer['bids'][number]) => Object.assign(b, { amount: b.amount + 1 })]) {
      const record = clone(stampedRecord(key, 12));
      change(record.bids[6]!);
      const report = await verifyRecord(crypto, record);
      expect(report.valid).toBe(false);
      expect(report.brokenBid).toEqual({ seq: 7, bidCode: record.bids[6]!.bidCode });
      expect(textOf(report, 'chain')).toBe(`第 7 笔出价（竞买号 ${record.bids[6]!.bidCode}）的金额或内容与哈希不符（记录被改动）`);
      expect(report.title).toBe(`电子竞价记录未通过核验：${textOf(report, 'chain')}`);
      // The head, its signature and the stamp still hold: they are over the stored hashes.
      expect(statusOf(report, 'headSignature')).toBe('pass');
      expect(statusOf(report, 'timestamp')).toBe('pass');
    }
  });

  it('a deleted bid, a swapped pair, a cut tail and a moved head are refused', async () => {
    const deleted = clone(signedRecord(key, 6));
    deleted.bids.splice(2, 1);
    expect(textOf(await verifyRecord(crypto, deleted), 'chain')).toMatch(/^缺少第 3 笔出价（被删除）/);

    const swapped = clone(signedRecord(key, 6));
    [swapped.bids[2]!.seq, swapped.bids[3]!.seq] = [4, 3];
    const swapReport = await verifyRecord(crypto, swapped);
    expect(swapReport.valid).toBe(false);
    expect(swapReport.brokenBid?.seq).toBe(3);

    const cut = clone(signedRecord(key, 6));
    cut.bids.pop();
    const cutReport = await verifyRecord(crypto, cut);
    expect(statusOf(cutReport, 'chain')).toBe('fail');
    expect(statusOf(cutReport, 'head')).toBe('fail');

    // Cutting the tail and moving the head with it: the head's signature no longer holds.
    const moved = clone(cut);
    moved.head = { seq: 5, hash: moved.bids[4]!.hash };
    const movedReport = await verifyRecord(crypto, moved);
    expect(statusOf(movedReport, 'chain')).toBe('pass');
    expect(statusOf(movedReport, 'headSignature')).toBe('fail');
    expect(movedReport.title).toContain('链头签名无效');
  });

  it('another key: the key id, the signature and the published key say so', async () => {
    const other = exchangeKey();
    const forged = { ...signedRecord(other, 3), keyId: key.keyId };
    const report = await verifyRecord(crypto, forged, { publishedKey: key.publicKey });
    expect(statusOf(report, 'keyId')).toBe('fail');
    expect(statusOf(report, 'publishedKey')).toBe('fail');
    const resigned = await verifyRecord(crypto, { ...signedRecord(key, 3), headSignature: signedRecord(other, 3).headSignature });
    expect(statusOf(resigned, 'headSignature')).toBe('fail');
    const noted = await verifyRecord(crypto, signedRecord(key, 1), { publishedKeyNote: '未能取得交易所公布的公钥' });
    expect(statusOf(noted, 'publishedKey')).toBe('note');
    expect(noted.valid).toBe(true);
  });

  it('a timestamp of another head, a changed TSTInfo or a bad TSA signature is refused', async () => {
    const record = stampedRecord(key, 4);
    const otherHead = { ...record, timestamp: { ...record.timestamp!, token: timeStampToken(tsa(), 'ab'.repeat(32), GEN_TIME).toString('base64') } };
    expect(textOf(await verifyRecord(crypto, otherHead), 'timestamp')).toMatch(/^时间戳所盖的摘要与链头不符/);

    const claimed = { ...record, timestamp: { ...record.timestamp!, genTime: GEN_TIME - 3_600_000 } };
    expect(textOf(await verifyRecord(crypto, claimed), 'timestamp')).toMatch(/^记录所述的时间（2026-11-29 09:31:05.123）与时间戳令牌中的时间/);

    // One byte of the genTime inside the token: the messageDigest no longer fits.
    const token = base64ToBytes(record.timestamp!.token);
    const at = Buffer.from(token).indexOf('20261129023105.123Z');
    token[at + 13] = '6'.charCodeAt(0);
    const changed = await verifyRecord(crypto, { ...record, timestamp: { ...record.timestamp!, token: bytesToBase64(token), genTime: GEN_TIME + 1000 } });
    expect(textOf(changed, 'timestamp')).toBe('时间戳：2026-11-29 10:31:06.123 由 HBCQ Test TSA 签发，与链头一致');
    expect(textOf(changed, 'timestampSignature')).toBe('时间戳内容（TSTInfo）与其签名属性中的摘要不符（时间戳被改动）');

    // The signature's last byte.
    const signed = base64ToBytes(record.timestamp!.token);
    const sigEnd = signed.length - 1;
    signed[sigEnd] = signed[sigEnd]! ^ 1;
    const badSig = await verifyRecord(crypto, { ...record, timestamp: { ...record.timestamp!, token: bytesToBase64(signed) } });
    expect(textOf(badSig, 'timestampSignature')).toBe('时间戳机构（HBCQ Test TSA）的签名无效');

    const garbage = await verifyRecord(crypto, { ...record, timestamp: { ...record.timestamp!, token: 'AAAA' } });
    expect(textOf(garbage, 'timestamp')).toMatch(/^时间戳无法解析/);
  });
});

describe('a token OpenSSL made (ECDSA P-256, ESSCertIDv2, accuracy, nonce, TSA name)', () => {
  it('holds for its head, signature checked with WebCrypto ECDSA', async () => {
    const record = signedRecord(key, 3);
    const timestamp = { hashAlgorithm: 'SHA-256' as const, imprint: OPENSSL_IMPRINT, genTime: Date.UTC(2026, 10, 29, 9, 22, 35), tsa: 'OpenSSL Test TSA', token: OPENSSL_TOKEN, certificate: OPENSSL_TSA_CERT };
    const report = await verifyRecord(crypto, { ...record, timestamp });
    expect(report.checks.filter((c) => c.status !== 'pass')).toEqual([]);
    expect(textOf(report, 'timestamp')).toBe('时间戳：2026-11-29 17:22:35.000 由 OpenSSL Test TSA 签发，与链头一致');
    // The same token on a record with another head: refused.
    const other = await verifyRecord(crypto, { ...signedRecord(key, 4), timestamp });
    expect(statusOf(other, 'timestamp')).toBe('fail');
    // The certificate of another TSA: its key does not verify the signature.
    const wrongCert = await verifyRecord(crypto, { ...record, timestamp: { ...timestamp, certificate: tsa().certificateDer.toString('base64') } });
    expect(statusOf(wrongCert, 'timestampSignature')).toBe('fail');
  });
});

describe('verifyReceipt', () => {
  it('a receipt holds alone, and is found in the record’s chain', async () => {
    const record = signedRecord(key, 5);
    const receipt = receiptFile(key, record, 2);
    const alone = await verifyReceipt(crypto, receipt, { recordNote: '竞价尚未结束' });
    expect(alone.valid).toBe(true);
    expect(textOf(alone, 'receiptSignature')).toBe(`出价凭证签名有效（第 2 笔出价（竞买号 ${receipt.signed.bidCode}），交易所公钥 keyId ${key.keyId}）`);
    expect(statusOf(alone, 'inChain')).toBe('note');
    const withRecord = await verifyReceipt(crypto, receipt, { record });
    expect(withRecord.valid).toBe(true);
    expect(textOf(withRecord, 'inChain')).toBe('凭证的哈希在电子竞价记录的哈希链中（第 2 笔）');
    expect(statusOf(withRecord, 'record.chain')).toBe('pass');
  });

  it('a changed receipt, or one whose bid the record does not hold, is refused', async () => {
    const record = signedRecord(key, 5);
    const receipt = receiptFile(key, record, 2);
    const changed = { ...receipt, signed: { ...receipt.signed, amount: receipt.signed.amount! + 100 } };
    const report = await verifyReceipt(crypto, changed, {});
    expect(statusOf(report, 'receiptSignature')).toBe('fail');
    expect(statusOf(report, 'receiptHash')).toBe('fail');
    const otherRecord = clone(record);
    otherRecord.bids[1]!.hash = 'f'.repeat(64);
    const notIn = await verifyReceipt(crypto, receipt, { record: otherRecord });
    expect(textOf(notIn, 'inChain')).toBe(`电子竞价记录中的第 2 笔出价（竞买号 ${receipt.signed.bidCode}）与凭证不同：记录与凭证不一致`);
    expect(notIn.valid).toBe(false);
  });
});

describe('a sealed offer’s receipt', () => {
  it('signs its own hash without the amount or the previous hash, and is matched to the record after the end', async () => {
    const record = signedRecord(key, 4);
    const open = receiptFile(key, record, 3);
    const signed = { ...open.signed, amount: null, prevHash: null, sealed: true };
    const sealed = { ...open, signed, signature: signText(key, receiptSigningText(signed)) };
    const alone = await verifyReceipt(crypto, sealed, {});
    expect(alone.valid).toBe(true);
    expect(statusOf(alone, 'receiptHash')).toBe('note');
    const withRecord = await verifyReceipt(crypto, sealed, { record });
    expect(textOf(withRecord, 'inChain')).toBe('凭证的哈希在电子竞价记录的哈希链中（第 3 笔）');
    // The offer changed after the opening: the record's bid no longer has the receipt's hash.
    const changed = clone(record);
    changed.bids[2]!.hash = 'e'.repeat(64);
    expect((await verifyReceipt(crypto, sealed, { record: changed })).valid).toBe(false);
  });
});

describe('readVerifyInput', () => {
  it('reads a record, an enveloped record and a receipt file; refuses anything else', () => {
    const record = signedRecord(key, 2);
    expect(readVerifyInput(JSON.stringify(record)).kind).toBe('record');
    expect(readVerifyInput(JSON.stringify({ code: 200, success: true, msg: '', data: record })).kind).toBe('record');
    expect(readVerifyInput(JSON.stringify(receiptFile(key, record, 1), null, 2)).kind).toBe('receipt');
    expect(() => readVerifyInput('{')).toThrow('内容不是有效的 JSON');
    expect(() => readVerifyInput('{"a":1}')).toThrow('内容不是电子竞价记录或出价凭证');
    expect(() => readVerifyInput(JSON.stringify({ ...record, headSignature: 5 }))).toThrow('电子竞价记录缺少或有错误的字段：headSignature');
  });

  it('writes times to the millisecond in China time', () => {
    expect(chinaTimeMs(GEN_TIME)).toBe('2026-11-29 10:31:05.123');
  });
});
