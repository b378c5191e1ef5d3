import { InertWhenHidden } from '@/components/InertWhenHidden';
import { Carousel, Skeleton } from 'antd';
import { HOME_BANNER_INTERVAL_MS } from '#domain/rules/constants';
import { contentLinkProps } from '#domain/rules/content';
import { useAds } from '../api/get-ads';

/**
 * The home banner (ads of position 'banner'). It rotates every 30 s (spec section 9); the rotation is
 * antd Carousel's own autoplay, a UI animation (no live data runs on a main-thread timer).
 */
export function BannerCarousel() {
  const ads = useAds('banner');
  if (ads.isPending) return <Skeleton.Node active className="home-banner home-banner--loading" />;
  const slides = ads.data?.records ?? [];
  if (slides.length === 0) {
    // No banner configured (or it failed to load): the frame keeps a plain headline instead of a hole.
    return (
      <section className="home-banner home-banner--plain" aria-label="焦点图">
        <p className="home-banner__headline">阳光交易 · 公开透明 · 规范高效</p>
        <p>河北省产权、国有资产、行政事业资产与司法拍卖的公开交易平台</p>
      </section>
    );
  }
  return (
    <section className="home-banner" aria-label="焦点图">
      <InertWhenHidden>
        <Carousel autoplay autoplaySpeed={HOME_BANNER_INTERVAL_MS} pauseOnHover={false} draggable>
          {slides.map((ad, i) => (
            <div key={ad.id} className="home-banner__slide" data-testid="banner-slide">
              <a {...contentLinkProps(ad.url)} title={ad.title}>
                {/* The first slide is the largest picture of the first screen: fetched before the others. */}
                <img src={ad.imgSrc} alt={ad.title} width={1200} height={320} fetchPriority={i === 0 ? 'high' : 'low'} />
              </a>
            </div>
          ))}
        </Carousel>
      </InertWhenHidden>
    </section>
  );
}
