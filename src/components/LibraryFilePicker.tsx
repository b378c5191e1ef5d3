import { useState } from 'react';
import { App, Button, Select, Space, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { LibraryFile } from '#domain/contract/userFiles';
import { libraryUploadProblem, uploadToLibrary, useLibraryFiles } from '@/api/resources/library-files';

/**
 * One file of the user's 我的文件: chosen from the list, or uploaded now (it goes into 我的文件 too, typed by
 * its bytes on the server) and chosen. A form control: `value` is the file id.
 */
export function LibraryFilePicker({ value, onChange, ariaLabel, placeholder = '从“我的文件”中选择' }: { value?: string; onChange?: (fileId: string | undefined, file?: LibraryFile) => void; ariaLabel: string; placeholder?: string }) {
  const files = useLibraryFiles();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    const problem = libraryUploadProblem(file);
    if (problem) {
      void message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const saved = await uploadToLibrary(file);
      queryClient.setQueryData<LibraryFile[]>(['user-files', 'all'], (old) => [saved, ...(old ?? []).filter((f) => f.fileId !== saved.fileId)]);
      void queryClient.invalidateQueries({ queryKey: ['user-files'] });
      void message.success(`已上传：${saved.name}`);
      onChange?.(saved.fileId, saved);
    } catch {
      // The catalogue showed the server's message (type, quota).
    } finally {
      setUploading(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        aria-label={ariaLabel}
        value={value}
        placeholder={placeholder}
        loading={files.isPending}
        showSearch
        optionFilterProp="label"
        style={{ flex: 1, minWidth: 0 }}
        onChange={(id: string) => onChange?.(id, files.data?.find((f) => f.fileId === id))}
        options={(files.data ?? []).map((f) => ({ value: f.fileId, label: f.folderPath ? `${f.folderPath} / ${f.name}` : f.name }))}
      />
      <Upload
        accept=".pdf,.jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button loading={uploading}>上传新文件</Button>
      </Upload>
    </Space.Compact>
  );
}
