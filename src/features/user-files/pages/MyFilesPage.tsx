import { useState } from 'react';
import { FileImageOutlined, FilePdfOutlined, FolderOutlined } from '@ant-design/icons';
import { App, Breadcrumb, Button, Input, Modal, Popconfirm, Progress, Select, Space, Table, Tag, Upload } from 'antd';
import { useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { cardColumns, TABLE_CARDS } from '@/components/phoneCards';
import { folderNameProblem, formatBytes, invisibleCharactersProblem } from '#domain/rules/userFiles';
import { type FolderItem, type LibraryFile } from '#domain/contract/userFiles';
import { useFolder } from '../api/get-folder';
import { useFolderChoices } from '../api/get-folder-choices';
import { getFileBlob } from '../api/get-file-blob';
import { createFolder, deleteFile, deleteFolder, moveFile, moveFolder, renameFile, renameFolder } from '../api/file-commands';
import { uploadLibraryFile } from '../api/upload-library-file';
import { FilePreview, saveBlob } from '../components/FilePreview';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const TYPE_TEXT: Record<LibraryFile['contentType'], string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

type Row = { key: string; kind: 'folder'; folder: FolderItem } | { key: string; kind: 'file'; file: LibraryFile };
type NameDialog = { mode: 'newFolder' } | { mode: 'renameFolder'; folder: FolderItem } | { mode: 'renameFile'; file: LibraryFile };
type MoveDialog = { mode: 'folder'; folder: FolderItem } | { mode: 'file'; file: LibraryFile };

/** The browser's first check (the server decides by the bytes): a Chinese message, or null. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  const invisible = invisibleCharactersProblem(file.name);
  if (invisible) return invisible;
  if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) return '仅支持上传 PDF、JPEG、PNG 文件';
  if (file.size > MAX_BYTES) return '文件大小不能超过10MB';
  if (file.size === 0) return '文件内容为空';
  return null;
}

/** /myFiles (the root) and /usercenter/files/children?folderId=: one folder of 我的文件. */
export function MyFilesPage() {
  const { folderId } = useSearch({ strict: false }) as { folderId?: number };
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useFolder(folderId);
  const [preview, setPreview] = useState<LibraryFile | null>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [name, setName] = useState('');
  const [moveDialog, setMoveDialog] = useState<MoveDialog | null>(null);
  const [target, setTarget] = useState<number | 0>(0);
  const choices = useFolderChoices(moveDialog !== null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['user-files'] });

  const upload = useMutation({
    mutationFn: (file: File) => uploadLibraryFile(file, folderId),
    onSuccess: (f) => {
      void message.success(`已上传：${f.name}`);
      void refresh();
    },
  });
  const command = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      void message.success('操作成功');
      setNameDialog(null);
      setMoveDialog(null);
      void refresh();
    },
  });

  const nameLabel = nameDialog?.mode === 'renameFile' ? '文件名称' : '文件夹名称';
  const nameError = nameDialog ? folderNameProblem(name, nameLabel) : null;
  const openName = (d: NameDialog) => {
    setName(d.mode === 'renameFolder' ? d.folder.name : d.mode === 'renameFile' ? d.file.name : '');
    setNameDialog(d);
  };
  const saveName = () => {
    if (!nameDialog || nameError) return;
    const value = name.trim();
    command.mutate(() =>
      nameDialog.mode === 'newFolder'
        ? createFolder(value, folderId ?? null)
        : nameDialog.mode === 'renameFolder'
          ? renameFolder(nameDialog.folder.id, value)
          : renameFile(nameDialog.file.fileId, value),
    );
  };
  const openMove = (d: MoveDialog) => {
    setTarget((d.mode === 'folder' ? d.folder.parentId : d.file.folderId) ?? 0);
    setMoveDialog(d);
  };
  const saveMove = () => {
    if (!moveDialog) return;
    const to = target === 0 ? null : target;
    command.mutate(() => (moveDialog.mode === 'folder' ? moveFolder(moveDialog.folder.id, to) : moveFile(moveDialog.file.fileId, to)));
  };
  const download = (f: LibraryFile) =>
    getFileBlob(f.fileId)
      .then((blob) => saveBlob(blob, f.name))
      .catch((err: Error) => void message.error(err.message));

  return (
    <UserCentreFrame
      title="我的文件"
      extra={
        <Space>
          <a href="#/usercenter/files/list">全部文件</a>
          <Button onClick={() => openName({ mode: 'newFolder' })}>新建文件夹</Button>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = uploadProblem(file);
              if (problem) {
                void message.error(problem);
                return Upload.LIST_IGNORE;
              }
              upload.mutate(file);
              return false;
            }}
          >
            <Button type="primary" loading={upload.isPending}>
              上传文件
            </Button>
          </Upload>
        </Space>
      }
    >
      <QueryState query={query} isEmpty={() => false}>
        {(listing) => {
          const rows: Row[] = [
            ...listing.folders.map((folder): Row => ({ key: `d${folder.id}`, kind: 'folder', folder })),
            ...listing.files.map((file): Row => ({ key: `f${file.fileId}`, kind: 'file', file })),
          ];
          const percent = Math.min(100, Math.round((listing.usage.usedBytes / listing.usage.quotaBytes) * 1000) / 10);
          return (
            <>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12, gap: 16 }}>
                <Breadcrumb
                  items={[
                    { title: <a href="#/myFiles">我的文件</a> },
                    ...listing.path.map((f, i) => ({
                      title: i === listing.path.length - 1 ? f.name : <a href={`#/usercenter/files/children?folderId=${f.id}`}>{f.name}</a>,
                    })),
                  ]}
                />
                <div style={{ width: 280 }} aria-label="存储空间">
                  <Progress aria-label="存储空间使用比例" percent={percent} size="small" status={percent >= 90 ? 'exception' : 'normal'} showInfo={false} />
                  <span style={{ fontSize: 12, color: '#666' }}>
                    已使用 {formatBytes(listing.usage.usedBytes)} / 共 {formatBytes(listing.usage.quotaBytes)}
                  </span>
                </div>
              </div>
              <Table<Row>
                className={TABLE_CARDS}
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={rows}
                locale={{ emptyText: '此文件夹为空，可上传 PDF、JPEG、PNG 文件（单个不超过10MB）' }}
                columns={cardColumns<Row>([
                  {
                    title: '名称',
                    key: 'name',
                    card: 'title',
                    render: (_, r) =>
                      r.kind === 'folder' ? (
                        <a href={`#/usercenter/files/children?folderId=${r.folder.id}`}>
                          <FolderOutlined aria-hidden style={{ color: '#d4a106', marginRight: 6 }} />
                          {r.folder.name}
                        </a>
                      ) : (
                        <a onClick={() => setPreview(r.file)} role="button">
                          {r.file.contentType === 'application/pdf' ? (
                            <FilePdfOutlined aria-hidden style={{ color: '#c0392b', marginRight: 6 }} />
                          ) : (
                            <FileImageOutlined aria-hidden style={{ color: '#1f6fd0', marginRight: 6 }} />
                          )}
                          {r.file.name}
                        </a>
                      ),
                  },
                  { title: '类型', key: 'type', width: 90, render: (_, r) => (r.kind === 'folder' ? '文件夹' : <Tag>{TYPE_TEXT[r.file.contentType]}</Tag>) },
                  { title: '大小', key: 'size', width: 100, render: (_, r) => (r.kind === 'folder' ? '—' : formatBytes(r.file.size)) },
                  { title: '创建时间', key: 'time', width: 170, render: (_, r) => (r.kind === 'folder' ? r.folder.createTime : r.file.createTime) },
                  {
                    title: '操作',
                    key: 'op',
                    width: 250,
                    card: 'actions',
                    render: (_, r) => (
                      <Space size="small">
                        {r.kind === 'file' && <a onClick={() => setPreview(r.file)}>预览</a>}
                        {r.kind === 'file' && <a onClick={() => void download(r.file)}>下载</a>}
                        <a onClick={() => (r.kind === 'folder' ? openName({ mode: 'renameFolder', folder: r.folder }) : openName({ mode: 'renameFile', file: r.file }))}>重命名</a>
                        <a onClick={() => (r.kind === 'folder' ? openMove({ mode: 'folder', folder: r.folder }) : openMove({ mode: 'file', file: r.file }))}>移动</a>
                        <Popconfirm
                          title={r.kind === 'folder' ? `删除文件夹“${r.folder.name}”？` : `删除文件“${r.file.name}”？`}
                          description={r.kind === 'file' ? '删除后不能恢复；凭证、申诉、报名等仍在使用的文件不能删除' : '只能删除空文件夹'}
                          okText="删除"
                          cancelText="取消"
                          onConfirm={() => command.mutate(() => (r.kind === 'folder' ? deleteFolder(r.folder.id) : deleteFile(r.file.fileId)))}
                        >
                          <a style={{ color: '#d4380d' }}>删除</a>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ])}
              />
            </>
          );
        }}
      </QueryState>
      <Modal
        open={nameDialog !== null}
        title={nameDialog?.mode === 'newFolder' ? '新建文件夹' : '重命名'}
        okText="确定"
        cancelText="取消"
        onOk={saveName}
        okButtonProps={{ disabled: nameError !== null, loading: command.isPending }}
        onCancel={() => setNameDialog(null)}
        destroyOnHidden
      >
        <Input aria-label={nameLabel} placeholder={`请输入${nameLabel}`} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} onPressEnter={saveName} autoFocus />
        {nameError && name !== '' && <div style={{ color: '#d4380d', marginTop: 6 }}>{nameError}</div>}
      </Modal>
      <Modal
        open={moveDialog !== null}
        title="移动到"
        okText="移动"
        cancelText="取消"
        onOk={saveMove}
        okButtonProps={{ loading: command.isPending }}
        onCancel={() => setMoveDialog(null)}
        destroyOnHidden
      >
        <Select
          aria-label="目标文件夹"
          style={{ width: '100%' }}
          value={target}
          loading={choices.isPending}
          onChange={(v) => setTarget(v)}
          options={[
            { value: 0, label: '我的文件（根目录）' },
            ...(choices.data ?? []).filter((c) => moveDialog?.mode !== 'folder' || c.id !== moveDialog.folder.id).map((c) => ({ value: c.id, label: c.path })),
          ]}
        />
      </Modal>
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </UserCentreFrame>
  );
}
