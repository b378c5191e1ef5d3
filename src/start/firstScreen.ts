/**
 * First screens drawn before the app (issue 29), put in place of index.html's 正在加载… so a phone on a slow
 * line sees the page while the app's scripts load; React replaces the whole shell on its first render.
 * - A lot's page: its title and cover photo, from the same detail the app asks for. The largest thing on a
 *   lot's first screen is its photo; drawn by the app it waited for ~330 kB of script (bench:mobile's LCP
 *   6 s); drawn here it waits for the page, the detail and the picture.
 * - The live hall: its heading and lead, the largest text of its first screen (its rows are shorter), which
 *   need no answer at all.
 * - The home page: the picture news' first slide (the carousel's picture, the largest thing of a phone's
 *   first screen), from the same front-page answer the app asks for.
 * - The login page on a phone (also where a page that needs a login sends a visitor, the room's link among
 *   them): the login card's title and lead, the lead being the largest text of its first screen.
 * Built with textContent and checked URLs, never HTML.
 */
import type { LotPhoto } from '#domain/contract/projects';
import { LOGIN_LEAD, LOGIN_TITLE } from '../features/auth/copy';
import { HALL_LEAD, HALL_TITLE } from '../features/hall/copy';
import { LOGIN_REQUIRED_PATHS } from '../routes/loginRequired';

/** The lot's id when the address is a lot's page (#/projectDetail/123.html), else null. */
export function lotIdOfHash(hash: string): number | null {
  const match = /^#\/projectDetail\/(\d{1,9})\.html(?:[?#]|$)/.exec(hash);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}

/** What of the detail the first screen draws (the wire's ProjectDetail has it). */
export interface LotFirstScreen {
  assetsName: string;
  photos?: Pick<LotPhoto, 'url' | 'width' | 'height'>[] | null;
}

/** Only the server's own pictures: a relative /api/ path. */
const SERVER_PICTURE = /^\/api\/[\w\-./]+$/;

/** The title and the cover photo (the first of `photos`); null when there is no name to show. */
export function lotFirstScreen(doc: Document, lot: LotFirstScreen): HTMLElement | null {
  if (typeof lot.assetsName !== 'string' || lot.assetsName === '') return null;
  const section = doc.createElement('div');
  section.className = 'app-shell__lot';
  const cover = lot.photos?.[0];
  // Only the server's own pictures, at their stated size (no jump when it arrives).
  if (cover && SERVER_PICTURE.test(cover.url) && cover.width > 0 && cover.height > 0) {
    const img = doc.createElement('img');
    img.className = 'app-shell__lot-photo';
    img.src = cover.url;
    img.width = cover.width;
    img.height = cover.height;
    img.alt = lot.assetsName;
    img.setAttribute('fetchpriority', 'high');
    section.appendChild(img);
  }
  const title = doc.createElement('h1');
  title.className = 'app-shell__lot-title';
  title.textContent = lot.assetsName;
  section.appendChild(title);
  return section;
}

/** The path of a hash address (#/hall?x=1 → /hall), else null. */
function pathOfHash(hash: string): string | null {
  return /^#(\/[^?#]*)/.exec(hash)?.[1] ?? null;
}

/** The live hall's address (#/hall, with or without a query). */
export function isHallHash(hash: string): boolean {
  return pathOfHash(hash) === '/hall';
}

/** A heading and its lead in a block, drawn as a page draws them (the block's class names the parts). */
function headingAndLead(doc: Document, blockClass: string, level: 'h1' | 'h2', heading: string, lead: string): HTMLElement {
  const block = doc.createElement('div');
  block.className = blockClass;
  const title = doc.createElement(level);
  title.className = `${blockClass}-title`;
  title.textContent = heading;
  const paragraph = doc.createElement('p');
  paragraph.className = `${blockClass}-lead`;
  paragraph.textContent = lead;
  block.append(title, paragraph);
  return block;
}

/** The hall's heading and lead, as the page draws them above its live table (styled like it in global.css). */
export function hallFirstScreen(doc: Document): HTMLElement {
  return headingAndLead(doc, 'app-shell__head', 'h1', HALL_TITLE, HALL_LEAD);
}

/** The home page's address: the site's root, #/ or #/index. */
export function isHomeHash(hash: string): boolean {
  return /^(?:#\/?(?:index)?)?(?:\?|$)/.test(hash);
}

/** What of a front-page news item the first screen draws (the wire's NewsItem has it). */
export interface NewsFirstScreen {
  title: string;
  imgSrc?: string | null;
}

/**
 * The picture news' first slide as the home page's carousel draws it (its picture and caption, at its size:
 * NewsCarousel, styled like it in global.css); null when it has no picture of the server's to show.
 */
export function homeFirstScreen(doc: Document, first: NewsFirstScreen | undefined): HTMLElement | null {
  if (!first || typeof first.title !== 'string' || typeof first.imgSrc !== 'string' || !SERVER_PICTURE.test(first.imgSrc)) return null;
  const slide = doc.createElement('div');
  slide.className = 'app-shell__news';
  const img = doc.createElement('img');
  img.className = 'app-shell__news-photo';
  img.src = first.imgSrc;
  img.width = 480;
  img.height = 300;
  img.alt = '';
  img.setAttribute('fetchpriority', 'high');
  const caption = doc.createElement('span');
  caption.className = 'app-shell__news-caption';
  caption.textContent = first.title;
  slide.append(img, caption);
  return slide;
}

/** The login page's address (#/login, with or without a query). */
export function isLoginHash(hash: string): boolean {
  return pathOfHash(hash) === '/login';
}

/** Whether the address is a page that needs a login: the router sends a visitor without one to the login page. */
export function needsLoginHash(hash: string): boolean {
  const path = pathOfHash(hash);
  return path !== null && LOGIN_REQUIRED_PATHS.includes(path);
}

/** The login card's title and lead, as the login page draws them on a phone (styled like it in global.css). */
export function loginFirstScreen(doc: Document): HTMLElement {
  return headingAndLead(doc, 'app-shell__login', 'h2', LOGIN_TITLE, LOGIN_LEAD);
}
