/**
 * The `test` every journey imports: Playwright's, with a guard that fails the test when any page it opened
 * logs a console error or warning, or throws an uncaught error. Pages must run clean: a deprecation warning,
 * a failed request or a React error in the console is a bug even when the journey's steps pass.
 *
 * Every context the test opens is watched: the default one and any `browser.newContext()` (the two-bidder
 * journeys), from their first page on (web workers included). A journey that provokes a message outside
 * our control on purpose names it, with its reason: in the test, `allowConsole(/…/, 'why')` before the
 * step; for a whole file, `test.use({ consoleAllowed: [{ pattern: /…/, why: '…' }] })`. The usual one is
 * the browser's own note on an API answer with an error status the journey asks for (a wrong password
 * is a 400, as OAuth says): `refusedRequest(status, path)` builds its pattern.
 *
 * Lot reminders are off in every context unless a file asks for them (`test.use({ lotReminders: true })`):
 * the demo users watch dozens of lots, so reminders fall due at random moments of any journey, and a
 * toast stack the pointer rests on stays open over the very button the journey clicks next (two CI runs
 * failed so: 确认出价 on a phone, 登记投资需求). The reminders themselves are tested in
 * tests/routes/desk.test.tsx and tests/domain/reminders.test.ts; the desk journeys run with them on.
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

/** Allowed in every test: what the test set-up itself makes the browser say. */
const ALWAYS_ALLOWED: AllowedConsoleMessage[] = [
  {
    pattern: /^warning: Service Worker registration blocked by Playwright/,
    why: "the journeys run without the portal's service worker (playwright.config.ts serviceWorkers: 'block'); installable.spec.ts allows and checks it",
  },
];

/** Chromium's console note on a request answered with `status`, to a path starting with `path`. */
export function refusedRequest(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^error: Failed to load resource: the server responded with a status of ${status} .*\\(https?://[^/]+${escaped}`);
}

/** src/lib/alertPrefs.ts's record in local storage (src/lib/storage.ts), with no reminder chosen. */
// (It runs in every frame: one without storage, such as about:blank or a PDF's, is left alone.)
const NO_REMINDERS = `try {
  if (!localStorage.getItem('hbcq-alertPrefs')) localStorage.setItem('hbcq-alertPrefs', JSON.stringify({ dataType: 'object', area: 'local', datetime: Date.now(), content: { reminders: [] } }));
} catch {}`;

interface ConsoleFixtures {
  /** Lot reminders as a new user has them (true), or none (the default: see the file comment). */
  lotReminders: boolean;
  /** File-wide allowances (`test.use`). */
  consoleAllowed: AllowedConsoleMessage[];
  /** This test's own allowances, declared with `allowConsole`. */
  consoleDeclared: AllowedConsoleMessage[];
  /** Declares a message this test provokes on purpose (see the file comment). */
  allowConsole: (pattern: RegExp, why: string) => void;
  consoleGuard: void;
}

export const test = base.extend<ConsoleFixtures>({
  lotReminders: [false, { option: true }],
  consoleAllowed: [[], { option: true }],
  consoleDeclared: async ({}, use) => {
    await use([]);
  },
  allowConsole: async ({ consoleDeclared }, use) => {
    await use((pattern, why) => {
      consoleDeclared.push({ pattern, why });
    });
  },
  consoleGuard: [
    async ({ browser, context, consoleAllowed, consoleDeclared, lotReminders }, use) => {
      const problems: string[] = [];
      const allowed = (text: string) => [...ALWAYS_ALLOWED, ...consoleAllowed, ...consoleDeclared].some(({ pattern }) => pattern.test(text));
      const watch = async (watched: BrowserContext) => {
        if (!lotReminders) await watched.addInitScript(NO_REMINDERS);
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
      await watch(context);
      // Contexts the test opens itself (browser is shared by the worker's tests: restored afterwards).
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const opened = await newContext.apply(browser, args);
        await watch(opened);
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
