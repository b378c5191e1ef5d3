/**
 * What /verify checks and against what: a file or pasted JSON (a record, a receipt, or one of each) or the
 * record the exchange publishes for an activity. Everything is checked here in the browser with WebCrypto
 * (domain/rules/bidRecordVerify.ts); the server's record is fetched only as the thing to check, to find a
 * receipt's bid in the chain, and to compare a file's public key with the published one.
 */
import type { BidRecordAnswer } from '#domain/contract/bidReceipt';
import { readVerifyInput, verifyReceipt, verifyRecord, type ReceiptFile, type VerifyReport } from '#domain/rules/bidRecordVerify';
import { getBidRecord } from '@/api/resources/get-bid-record';
import { webCrypto } from './webCrypto';

export interface VerifyText {
  /** The file's name, or null for pasted text. */
  name: string | null;
  text: string;
}

export type VerifyJob = { kind: 'texts'; texts: VerifyText[] } | { kind: 'published'; activityId: number };

export interface VerifyOutcome {
  report: VerifyReport;
  /** What was checked, in words. */
  source: string;
  /** The record checked or compared with (for the list of bids). */
  record: BidRecordAnswer | null;
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : '请求失败');

async function published(activityId: number): Promise<{ record: BidRecordAnswer | null; note: string | null }> {
  try {
    return { record: await getBidRecord(activityId), note: null };
  } catch (error) {
    return { record: null, note: errorText(error) };
  }
}

/** Runs one job; rejects with a Chinese message when the input is neither a record nor a receipt. */
export async function runVerification(job: VerifyJob): Promise<VerifyOutcome> {
  const crypto = webCrypto();
  if (job.kind === 'published') {
    const record = await getBidRecord(job.activityId);
    const report = await verifyRecord(crypto, record);
    return { report, source: `交易所公布的竞价活动 ${job.activityId}${record.activityCode ? `（${record.activityCode}）` : ''}的电子竞价记录，已在本浏览器中重新计算核验`, record };
  }
  const inputs = job.texts.map(({ name, text }) => {
    try {
      return { name, input: readVerifyInput(text) };
    } catch (error) {
      throw new Error(`${name ? `文件「${name}」` : '粘贴的内容'}：${errorText(error)}`);
    }
  });
  const recordInput = inputs.find((i) => i.input.kind === 'record');
  const receiptInput = inputs.find((i) => i.input.kind === 'receipt');
  const named = (i: { name: string | null } | undefined) => (i?.name ? `文件「${i.name}」` : '粘贴的内容');
  const fileRecord = recordInput?.input.kind === 'record' ? recordInput.input.record : null;
  if (receiptInput?.input.kind === 'receipt') {
    const receipt: ReceiptFile = receiptInput.input.receipt;
    // With a record given, that one; else the published one (the receipt's bid must be in its chain).
    if (fileRecord) {
      const server = await published(fileRecord.activityId);
      const report = await verifyReceipt(crypto, receipt, { record: fileRecord, publishedKey: server.record?.publicKey, publishedKeyNote: server.note && `未能取得交易所公布的公钥（${server.note}），只依据文件自带的公钥核验` });
      return { report, source: `出价凭证（${named(receiptInput)}）与电子竞价记录（${named(recordInput)}）`, record: fileRecord };
    }
    const server = await published(receipt.signed.activityId);
    const report = await verifyReceipt(crypto, receipt, {
      record: server.record,
      recordNote: server.note && `未能取得竞价活动 ${receipt.signed.activityId} 的电子竞价记录（${server.note}），暂无法核对凭证的哈希是否在哈希链中`,
    });
    return { report, source: `出价凭证（${named(receiptInput)}）${server.record ? '，与交易所公布的电子竞价记录核对' : ''}`, record: server.record };
  }
  if (fileRecord) {
    const server = await published(fileRecord.activityId);
    const report = await verifyRecord(crypto, fileRecord, {
      publishedKey: server.record?.publicKey,
      publishedKeyNote: server.note && `未能取得交易所公布的公钥（${server.note}），只依据文件自带的公钥核验`,
    });
    return { report, source: `电子竞价记录（${named(recordInput)}）`, record: fileRecord };
  }
  throw new Error('请选择电子竞价记录或出价凭证文件');
}
