import { useState } from 'react';
import { Input, Segmented, Space, Table, Tag } from 'antd';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { cardColumns, TABLE_CARDS } from '@/components/phoneCards';
import { formatBytes } from '#domain/rules/userFiles';
import { type LibraryFile } from '#domain/contract/userFiles';
import { useAllFiles } from '../api/get-all-files';
import { FilePreview } from '../components/FilePreview';
import type { FileListSearch } from '../search';

const TYPE_TEXT: Record<LibraryFile['contentType'], string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/** /usercenter/files/list: every file of 我的文件 in one list, filtered by name and type. */
export function AllFilesPage() {
  const { q, type } = useSearch({ strict: false }) as FileListSearch;
  const navigate = useNavigate();
  const query = useAllFiles();
  const [preview, setPreview] = useState<LibraryFile | null>(null);
  const go = (next: FileListSearch) => {
    const params = new URLSearchParams();
    if (next.q) params.set('q', next.q);
    if (next.type) params.set('type', next.type);
    const text = params.toString();
    void navigate({ href: `/usercenter/files/list${text ? `?${text}` : ''}` });
  };
  return (
    <UserCentreFrame title="全部文件" extra={<a href="#/myFiles">返回我的文件</a>}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="按名称查找" placeholder="按文件名称查找" allowClear defaultValue={q} style={{ width: 260 }} maxLength={50} onSearch={(v) => go({ q: v.trim() || undefined, type })} />
        <Segmented
          value={type ?? 'all'}
          options={[
            { value: 'all', label: '全部' },
            { value: 'pdf', label: 'PDF' },
            { value: 'image', label: '图片' },
          ]}
          onChange={(v) => go({ q, type: v === 'all' ? undefined : (v as 'pdf' | 'image') })}
        />
      </Space>
      <QueryState query={query} isEmpty={(files) => files.length === 0} emptyHint="可在“我的文件”中上传">
        {(files) => {
          const shown = files.filter(
            (f) =>
              (!q || f.name.toLowerCase().includes(q.toLowerCase())) &&
              (!type || (type === 'pdf' ? f.contentType === 'application/pdf' : f.contentType !== 'application/pdf')),
          );
          return (
            <Table<LibraryFile>
              className={TABLE_CARDS}
              size="small"
              rowKey="fileId"
              dataSource={shown}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: '没有符合条件的文件' }}
              columns={cardColumns<LibraryFile>([
                { title: '名称', dataIndex: 'name', card: 'title', render: (v: string, f) => <a onClick={() => setPreview(f)}>{v}</a> },
                {
                  title: '所在文件夹',
                  dataIndex: 'folderPath',
                  render: (v: string, f) => <a href={f.folderId ? `#/usercenter/files/children?folderId=${f.folderId}` : '#/myFiles'}>{v || '我的文件'}</a>,
                },
                { title: '类型', dataIndex: 'contentType', width: 80, render: (v: LibraryFile['contentType']) => <Tag>{TYPE_TEXT[v]}</Tag> },
                { title: '大小', dataIndex: 'size', width: 90, render: (v: number) => formatBytes(v) },
                { title: '上传时间', dataIndex: 'createTime', width: 170 },
              ])}
            />
          );
        }}
      </QueryState>
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </UserCentreFrame>
  );
}
