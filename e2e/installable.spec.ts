/**
 * Installable and cached (issue 29): the web app manifest names the portal with its icons (real PNGs of
 * the sizes it claims), and the service worker serves the hashed assets of a second visit from the cache
 * while the API — the live worker's polls and streams included — goes to the network untouched.
 */
import { expect, test } from './fixtures';

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the manifest names the portal, with icons of the sizes it says', async ({ request, page }) => {
  await page.goto('/#/index');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  const manifest = (await answer.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: '河北产权交易所', short_name: '河北产权', display: 'standalone', start_url: '/#/index' });
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of pngs) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
});

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a second visit takes the hashed assets from the cache; the API and the live traffic go to the network', async ({ page, request }) => {
    const sw = await request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    await page.goto('/#/hall');
    await expect(page.getByRole('heading', { name: '竞价大厅', level: 1 })).toBeVisible();
    // Installed and in control of the page (it claims the open page when it activates).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);

    const seen: { url: string; fromCache: boolean }[] = [];
    page.on('response', (response) => seen.push({ url: new URL(response.url()).pathname, fromCache: response.fromServiceWorker() }));
    await page.reload();
    await expect(page.getByRole('heading', { name: '竞价大厅', level: 1 })).toBeVisible();
    // The hall's rows come from the live worker's poll of the API (and its push stream).
    await expect(page.getByTestId('live-row').first()).toBeVisible();
    await page.waitForTimeout(1_500);
    const assets = seen.filter((r) => r.url.startsWith('/assets/'));
    const api = seen.filter((r) => r.url.startsWith('/api/'));
    expect(assets.length).toBeGreaterThan(3);
    expect(assets.filter((r) => !r.fromCache)).toEqual([]);
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((r) => r.fromCache)).toEqual([]);
  });
});
