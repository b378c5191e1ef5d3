import { FileExcelOutlined, FilePdfOutlined, FileTextOutlined, FileWordOutlined, PaperClipOutlined } from '@ant-design/icons';
import { API_BASE } from '@/api/config';
import { formatFileSize } from '#domain/rules/content';
import { type Attachment } from '#domain/contract/content';

export function FileIcon({ type }: { type: string }) {
  if (type === 'pdf') return <FilePdfOutlined className="file-icon file-icon--pdf" />;
  if (type === 'doc' || type === 'docx') return <FileWordOutlined className="file-icon file-icon--word" />;
  if (type === 'xls' || type === 'xlsx') return <FileExcelOutlined className="file-icon file-icon--excel" />;
  return <FileTextOutlined className="file-icon" />;
}

/** The download URL of a stored file (the wire gives its path under the API base). */
export const fileHref = (url: string) => `${API_BASE}${url}`;

export function Attachments({ items }: { items: Attachment[] }) {
  if (items.length === 0) return null;
  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h2 id="attachments-title" className="attachments__title">
        <PaperClipOutlined /> 附件
      </h2>
      <ul>
        {items.map((a) => (
          <li key={a.id}>
            <FileIcon type={a.fileType} />
            <a href={fileHref(a.url)} download={a.fileName}>
              {a.fileName}
            </a>
            <span className="attachments__size">{formatFileSize(a.fileSize)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
