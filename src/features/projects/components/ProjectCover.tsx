import { PictureOutlined } from '@ant-design/icons';

/** The cover picture of an asset, or a quiet placeholder with its type when there is none. */
export function ProjectCover({ src, typeName, className }: { src: string; typeName: string; className: string }) {
  if (src) return <img className={className} src={src} alt="" loading="lazy" />;
  return (
    <div className={`${className} project-cover--empty`} aria-hidden="true">
      <PictureOutlined />
      <span>{typeName || '项目图片'}</span>
    </div>
  );
}
