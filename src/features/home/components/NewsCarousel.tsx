import { InertWhenHidden } from '@/components/InertWhenHidden';
import { Carousel } from 'antd';
import { QueryState } from '@/components/QueryState';
import { NEWS_CAROUSEL_INTERVAL_MS, NEWS_CAROUSEL_MAX_SLIDES } from '#domain/rules/constants';
import { useFrontPageNews } from '../api/get-front-page-news';
import { newsLinkProps } from '../links';

/** Picture news (news-content/front-page): at most 6 slides, rotating every 3 s (spec section 9). */
export function NewsCarousel() {
  const news = useFrontPageNews(NEWS_CAROUSEL_MAX_SLIDES);
  return (
    <section className="home-news-carousel" aria-label="图片新闻">
      <QueryState query={news} isEmpty={(page) => page.records.length === 0} rows={8}>
        {(page) => (
          <InertWhenHidden>
            <Carousel autoplay autoplaySpeed={NEWS_CAROUSEL_INTERVAL_MS} dots={{ className: 'home-news-carousel__dots' }}>
              {page.records.slice(0, NEWS_CAROUSEL_MAX_SLIDES).map((item) => (
                <div key={item.id} className="home-news-carousel__slide" data-testid="news-slide">
                  <a {...newsLinkProps(item)} title={item.title}>
                    {item.imgSrc ? <img src={item.imgSrc} alt="" width={480} height={300} /> : <div className="home-news-carousel__noimg" />}
                    <span className="home-news-carousel__caption">{item.title}</span>
                  </a>
                </div>
              ))}
            </Carousel>
          </InertWhenHidden>
        )}
      </QueryState>
    </section>
  );
}
