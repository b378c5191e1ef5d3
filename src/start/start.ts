/**
 * The page's start step: the one script index.html loads (vite.config.ts `paintBeforeApp` builds it, as a
 * classic script under /assets/ with its content's hash: the CSP allows no inline one). It runs in the head,
 * before the body is laid out (small, and fetched beside the stylesheet the first paint waits for anyway):
 *  1. on a page with a first screen (./firstScreen.ts) it lays the page out as the app will (a phone's own
 *     width, src/lib/viewport.ts: switched after the first paint, the shell's header moved, a layout shift of
 *     0.14–0.35) and draws it in the shell: a lot's title and photo, the home page's picture news (each asked
 *     for at once and the answer handed to the app, ./handoff.ts), the live hall's heading and lead, the
 *     login card's title and lead;
 *  2. elsewhere it preloads the entry's chunks and its start steps' at low priority, behind what the first
 *     paint needs; on a page with a first screen only when it starts the app (a lot's photo would share the
 *     line with thirty chunks, and requests begun before the first screen's paint count against it in
 *     Lighthouse's simulation, the hall's LCP 3.3 s for a heading painted with the page);
 *  3. it starts the app one frame after the first paint (on a lot's page and the home page, once the
 *     picture is in, or after FIRST_SCREEN_WAIT_MS).
 * A hidden tab, which paints nothing, starts the app at once.
 */
import { CONTENT_PATHS } from '#domain/contract/content';
import { PROJECT_PATHS } from '#domain/contract/projects';
import { NEWS_CAROUSEL_MAX_SLIDES } from '#domain/rules/constants';
import { API_BASE } from '../api/config';
import { nextTask } from '../lib/nextTask';
import { applyViewport, isPhoneScreen } from '../lib/viewport';
import { storedUserId } from '../lib/sessionKeys';
import {
  hallFirstScreen,
  homeFirstScreen,
  isHallHash,
  isHomeHash,
  isLoginHash,
  loginFirstScreen,
  lotFirstScreen,
  lotIdOfHash,
  needsLoginHash,
  type LotFirstScreen,
  type NewsFirstScreen,
} from './firstScreen';
import { handoffKeys, handOver } from './handoff';

const script = document.currentScript as HTMLScriptElement;
const entry = script.dataset.app!;
const preloads = (script.dataset.preload ?? '').split(' ').filter(Boolean);


/** Settles once the page's HTML is parsed (this script runs in the head, before the body exists). */
const parsed = new Promise<void>((resolve) => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  else resolve();
});

/** Puts a first screen in place of 正在加载…; settles once its photo is in (or it has none). */
function draw(first: HTMLElement | null): Promise<void> | void {
  const loading = document.querySelector('#root .app-shell__loading');
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

/** Longest the app waits for a first screen's answer and picture: on a line too slow for them, the app comes anyway. */
const FIRST_SCREEN_WAIT_MS = 4_000;

/** An answer's data when it is a 200 envelope, else null (the app then asks itself). */
function dataOf<T>(answer: Promise<Response>): Promise<T | null> {
  return answer
    .then((response) => (response.ok ? (response.json() as Promise<{ code: number; data: T | null }>) : null))
    .then((body) => (body?.code === 200 && body.data ? body.data : null))
    .catch(() => null);
}

/** Settles once the first screen is drawn (a lot's title and photo, the hall's heading, the home page's picture news, or nothing). */
let firstScreen: Promise<void> = Promise.resolve();
const lotId = lotIdOfHash(location.hash);
const hall = isHallHash(location.hash);
const phone = isPhoneScreen();
// The home page's first screen is a phone's: on a desktop its picture news sits beside the banner, a larger
// picture, and the app comes quickly.
const home = isHomeHash(location.hash) && phone;
// The login page on a phone, asked for or where a page that needs a login sends a visitor without one (a
// room's link): on a desktop the login page's largest paint is its banner, beside the card.
const login = phone && (isLoginHash(location.hash) || (needsLoginHash(location.hash) && storedUserId() === null));
// A first screen is drawn at the width the app will lay the page out at (src/lib/viewport.ts): a lot's page
// and the home page at a phone's own width (at the 1200 px desktop's, shrunk, a lot's photo was smaller than
// the app's, which then became the largest paint again), the hall at the screen's. Other pages leave the
// viewport to the app.
if (hall || home || login || (lotId !== null && phone)) applyViewport(true);
if (lotId !== null) {
  const detail = dataOf<LotFirstScreen>(fetch(`${API_BASE}${PROJECT_PATHS.detail}?id=${lotId}`, { credentials: 'same-origin' }));
  handOver(handoffKeys.lot(lotId), detail);
  firstScreen = Promise.all([detail, parsed]).then(([lot]) => draw(lot ? lotFirstScreen(document, lot) : null));
} else if (home) {
  const query = `size=${NEWS_CAROUSEL_MAX_SLIDES}&current=1`;
  const news = dataOf<{ records: NewsFirstScreen[] }>(fetch(`${API_BASE}${CONTENT_PATHS.frontPageNews}?${query}`, { method: 'POST', credentials: 'same-origin' }));
  handOver(handoffKeys.homeNews, news);
  firstScreen = Promise.all([news, parsed]).then(([page]) => draw(homeFirstScreen(document, page?.records?.[0])));
} else if (hall) {
  firstScreen = parsed.then(() => draw(hallFirstScreen(document)));
} else if (login) {
  firstScreen = parsed.then(() => draw(loginFirstScreen(document)));
}

/** How many preloads one task starts: each costs about 1 ms on a phone (4 ms in Lighthouse's slower CPU). */
const PRELOADS_PER_TASK = 8;

/**
 * Fetches the entry's chunks and its start steps' (src/main.tsx) beside each other, not one step after
 * another; a few per task (forty in one went over bench:mobile's 50 ms long-task line).
 */
function preload(priority: 'low' | 'auto', from = 0): void {
  for (const href of preloads.slice(from, from + PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.setAttribute('fetchpriority', priority);
    link.href = href;
    document.head.appendChild(link);
  }
  if (from + PRELOADS_PER_TASK < preloads.length) void nextTask().then(() => preload(priority, from + PRELOADS_PER_TASK));
}
const hasFirstScreen = lotId !== null || home || hall || login;
if (!hasFirstScreen) preload('low');

function start(): void {
  if (hasFirstScreen) preload('auto');
  const app = document.createElement('script');
  app.type = 'module';
  app.crossOrigin = '';
  app.src = entry;
  document.head.appendChild(app);
}
// One-off steps of the page's start, not live timers (those are the live worker's).
/* eslint-disable no-restricted-globals */
// A first screen that waits for an answer and a picture is waited for at most FIRST_SCREEN_WAIT_MS (no timer
// on other pages).
const drawn = lotId === null && !home ? firstScreen : Promise.race([firstScreen, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
void parsed.then(() => {
  // A hidden tab paints nothing: the app starts at once.
  if (document.visibilityState === 'hidden') start();
  // Else one frame after the first paint (and the lot's first screen).
  else void drawn.then(() => requestAnimationFrame(() => setTimeout(start)));
});
/* eslint-enable no-restricted-globals */
