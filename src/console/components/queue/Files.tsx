/**
 * Users' uploads in a queue's detail: each file with its name, size and 下载 (a blob fetched with the staff
 * token, saved under its name), pictures also shown (fetched the same way: the file route wants the token,
 * so no plain <img src>).
 */
import { useEffect, useState } from 'react';
import { App, Button, Empty, Image, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { StaffFileLink } from '#domain/contract/staffQueues';
import { saveBlob } from '@/lib/saveBlob';
import { getStaffBlob } from './api';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** An object URL of a blob for as long as the component shows it. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

/** A picture the server sends only with the staff token. */
export function BlobImage({ path, params, alt, width = 320 }: { path: string; params?: Record<string, string | number>; alt: string; width?: number }) {
  const query = useQuery({ queryKey: ['staff', 'blob', path, params ?? {}], queryFn: () => getStaffBlob(path, params), staleTime: 5 * 60_000 });
  const url = useObjectUrl(query.data);
  if (query.isPending) return <Spin size="small" />;
  if (query.isError) return <Typography.Text type="danger">图片读取失败：{query.error.message}</Typography.Text>;
  return url ? <Image src={url} alt={alt} width={width} className="queue-picture" /> : <Typography.Text type="secondary">{alt}</Typography.Text>;
}

export function FileList({ files, empty = '未上传文件', preview = true }: { files: readonly StaffFileLink[]; empty?: string; preview?: boolean }) {
  const { message } = App.useApp();
  const [loading, setLoading] = useState<string | null>(null);
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const download = async (file: StaffFileLink) => {
    setLoading(file.fileId);
    try {
      saveBlob(await getStaffBlob(file.path), file.name);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '文件读取失败');
    } finally {
      setLoading(null);
    }
  };
  return (
    <ul className="queue-files" aria-label="附件">
      {files.map((file) => (
        <li key={file.fileId}>
          <Space wrap>
            <PaperClipOutlined />
            <span>{file.name}</span>
            <Typography.Text type="secondary" className="tabular">
              {sizeText(file.size)}
            </Typography.Text>
            <Button size="small" icon={<DownloadOutlined />} loading={loading === file.fileId} onClick={() => void download(file)} aria-label={`下载 ${file.name}`}>
              下载
            </Button>
          </Space>
          {preview && file.contentType.startsWith('image/') && (
            <div className="queue-files__preview">
              <BlobImage path={file.path} alt={file.name} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
