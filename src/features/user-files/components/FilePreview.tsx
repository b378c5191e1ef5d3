import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Spin } from 'antd';
import type { LibraryFile } from '#domain/contract/userFiles';
import { PdfView } from '@/components/PdfView';
import { saveBlob } from '@/lib/saveBlob';
import { getFileBlob } from '../api/get-file-blob';

export { saveBlob };


/**
 * The preview of one file: the owner's bytes fetched with the token, shown from an object URL (an image,
 * or the browser's PDF viewer in a frame); nothing is served from a URL another user could open.
 */
export function FilePreview({ file, onClose }: { file: (Pick<LibraryFile, 'fileId' | 'name'> & { contentType?: LibraryFile['contentType'] }) | null; onClose: () => void }) {
  const [state, setState] = useState<{ url: string; blob: Blob; pdf: boolean } | { error: string } | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const controller = new AbortController();
    let url = '';
    setState(null);
    getFileBlob(file.fileId, controller.signal)
      .then((blob) => {
        // The server's content type (decided by the bytes at upload) wins over what the caller knew.
        const type = blob.type || file.contentType || 'application/octet-stream';
        url = URL.createObjectURL(new Blob([blob], { type }));
        setState({ url, blob, pdf: type === 'application/pdf' });
      })
      .catch((err: Error) => {
        if (!controller.signal.aborted) setState({ error: err.message || '文件读取失败' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);
  return (
    <Modal
      open={file !== null}
      title={file ? `预览：${file.name}` : ''}
      onCancel={onClose}
      width={860}
      destroyOnHidden
      footer={[
        <Button key="download" disabled={!state || 'error' in state} onClick={() => state && 'blob' in state && file && saveBlob(state.blob, file.name)}>
          下载
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {state === null && <Spin tip="正在加载…"><div style={{ height: 120 }} /></Spin>}
      {state && 'error' in state && <Alert type="error" showIcon title={state.error} />}
      {state && 'url' in state && file && state.pdf && (
        <PdfView blob={state.blob} url={state.url} title={`PDF 预览：${file.name}`} style={{ width: '100%', height: 600, border: '1px solid #eee' }} />
      )}
      {state && 'url' in state && file && !state.pdf && (
        <img alt={file.name} src={state.url} style={{ maxWidth: '100%', maxHeight: 600, display: 'block', margin: '0 auto' }} />
      )}
    </Modal>
  );
}
