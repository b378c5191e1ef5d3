import { contentLinkProps } from '#domain/rules/content';
import { useAds } from '../api/get-ads';

/** Ad banners between the blocks (ads of position 'home-ad'); nothing at all when none is configured. */
export function AdBanners() {
  const ads = useAds('home-ad');
  const items = ads.data?.records ?? [];
  if (items.length === 0) return null;
  return (
    <section className="home-ads" aria-label="广告">
      {items.map((ad) => (
        <a key={ad.id} {...contentLinkProps(ad.url)} className="home-ads__item" title={ad.title}>
          <img src={ad.imgSrc} alt={ad.title} width={590} height={100} />
        </a>
      ))}
    </section>
  );
}
