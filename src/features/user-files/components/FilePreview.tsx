import { Alert, Button, Modal, Spin } from 'antd';
import type { LibraryFile } from '#domain/contract/userFiles';
import { PdfView } from '@/components/PdfView';
import { saveBlob } from '@/lib/saveBlob';
import { useFetchedFile } from '@/lib/useFetchedFile';
import { getFileBlob } from '../api/get-file-blob';

export { saveBlob };


/**
 * The preview of one file: the owner's bytes fetched with the token, shown from an object URL (an image,
 * or the browser's PDF viewer in a frame); nothing is served from a URL another user could open.
 */
export function FilePreview({ file, onClose }: { file: (Pick<LibraryFile, 'fileId' | 'name'> & { contentType?: LibraryFile['contentType'] }) | null; onClose: () => void }) {
  // The server's content type (decided by the bytes at upload) wins over what the caller knew.
  const state = useFetchedFile(file, file && ((signal) => getFileBlob(file.fileId, signal)), {
    type: (blob) => blob.type || file?.contentType || 'application/octet-stream',
    failed: '文件读取失败',
  });
  const pdf = state !== null && 'blob' in state && state.blob.type === 'application/pdf';
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
      {state && 'url' in state && file && pdf && (
        <PdfView blob={state.blob} url={state.url} title={`PDF 预览：${file.name}`} style={{ width: '100%', height: 600, border: '1px solid #eee' }} />
      )}
      {state && 'url' in state && file && !pdf && (
        <img alt={file.name} src={state.url} style={{ maxWidth: '100%', maxHeight: 600, display: 'block', margin: '0 auto' }} />
      )}
    </Modal>
  );
}
