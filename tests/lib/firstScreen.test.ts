/** The start step's first screen of a lot's page (src/start): which addresses get it, what it draws, the handoff. */
import { afterEach, describe, expect, it } from 'vitest';
import { lotFirstScreen, lotIdOfHash } from '@/start/firstScreen';
import { arrivedHandedLot, handOverLot, takeHandedLot } from '@/start/handoff';

describe("a lot's first screen before the app", () => {
  afterEach(() => {
    delete window.__portalFirstScreen;
  });

  it("reads the lot's id from a lot page's address only", () => {
    expect(lotIdOfHash('#/projectDetail/300.html')).toBe(300);
    expect(lotIdOfHash('#/projectDetail/300.html?from=hall')).toBe(300);
    for (const other of ['', '#/index', '#/projectPkg/300.html', '#/projectDetail/0.html', '#/projectDetail/abc.html', '#/projectDetail/300.htmlx']) expect(lotIdOfHash(other)).toBeNull();
  });

  it('draws the title as text and the cover photo at its size; a name with markup stays text; a foreign picture is left out', () => {
    const lot = lotFirstScreen(document, { assetsName: '<b>保定</b>某工业用地', photos: [{ url: '/api/dscq-project/lot-photo/ab12-display.webp', width: 1200, height: 900 }] })!;
    expect(lot.querySelector('h1')!.textContent).toBe('<b>保定</b>某工业用地');
    expect(lot.querySelector('b')).toBeNull();
    const img = lot.querySelector('img')!;
    expect([img.getAttribute('src'), img.width, img.height, img.alt, img.getAttribute('fetchpriority')]).toEqual(['/api/dscq-project/lot-photo/ab12-display.webp', 1200, 900, '<b>保定</b>某工业用地', 'high']);
    expect(lotFirstScreen(document, { assetsName: '某地', photos: [{ url: 'https://elsewhere.example/x.webp', width: 10, height: 10 }] })!.querySelector('img')).toBeNull();
    expect(lotFirstScreen(document, { assetsName: '某地', photos: [] })!.querySelector('img')).toBeNull();
    expect(lotFirstScreen(document, { assetsName: '' })).toBeNull();
  });

  it('hands the detail to the app once, for that lot only: at once when it has come, else as the promise', async () => {
    const detail = { id: 300, assetsName: '某地' };
    handOverLot(300, Promise.resolve(detail));
    expect(arrivedHandedLot(300)).toBeUndefined();
    await Promise.resolve();
    await Promise.resolve();
    expect(arrivedHandedLot(301)).toBeUndefined();
    expect(arrivedHandedLot(300)).toBe(detail);
    expect(arrivedHandedLot(300)).toBeUndefined();
    expect(takeHandedLot(300)).toBeNull();

    handOverLot(300, Promise.resolve(null));
    await expect(takeHandedLot(300)).resolves.toBeNull();
    expect(takeHandedLot(300)).toBeNull();
  });
});
