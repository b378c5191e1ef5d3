import { useEffect, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { saveBlob } from '@/lib/saveBlob';
import { getContractPdf } from '../api/contracts';

/** The contract's PDF fetched with the token and shown from an object URL; nothing another user could open. */
export function PdfPreview({ id, name, stamp, height = 560 }: { id: number; name: string; stamp: string; height?: number }) {
  const [state, setState] = useState<{ url: string; blob: Blob } | { error: string } | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const controller = new AbortController();
    let url = '';
    setState(null);
    getContractPdf(id, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ url, blob });
      })
      .catch((err: Error) => {
        if (!controller.signal.aborted) setState({ error: err.message || '合同读取失败' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
    // `stamp` changes when the PDF does (a new signature): fetch again.
  }, [id, stamp]);
  if (state === null) return <Spin tip="正在加载合同…"><div style={{ height: 120 }} /></Spin>;
  if ('error' in state) return <Alert type="error" showIcon title={state.error} />;
  return (
    <div className="contract-pdf">
      <Button onClick={() => saveBlob(state.blob, name)}>下载 PDF</Button>
      <iframe className="contract-pdf__frame" title={`合同 PDF：${name}`} src={`${state.url}#navpanes=0&view=FitH`} style={{ display: 'block', width: '100%', maxWidth: '100%', boxSizing: 'border-box', height, border: '1px solid #eee', marginTop: 8 }} />
    </div>
  );
}

/** Downloads the PDF at once (the list's 下载 action). */
export async function downloadContractPdf(id: number, name: string) {
  saveBlob(await getContractPdf(id), name);
}
