/**
 * The page's layout viewport, per route. The portal is a 1200 px desktop layout: on a phone it is
 * shown whole, scaled to the screen (`width=1200`). The live pages a bidder follows on a phone (the hall, the
 * bidding room, the watch board) have a fluid layout and ask for the device's width instead; they are marked
 * with the route's `staticData.fluid`, and `<html class="layout-fluid">` switches their narrow-screen CSS on.
 */

/** The desktop layout, scaled on small screens. */
export const DESKTOP_VIEWPORT = 'width=1200';
/** The fluid pages: the device's own width. */
export const FLUID_VIEWPORT = 'width=device-width, initial-scale=1';
export const FLUID_CLASS = 'layout-fluid';

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
