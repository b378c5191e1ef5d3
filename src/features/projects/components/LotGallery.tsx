import { useState } from 'react';
import { Image } from 'antd';
import { LOT_PHOTO_THUMB, type ProjectDetail } from '#domain/contract/projects';
import { ProjectCover } from './ProjectCover';

/**
 * The lot's photo gallery on its detail page: the chosen photo large (its display size, width and height
 * given), the others as thumbnails below; a click opens the zoomable viewer over the whole gallery
 * (antd Image.PreviewGroup: zoom, rotate, swipe). A picture drawn for illustration says 示意图. Without
 * photos: the cover (or the placeholder) as before. The large photo is the first screen's largest picture:
 * fetched at high priority, before the thumbnails.
 */
export function LotGallery({ detail }: { detail: Pick<ProjectDetail, 'photos' | 'imgUrl' | 'typeName' | 'assetsName'> }) {
  const photos = detail.photos ?? [];
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  if (photos.length === 0) return <ProjectCover src={detail.imgUrl} typeName={detail.typeName} className="detail-head__cover" />;
  const shown = photos[Math.min(index, photos.length - 1)]!;
  return (
    <figure className="lot-gallery" aria-label={`${detail.assetsName}的图片`}>
      <Image.PreviewGroup
        items={photos.map((p) => ({ src: p.url, alt: p.caption ? `${detail.assetsName}（${p.caption}）` : detail.assetsName }))}
        preview={{ open, current: index, onOpenChange: setOpen, onChange: (current) => setIndex(current) }}
      >
        {/* The name starts with the caption it shows (示意图): what a screen reader says is what a sighted user reads. */}
        <button type="button" className="lot-gallery__main" onClick={() => setOpen(true)} aria-label={`${shown.caption ? `${shown.caption}，` : ''}查看大图（第 ${index + 1} 张，共 ${photos.length} 张）`}>
          <img src={shown.url} width={shown.width} height={shown.height} alt={detail.assetsName} decoding="async" fetchPriority="high" data-testid="lot-gallery-main" />
          {shown.caption && <span className="lot-gallery__caption">{shown.caption}</span>}
        </button>
      </Image.PreviewGroup>
      {photos.length > 1 && (
        <ul className="lot-gallery__thumbs" aria-label="全部图片">
          {photos.map((p, i) => (
            <li key={p.id}>
              <button type="button" className={i === index ? 'lot-gallery__thumb lot-gallery__thumb--on' : 'lot-gallery__thumb'} onClick={() => setIndex(i)} aria-pressed={i === index} aria-label={`第 ${i + 1} 张${p.cover ? '（封面）' : ''}`}>
                <img src={p.thumbUrl} width={LOT_PHOTO_THUMB.width} height={LOT_PHOTO_THUMB.height} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
