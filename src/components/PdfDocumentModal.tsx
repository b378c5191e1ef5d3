import { Alert, Button, Modal, Spin } from 'antd';
import { saveBlob } from '@/lib/saveBlob';
import { useFetchedFile } from '@/lib/useFetchedFile';
import { PdfView } from './PdfView';

/**
 * A document the exchange issues as PDF (成交确认书, invoice): the caller's bytes fetched with the token (never
 * a URL another user could open), shown from an object URL (components/PdfView: the browser's viewer, a
 * phone's pages drawn at its width), with a download.
 * `load` is the fetch; null keeps the dialog closed.
 */
export function PdfDocumentModal({ title, fileName, load, onClose }: { title: string; fileName: string; load: ((signal: AbortSignal) => Promise<Blob>) | null; onClose: () => void }) {
  const state = useFetchedFile(load, load, { type: () => 'application/pdf', failed: '文件读取失败' });
  const download = () => state && 'blob' in state && saveBlob(state.blob, fileName);
  return (
    <Modal
      open={load !== null}
      title={title}
      width={860}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="download" disabled={!state || !('blob' in state)} onClick={download}>
          下载 PDF
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {state === null && (
        <Spin tip="正在生成…">
          <div style={{ height: 120 }} />
        </Spin>
      )}
      {state && 'error' in state && <Alert type="error" showIcon title={state.error} />}
      {state && 'url' in state && <PdfView blob={state.blob} url={state.url} title={title} className="deal__letter" />}
    </Modal>
  );
}
