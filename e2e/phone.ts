/**
 * The phone checks (issue 29), run in the page at 390 × 844: what makes a page unusable on a phone that a
 * desktop check does not see. Each finding names the element, so a failure says where to look.
 * - overflow: the page is wider than the screen (something sticks out sideways and the page scrolls
 *   horizontally); content that scrolls inside its own box (a wide table in an overflow-x box) is fine;
 * - text: visible text under 12 px;
 * - target: a control under 24 × 24 px whose 24 px circle touches another control (WCAG 2.2, 2.5.8, with its
 *   spacing exception; links inside a sentence are exempt as the criterion says).
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export interface PhoneFinding {
  rule: 'overflow' | 'text' | 'target' | string;
  where: string;
  detail: string;
}

export interface RouteEntry {
  path: string;
  /** Needs a logged-in user. */
  auth: boolean;
}

/** Every route of the route table (src/routes/tree.tsx), read from its source so a new route is walked too. */
export function routeTable(): RouteEntry[] {
  const source = readFileSync(new URL('../src/routes/tree.tsx', import.meta.url), 'utf8');
  const authAt = source.indexOf('const authRoutes = [');
  const found = new Map<string, RouteEntry>();
  const patterns = [/\b(?:page|searchPage|authPage|authSearchPage)\(\s*'(\/[^']*)'/g, /\bpath: '(\/[^']*)'/g];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const path = match[1]!;
      if (path === '/') continue;
      found.set(path, { path, auth: match.index > authAt });
    }
  }
  return [...found.values()];
}

/** The checks of the module comment, in the page. */
function pageChecks(): PhoneFinding[] {
  const findings: PhoneFinding[] = [];
  const width = document.documentElement.clientWidth;
  const where = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const testId = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 2).map((c) => `.${c}`).join('') : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 16);
    // An element without a class of its own: say in which classed block it is.
    const block = cls ? '' : (el.parentElement?.closest('[class]')?.className.toString().trim().split(/\s+/)[0] ?? '');
    return `${block ? `.${block} ` : ''}${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${cls}${text ? ` "${text}"` : ''}`;
  };
  const shown = (el: Element): boolean => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  /** Inside a box that clips or scrolls sideways: its overflow is the box's business, not the page's. */
  const clipped = (el: Element): boolean => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
    }
    return false;
  };
  /** In a closed drawer, a hidden menu or off the page on purpose (aria-hidden). */
  const hiddenTree = (el: Element): boolean => Boolean(el.closest('[aria-hidden="true"], [inert], .ant-drawer:not(.ant-drawer-open), .ant-select-dropdown-hidden, .ant-dropdown-hidden, .ant-tooltip-hidden, .ant-popover-hidden'));

  if (document.documentElement.scrollWidth > width + 1) {
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => !hiddenTree(el) && !clipped(el) && shown(el))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      // The outermost culprits only.
      .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el)));
    findings.push({ rule: 'overflow', where: wide.slice(0, 3).map(where).join(' | '), detail: `page ${document.documentElement.scrollWidth}px wide on a ${width}px screen` });
  }

  const small = new Map<string, number>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    const el = node.parentElement;
    if (!el || hiddenTree(el) || !shown(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) {
      const key = `${where(el)} (${size}px)`;
      small.set(key, (small.get(key) ?? 0) + 1);
    }
  }
  if (small.size > 0) findings.push({ rule: 'text', where: [...small.keys()].slice(0, 3).join(' | '), detail: `${small.size} texts under 12px` });

  const controls = [
    ...document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="link"], [role="menuitem"], [role="option"]',
    ),
  ].filter((el) => !hiddenTree(el));
  // A control wrapped in its label (antd's checkbox and radio) or its select box: that is the target.
  const targets = controls
    .map((el) => el.closest('label, .ant-select, .ant-picker') ?? el)
    .filter((el) => shown(el))
    .filter((el, i, all) => all.indexOf(el) === i)
    .map((el) => ({ el, r: el.getBoundingClientRect() }));
  const inSentence = (el: Element): boolean =>
    el.tagName === 'A' && getComputedStyle(el).display === 'inline' && [...(el.parentElement?.childNodes ?? [])].some((n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 1);
  const tooSmall: string[] = [];
  for (const t of targets) {
    if (t.r.width >= 24 && t.r.height >= 24) continue;
    if (inSentence(t.el)) continue;
    const cx = t.r.left + t.r.width / 2;
    const cy = t.r.top + t.r.height / 2;
    const touches = targets.some((o) => {
      if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false;
      if (o.r.width < 24 || o.r.height < 24) {
        const ox = o.r.left + o.r.width / 2;
        const oy = o.r.top + o.r.height / 2;
        return Math.hypot(cx - ox, cy - oy) < 24;
      }
      const nx = Math.max(o.r.left, Math.min(cx, o.r.right));
      const ny = Math.max(o.r.top, Math.min(cy, o.r.bottom));
      return Math.hypot(cx - nx, cy - ny) < 12;
    });
    if (touches) tooSmall.push(`${where(t.el)} (${Math.round(t.r.width)}×${Math.round(t.r.height)})`);
  }
  if (tooSmall.length > 0) findings.push({ rule: 'target', where: tooSmall.slice(0, 3).join(' | '), detail: `${tooSmall.length} controls under 24×24 px too close to another` });

  // A table column squeezed to nothing by the others' fixed widths (a name column without a width of its
  // own): its header is there but holds no room for a word. (A header kept for screen readers only, as the
  // live cards' is, is 1 px high: not a column on screen.)
  const onScreenHead = (th: Element) => (th.closest('thead')?.getBoundingClientRect().height ?? 0) > 1;
  const squeezed = [...document.querySelectorAll('th')].filter(
    (th) => !hiddenTree(th) && onScreenHead(th) && (th.textContent ?? '').trim().length > 0 && getComputedStyle(th).display !== 'none' && th.getBoundingClientRect().width < 24,
  );
  if (squeezed.length > 0) findings.push({ rule: 'column', where: squeezed.slice(0, 3).map(where).join(' | '), detail: `${squeezed.length} table columns under 24 px wide` });
  return findings;
}

/** axe-core's serious and critical violations (every rule axe runs by default). */
export async function axeFindings(page: Page): Promise<PhoneFinding[]> {
  // Violations only (resultTypes): axe skips gathering the details of every passing node, which the walk never reads.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '), detail: `${v.impact}: ${v.help} (${v.nodes.length} elements)` }));
}

/**
 * Until the page's finite CSS animations and transitions have run (at most 2 s; spinners and the live dot
 * loop for ever and are not waited for). A toast sliding in measures smaller and fainter than it is: its
 * links were found 23 px high, its text below contrast, while it was still scaling and fading in.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** Every phone finding on the page as it is, once its animations have run. */
export async function phoneFindings(page: Page, options: { axe?: boolean } = {}): Promise<PhoneFinding[]> {
  await animationsSettled(page);
  return [...(await page.evaluate(pageChecks)), ...(options.axe === false ? [] : await axeFindings(page))];
}
