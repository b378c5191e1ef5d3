import '@/styles/verify.css';
import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { bidRecordFileName, bidRecordPdfUrl, getBidRecord } from '@/api/resources/get-bid-record';
import { saveBlob } from '@/lib/saveBlob';

/**
 * 电子竞价记录 of an ended activity, where a bidder reading the result looks (the lot's page, the room): 下载
 * JSON (the public record as served: bids, hash chain, signed head, timestamp), 下载 PDF (the signed PDF) and
 * 在线核验 (the verification page, which fetches the record itself and checks it in the browser).
 * docs/bidding.md "The bid record".
 */
export function BidRecordLinks({ activityId, verifyLink = true }: { activityId: number; /** Off on the verification page itself. */ verifyLink?: boolean }) {
  const [saving, setSaving] = useState(false);
  const download = async () => {
    setSaving(true);
    try {
      // A refusal (409 before the end, a network failure) is shown by the HTTP client's catalogue.
      const record = await getBidRecord(activityId);
      saveBlob(new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' }), bidRecordFileName(record));
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="bid-record-links" role="group" aria-labelledby={`bid-record-links-${activityId}`} data-testid="bid-record-links">
      <span className="bid-record-links__label" id={`bid-record-links-${activityId}`}>
        电子竞价记录
      </span>
      <Button size="small" icon={<DownloadOutlined />} loading={saving} onClick={() => void download()}>
        下载 JSON
      </Button>
      <Button size="small" icon={<FilePdfOutlined />} href={bidRecordPdfUrl(activityId)} download>
        下载 PDF
      </Button>
      {verifyLink && (
        <Button size="small" type="link" icon={<SafetyCertificateOutlined />} href={`#/verify?activityId=${activityId}`}>
          在线核验
        </Button>
      )}
    </div>
  );
}
