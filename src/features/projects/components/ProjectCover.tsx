import { PictureOutlined } from '@ant-design/icons';
import { LOT_PHOTO_THUMB } from '#domain/contract/projects';

/**
 * The cover picture of an asset (its imgUrl: the cover photo's thumbnail, LOT_PHOTO_THUMB), loaded lazily
 * with its size given so nothing moves when it arrives; or a quiet placeholder with its type when there is none.
 */
export function ProjectCover({ src, typeName, className }: { src: string; typeName: string; className: string }) {
  if (src) return <img className={className} src={src} alt="" loading="lazy" decoding="async" width={LOT_PHOTO_THUMB.width} height={LOT_PHOTO_THUMB.height} />;
  return (
    <div className={`${className} project-cover--empty`} aria-hidden="true">
      <PictureOutlined />
      <span>{typeName || '项目图片'}</span>
    </div>
  );
}
