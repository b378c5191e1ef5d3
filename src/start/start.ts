/**
 * The page's start step: the one script index.html loads (vite.config.ts `paintBeforeApp` builds it, as a
 * classic script under /assets/ with its content's hash: the CSP allows no inline one). It runs in the head,
 * before the body is laid out (small, and fetched beside the stylesheet the first paint waits for anyway):
 *  1. on a lot's page it lays the page out as the app will (a phone's own width, src/lib/viewport.ts: switched
 *     after the first paint, the shell's header moved, a layout shift of 0.14–0.35), asks for the lot's
 *     detail at once, draws its title and photo in the shell (./firstScreen.ts) and hands the answer to the
 *     app (./handoff.ts);
 *  2. elsewhere it preloads the entry's chunks at low priority, behind what the first paint needs (not on a
 *     lot's page: the photo is its first screen's largest thing, and thirty chunks would share the line with
 *     it; the entry then loads its own imports, a step later);
 *  3. it starts the app one frame after the first paint (on a lot's page, once the photo is in, or after
 *     FIRST_SCREEN_WAIT_MS).
 * A hidden tab, which paints nothing, starts the app at once.
 */
import { PROJECT_PATHS } from '#domain/contract/projects';
import { API_BASE } from '../api/config';
import { applyViewport, isPhoneScreen } from '../lib/viewport';
import { lotFirstScreen, lotIdOfHash, type LotFirstScreen } from './firstScreen';
import { handOverLot } from './handoff';

const script = document.currentScript as HTMLScriptElement;
const entry = script.dataset.app!;
const preloads = (script.dataset.preload ?? '').split(' ').filter(Boolean);


/** Settles once the page's HTML is parsed (this script runs in the head, before the body exists). */
const parsed = new Promise<void>((resolve) => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  else resolve();
});

/** Puts the lot's title and photo in place of 正在加载…; settles once the photo is in (or there is none). */
function drawLot(lot: LotFirstScreen | null): Promise<void> | void {
  const loading = document.querySelector('#root .app-shell__loading');
  const first = lot && loading ? lotFirstScreen(document, lot) : null;
  if (!first || !loading) return;
  loading.replaceWith(first);
  // The app waits for the photo: drawn by the app instead, it would wait for the app's scripts again.
  const photo = first.querySelector('img');
  if (!photo || photo.complete) return;
  return new Promise((drawn) => {
    photo.addEventListener('load', () => drawn(), { once: true });
    photo.addEventListener('error', () => drawn(), { once: true });
  });
}

/** Longest the app waits for a lot's first screen: on a line too slow for the photo, the app comes anyway. */
const FIRST_SCREEN_WAIT_MS = 4_000;

/** Settles once the first screen is drawn (a lot's title and photo, or nothing to draw). */
let firstScreen: Promise<void> = Promise.resolve();
const lotId = lotIdOfHash(location.hash);
// A lot's first screen is drawn at a phone's own width, as the app will draw the page (src/lib/viewport.ts):
// at the 1200 px desktop's, shrunk, its photo was smaller than the app's, which then became the largest
// paint again. Other pages leave the viewport to the app: switched here, the home page's blocks shifted
// when the app drew them (CLS 0.085 against 0.002).
if (lotId !== null && isPhoneScreen()) applyViewport(true);
if (lotId === null) {
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.setAttribute('fetchpriority', 'low');
    link.href = href;
    document.head.appendChild(link);
  }
} else {
  const detail = fetch(`${API_BASE}${PROJECT_PATHS.detail}?id=${lotId}`, { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<{ code: number; data: LotFirstScreen | null }>) : null))
    .then((body) => (body?.code === 200 && body.data ? body.data : null))
    .catch(() => null);
  handOverLot(lotId, detail);
  firstScreen = Promise.all([detail, parsed]).then(([lot]) => drawLot(lot));
}

function start(): void {
  const app = document.createElement('script');
  app.type = 'module';
  app.crossOrigin = '';
  app.src = entry;
  document.head.appendChild(app);
}
// One-off steps of the page's start, not live timers (those are the live worker's).
/* eslint-disable no-restricted-globals */
// Only a lot's first screen is waited for, and at most FIRST_SCREEN_WAIT_MS (no timer on other pages).
const drawn = lotId === null ? firstScreen : Promise.race([firstScreen, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
void parsed.then(() => {
  // A hidden tab paints nothing: the app starts at once.
  if (document.visibilityState === 'hidden') start();
  // Else one frame after the first paint (and the lot's first screen).
  else void drawn.then(() => requestAnimationFrame(() => setTimeout(start)));
});
/* eslint-enable no-restricted-globals */
