/**
 * A lot's first screen drawn before the app (issue 29): its title and cover photo, from the same detail the
 * app asks for, put in place of index.html's 正在加载… so a phone on a slow line sees the lot while the app's
 * scripts load. The largest thing on a lot's first screen is its photo; drawn by the app it waited for
 * ~330 kB of script (bench:mobile's LCP 6 s); drawn here it waits for the page, the detail and the picture.
 * React replaces the whole shell on its first render. Built with textContent and checked URLs, never HTML.
 */
import type { LotPhoto } from '#domain/contract/projects';

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

/** The title and the cover photo (the first of `photos`); null when there is no name to show. */
export function lotFirstScreen(doc: Document, lot: LotFirstScreen): HTMLElement | null {
  if (typeof lot.assetsName !== 'string' || lot.assetsName === '') return null;
  const section = doc.createElement('div');
  section.className = 'app-shell__lot';
  const cover = lot.photos?.[0];
  // Only the server's own pictures (a relative /api/ path), at their stated size (no jump when it arrives).
  if (cover && /^\/api\/[\w\-./]+$/.test(cover.url) && cover.width > 0 && cover.height > 0) {
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
