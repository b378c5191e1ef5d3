import { useState } from 'react';
import { Alert, App, Button, Spin } from 'antd';
import { saveBlob } from '@/lib/saveBlob';
import { useFetchedFile } from '@/lib/useFetchedFile';
import { PdfView } from '@/components/PdfView';
import { getContractPdf } from '../api/contracts';

const PDF = 'application/pdf';

/**
 * The contract's PDF fetched with the token and shown from an object URL; nothing another user could open.
 * 下载 PDF stays in place while the preview reloads (a new signature), and saves the PDF as the server has
 * it at the click: one signed a moment ago is never downloaded without its newest signature.
 */
export function PdfPreview({ id, name, stamp, height = 560 }: { id: number; name: string; stamp: string; height?: number }) {
  const { message } = App.useApp();
  // `stamp` changes when the PDF does (a new signature): fetch again.
  const state = useFetchedFile(`${id}/${stamp}`, (signal) => getContractPdf(id, signal), { type: () => PDF, failed: '合同读取失败' });
  const [saving, setSaving] = useState(false);
  const download = () => {
    setSaving(true);
    downloadContractPdf(id, name)
      .catch((e: Error) => void message.error(e.message || '下载失败'))
      .finally(() => setSaving(false));
  };
  return (
    <div className="contract-pdf">
      <Button onClick={download} loading={saving}>
        下载 PDF
      </Button>
      {state === null ? (
        <Spin description="正在加载合同…">
          <div style={{ height: 120 }} />
        </Spin>
      ) : 'error' in state ? (
        <Alert type="error" showIcon title={state.error} style={{ marginTop: 8 }} />
      ) : (
        <PdfView
          blob={state.blob}
          url={`${state.url}#navpanes=0&view=FitH`}
          title={`合同 PDF：${name}`}
          className="contract-pdf__frame"
          style={{ display: 'block', width: '100%', maxWidth: '100%', boxSizing: 'border-box', height, border: '1px solid #eee', marginTop: 8 }}
        />
      )}
    </div>
  );
}

/** Downloads the PDF at once (the list's 下载 action, and the preview's). */
export async function downloadContractPdf(id: number, name: string) {
  saveBlob(await getContractPdf(id), name);
}
