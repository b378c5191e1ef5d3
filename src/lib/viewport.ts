/**
 * The page's layout viewport. The portal is a 1200 px desktop layout. On a phone (a screen under 768 px)
 * every page lays out at the device's width instead (issue 29): `<html class="layout-fluid">` switches the
 * narrow-screen CSS on (src/styles/phone.css and the pages' own phone rules). A tablet keeps the desktop
 * layout, shown whole and scaled (`width=1200`), except the live pages a bidder follows (the hall, the
 * bidding room, the watch board), marked with the route's `staticData.fluid`: those are fluid on every
 * screen, with their own rules for the widths in between.
 */

/** The desktop layout, scaled on small screens. */
export const DESKTOP_VIEWPORT = 'width=1200';
/** The fluid pages: the device's own width. */
export const FLUID_VIEWPORT = 'width=device-width, initial-scale=1';
export const FLUID_CLASS = 'layout-fluid';

/** A phone's screen: narrower than the smallest tablet (the device's screen, not the window). */
export const PHONE_SCREEN_MAX_PX = 767;

export function isPhoneScreen(win: Pick<Window, 'screen'> = window): boolean {
  const shorter = Math.min(win.screen.width, win.screen.height);
  // 0: no screen to measure (a test's DOM): the desktop layout.
  return shorter > 0 && shorter <= PHONE_SCREEN_MAX_PX;
}

/** Sets the meta viewport and the html class for a page (fluid or not); idempotent. */
export function applyViewport(fluid: boolean, doc: Document = document): void {
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'viewport';
    doc.head.appendChild(meta);
  }
  const content = fluid ? FLUID_VIEWPORT : DESKTOP_VIEWPORT;
  if (meta.content !== content) meta.content = content;
  doc.documentElement.classList.toggle(FLUID_CLASS, fluid);
}
