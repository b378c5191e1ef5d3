/** A submission's files: each downloaded with the staff token (QUEUE_PATHS.file, audited as file.read). */
import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { StaffFileLink } from '#domain/contract/staffQueues';
import { openStaffFile } from '../api/queues';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function StaffFiles({ files }: { files: readonly StaffFileLink[] }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  if (files.length === 0) return <Typography.Text type="secondary">无文件</Typography.Text>;
  const open = async (file: StaffFileLink) => {
    setBusy(file.fileId);
    try {
      await openStaffFile(file);
    } catch (error) {
      void message.error(error instanceof Error ? `文件下载失败：${error.message}` : '文件下载失败');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space orientation="vertical" size={4}>
      {files.map((file) => (
        <Space key={file.fileId}>
          <span>{file.name}</span>
          <Typography.Text type="secondary" className="console-small">
            {size(file.size)}
          </Typography.Text>
          <Button size="small" icon={<DownloadOutlined />} loading={busy === file.fileId} onClick={() => void open(file)}>
            下载查看
          </Button>
        </Space>
      ))}
    </Space>
  );
}
