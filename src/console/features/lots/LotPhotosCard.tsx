/**
 * A draft's photo gallery (项目图片): JPG, PNG or WebP up to 10 MB each (the server checks the bytes and makes
 * the thumbnail and display sizes), shown through the staff token; 设为封面 chooses the cover the portal's
 * cards show, 删除 removes one. The photos are published with the draft (four eyes).
 */
import { App, Button, Card, Empty, Popconfirm, Space, Tag, Upload } from 'antd';
import { STAFF_LOT_PATHS, type StaffLotDetail } from '#domain/contract/staffLots';
import { BlobImage } from '../../components/queue/Files';
import { useLotPhotoAction, useUploadLotPhoto } from './api';

const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function LotPhotosCard({ lot }: { lot: StaffLotDetail }) {
  const { message } = App.useApp();
  const upload = useUploadLotPhoto();
  const act = useLotPhotoAction();
  const draftId = lot.draftId!;
  const photos = lot.photos ?? [];
  const send = async (file: File) => {
    // The server decides (by the bytes); these only spare a pointless upload.
    if (file.type && !TYPES.includes(file.type)) return void message.error('仅支持 JPG、PNG、WebP 格式的图片');
    if (file.size > MAX_BYTES) return void message.error('图片不能超过 10MB');
    try {
      const done = await upload.mutateAsync({ draftId, file });
      void message.success(`已上传：${done.fileName}`);
    } catch {
      // the client showed the server's text
    }
  };
  return (
    <Card
      title={`项目图片（${photos.length}）`}
      size="small"
      className="console-note"
      extra={
        <Upload
          accept=".jpg,.jpeg,.png,.webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button loading={upload.isPending}>上传图片</Button>
        </Upload>
      }
    >
      {photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无图片：门户卡片显示类型占位图。首张上传的图片为封面" />
      ) : (
        <ul className="lot-photos" aria-label="项目图片">
          {photos.map((p) => (
            <li key={p.id} className="lot-photos__item">
              <BlobImage path={STAFF_LOT_PATHS.lotPhotoFile} params={{ photoId: p.id, size: 'thumb' }} alt={p.fileName} width={160} />
              <div className="console-small">
                {p.fileName}（{p.width}×{p.height}）
              </div>
              <Space size={4}>
                {p.cover ? (
                  <Tag color="red">封面</Tag>
                ) : (
                  <Button size="small" type="link" onClick={() => act.mutateAsync({ action: 'cover', draftId, photoId: p.id }).catch(() => undefined)}>
                    设为封面
                  </Button>
                )}
                <Popconfirm title={`删除 ${p.fileName}？`} okText="删除" cancelText="取消" onConfirm={() => act.mutateAsync({ action: 'delete', draftId, photoId: p.id }).catch(() => undefined)}>
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
