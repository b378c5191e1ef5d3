import { useEffect, useState } from 'react';
import { Alert, App as AntdApp, Avatar, Button, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '@/api/resources/upload-file';
import { useSession } from '@/lib/session';
import { updateAvatar } from '../api/post-update-avatar';
import { AccountPanel } from '../components/AccountPanel';
import { refreshStoredUser } from '../refreshUser';
import { AVATAR_EXTENSIONS, checkUpload } from '../upload';
import '@/styles/auth.css';

export const AVATAR_SAVED = '头像修改成功';

/** A local preview URL of the chosen file, revoked when it changes or the page closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** /memberEditHead: choose an image (types and size checked here too), preview it, save it as the avatar. */
export function MemberEditHeadPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { message } = AntdApp.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const preview = usePreview(file);

  const save = async () => {
    if (!file) return;
    setSaving(true);
    try {
      const stored = await uploadFile(file);
      await updateAvatar(stored.fileId);
      await refreshStoredUser(queryClient);
      setFile(null);
      void message.success(AVATAR_SAVED);
    } catch {
      // The catalogue showed the server's msg.
    } finally {
      setSaving(false);
    }
  };

  return (
    <AccountPanel title="修改头像">
      <div className="avatar-editor">
        <figure className="avatar-editor__figure">
          <Avatar size={120} src={preview ?? (user?.headImg || undefined)} icon={<UserOutlined />} alt="头像预览" />
          <figcaption>{preview ? '新头像预览' : '当前头像'}</figcaption>
        </figure>
        <div className="avatar-editor__side">
          <p className="avatar-editor__hint">支持PNG、JPG格式的图片，大小不超过10MB，建议使用正方形图片。</p>
          {problem && <Alert type="error" showIcon title={problem} role="alert" className="avatar-editor__problem" />}
          <Space>
            <Upload
              accept={AVATAR_EXTENSIONS.join(',')}
              showUploadList={false}
              beforeUpload={(chosen) => {
                const reason = checkUpload(chosen, 'avatar');
                setProblem(reason);
                if (!reason) setFile(chosen);
                // Never upload on choice: the user saves the previewed image explicitly.
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>选择图片</Button>
            </Upload>
            <Button type="primary" disabled={!file} loading={saving} onClick={() => void save()}>
              保存头像
            </Button>
            {file && (
              <Button onClick={() => setFile(null)} disabled={saving}>
                取消
              </Button>
            )}
          </Space>
        </div>
      </div>
    </AccountPanel>
  );
}
