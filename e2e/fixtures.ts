/**
 * The `test` every journey imports: Playwright's, with a guard that fails the test when any page it opened
 * logs a console error or warning, or throws an uncaught error. Pages must run clean: a deprecation warning,
 * a failed request or a React error in the console is a bug even when the journey's steps pass.
 *
 * Every context the test opens is watched: the default one and any `browser.newContext()` (the two-bidder
 * journeys), from their first page on. A spec that provokes a message outside our control on purpose
 * names it, with its reason: `test.use({ consoleAllowed: [{ pattern: /…/, why: '…' }] })`.
 */
import { expect, test as base, type BrowserContext, type ConsoleMessage } from '@playwright/test';

export interface AllowedConsoleMessage {
  /** Matched against `type: text (url)` of the message. */
  pattern: RegExp;
  /** Why this message is expected and not ours to fix. */
  why: string;
}

function describe(message: ConsoleMessage): string {
  const { url } = message.location();
  return `${message.type()}: ${message.text()}${url ? ` (${url})` : ''}`;
}

export const test = base.extend<{ consoleAllowed: AllowedConsoleMessage[]; consoleGuard: void }>({
  consoleAllowed: [[], { option: true }],
  consoleGuard: [
    async ({ browser, context, consoleAllowed }, use) => {
      const problems: string[] = [];
      const allowed = (text: string) => consoleAllowed.some(({ pattern }) => pattern.test(text));
      const watch = (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (message.type() !== 'error' && message.type() !== 'warning') return;
          const text = describe(message);
          if (!allowed(text)) problems.push(text);
        });
        watched.on('weberror', (error) => {
          const text = `uncaught: ${error.error().stack ?? error.error().message}`;
          if (!allowed(text)) problems.push(text);
        });
      };
      watch(context);
      // Contexts the test opens itself (browser is shared by the worker's tests: restored afterwards).
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const opened = await newContext.apply(browser, args);
        watch(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(problems, 'console errors, warnings and uncaught errors in the pages').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
