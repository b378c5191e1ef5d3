/**
 * Lot photos (issue 26) through the whole app with msw: the detail page's gallery (the cover large with its
 * size given, 示意图 on an illustration, thumbnails that switch it, the zoomable viewer) and the trading
 * centre's cards with their cover loaded lazily at the fixed thumbnail size.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LotPhoto } from '#domain/contract/projects';
import { authMock } from '../mocks/handlers/auth';
import { projectsMock } from '../mocks/handlers/projects';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  projectsMock.reset();
});
afterEach(() => vi.restoreAllMocks());

const EQUITY = '石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权';
const photo = (id: number, over: Partial<LotPhoto> = {}): LotPhoto => ({
  id,
  url: `/api/dscq-project/lot-photo/${String(id).padStart(24, 'a')}-display.webp`,
  thumbUrl: `/api/dscq-project/lot-photo/${String(id).padStart(24, 'a')}-thumb.webp`,
  width: 1200,
  height: 900,
  cover: false,
  caption: '',
  illustration: false,
  ...over,
});

describe('the detail page’s gallery', () => {
  it('shows the cover large with its size, 示意图 on an illustration, switches by thumbnail and opens the viewer', async () => {
    const photos = [photo(1, { cover: true, caption: '示意图', illustration: true }), photo(2, { width: 1600, height: 800 }), photo(3)];
    projectsMock.state.details.set(201, { photos, imgUrl: photos[0]!.thumbUrl });
    renderApp('/projectDetail/201.html');
    const main = await screen.findByTestId('lot-gallery-main', {}, { timeout: 10_000 });
    expect(main).toHaveAttribute('src', photos[0]!.url);
    expect(main).toHaveAttribute('width', '1200');
    expect(main).toHaveAttribute('height', '900');
    expect(main).toHaveAttribute('alt', EQUITY);
    const gallery = main.closest<HTMLElement>('.lot-gallery')!;
    expect(within(gallery).getByText('示意图')).toBeInTheDocument();

    const thumbs = within(within(gallery).getByRole('list', { name: '全部图片' })).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    for (const [i, thumb] of thumbs.entries()) {
      const img = thumb.querySelector('img')!;
      expect(img).toHaveAttribute('src', photos[i]!.thumbUrl);
      expect(img).toHaveAttribute('loading', 'lazy');
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '360']);
    }
    expect(thumbs[0]).toHaveAccessibleName('第 1 张（封面）');
    fireEvent.click(thumbs[1]!);
    await waitFor(() => expect(main).toHaveAttribute('src', photos[1]!.url));
    expect(main).toHaveAttribute('width', '1600');
    expect(within(gallery).queryByText('示意图')).not.toBeInTheDocument();

    // The viewer: the whole gallery, at the picture chosen.
    fireEvent.click(within(gallery).getByRole('button', { name: /查看大图（第 2 张，共 3 张）$/ }));
    await waitFor(() => expect(document.querySelector(`.ant-image-preview img[src="${photos[1]!.url}"]`)).not.toBeNull());
  });

  it('without photos keeps the cover (or the placeholder)', async () => {
    projectsMock.state.details.set(201, { photos: [], imgUrl: '' });
    renderApp('/projectDetail/201.html');
    await screen.findByText(EQUITY, { selector: '.detail-head__title' }, { timeout: 10_000 });
    expect(screen.queryByTestId('lot-gallery-main')).not.toBeInTheDocument();
    expect(document.querySelector('.detail-head .project-cover--empty')).not.toBeNull();
  });
});

describe('the cards’ covers', () => {
  it('shows each lot’s cover lazily at the thumbnail size, the placeholder only without one', async () => {
    const [first, second] = projectsMock.state.projects;
    first!.imgUrl = '/api/dscq-project/lot-photo/0123456789abcdef01234567-thumb.webp';
    second!.imgUrl = '';
    renderApp('/project');
    const cards = await screen.findAllByTestId('project-card', {}, { timeout: 10_000 });
    const card = (name: string) => cards.find((c) => c.textContent?.includes(name))!;
    const img = card(first!.assetsName).querySelector('img.project-card__img')!;
    expect(img).toHaveAttribute('src', first!.imgUrl);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '360']);
    const other = card(second!.assetsName);
    expect(other.querySelector('img.project-card__img')).toBeNull();
    expect(other.querySelector('.project-cover--empty')).not.toBeNull();
  });
});
