/**
 * The home carousels' timing (spec section 9): the banner turns every 30 s, the picture news every 3 s
 * with at most 6 slides. Rendered alone with their data already in the query cache, under fake timers
 * (antd Carousel's own autoplay is the only timer: no live data runs on the main thread).
 */
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/queryClient';
import { BannerCarousel } from '@/features/home/components/BannerCarousel';
import { NewsCarousel } from '@/features/home/components/NewsCarousel';
import { HOME_BANNER_INTERVAL_MS, NEWS_CAROUSEL_INTERVAL_MS, NEWS_CAROUSEL_MAX_SLIDES } from '#domain/rules/constants';
import { adsQueryOptions } from '@/features/home/api/get-ads';
import { frontPageNewsQueryOptions } from '@/features/home/api/get-front-page-news';
import { newsFixture, pageOf } from '../mocks/fixtures';
import { bannerFixtures } from '../mocks/handlers/home';

function renderWithData(ui: React.ReactElement, seed: (client: ReturnType<typeof createQueryClient>) => void) {
  const client = createQueryClient();
  seed(client);
  return render(
    <ConfigProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </ConfigProvider>,
  );
}

/** The index of the slide react-slick marks as current. */
function currentSlide(container: HTMLElement): number {
  const current = container.querySelector('.slick-slide.slick-current');
  return Number(current?.getAttribute('data-index'));
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('banner carousel', () => {
  it('turns to the next banner after 30 s, not before', async () => {
    expect(HOME_BANNER_INTERVAL_MS).toBe(30_000);
    const { container } = renderWithData(<BannerCarousel />, (client) =>
      client.setQueryData(adsQueryOptions('banner').queryKey, pageOf(bannerFixtures, 100)),
    );
    expect(container.querySelectorAll('[data-testid="banner-slide"]').length).toBeGreaterThanOrEqual(3);
    expect(currentSlide(container)).toBe(0);
    await advance(29_000);
    expect(currentSlide(container)).toBe(0);
    await advance(1_000 + 600);
    expect(currentSlide(container)).toBe(1);
    await advance(29_000);
    expect(currentSlide(container)).toBe(1);
    await advance(1_000 + 600);
    expect(currentSlide(container)).toBe(2);
  });

  it('links each banner to its route or its external page', () => {
    const { getAllByRole } = renderWithData(<BannerCarousel />, (client) =>
      client.setQueryData(adsQueryOptions('banner').queryKey, pageOf(bannerFixtures, 100)),
    );
    const hrefs = getAllByRole('link', { hidden: true }).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['#/gyzcProject', '#/hall', 'https://example.gov.cn/assets']));
  });
});

describe('picture news carousel', () => {
  const seven = pageOf(Array.from({ length: 7 }, (_, i) => newsFixture({ id: 30 + i, title: `图片新闻${i + 1}`, imgSrc: `/img/${i}.svg` })));

  it('shows at most 6 slides and turns every 3 s', async () => {
    expect(NEWS_CAROUSEL_INTERVAL_MS).toBe(3_000);
    const { container } = renderWithData(<NewsCarousel />, (client) =>
      client.setQueryData(frontPageNewsQueryOptions(NEWS_CAROUSEL_MAX_SLIDES).queryKey, seven),
    );
    // react-slick clones slides for its infinite loop: count the real ones.
    const real = container.querySelectorAll('.slick-slide:not(.slick-cloned) [data-testid="news-slide"]');
    expect(real).toHaveLength(NEWS_CAROUSEL_MAX_SLIDES);
    expect(container.textContent).not.toContain('图片新闻7');
    expect(currentSlide(container)).toBe(0);
    await advance(2_900);
    expect(currentSlide(container)).toBe(0);
    await advance(100 + 600);
    expect(currentSlide(container)).toBe(1);
    await advance(3_000);
    expect(currentSlide(container)).toBe(2);
  });

  it('opens an outer-link item at its outerLinkUrl', () => {
    const page = pageOf([newsFixture({ id: 40, title: '外部新闻', isOuterLink: 1, outerLinkUrl: 'https://www.sasac.gov.cn/', imgSrc: '/img/x.svg' })]);
    const { container } = renderWithData(<NewsCarousel />, (client) =>
      client.setQueryData(frontPageNewsQueryOptions(NEWS_CAROUSEL_MAX_SLIDES).queryKey, page),
    );
    const link = container.querySelector('.slick-slide:not(.slick-cloned) a')!;
    expect(link).toHaveAttribute('href', 'https://www.sasac.gov.cn/');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
