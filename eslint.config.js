// Lint: type-aware basics plus the architecture's per-file boundaries (README "The four parts"), so they are
// checked, not hoped: features don't import each other, domain/ imports only itself (and dayjs), server/
// shares only domain/ with the browser, and the main thread runs no timers (live timers belong to the
// worker). The rules that need the whole import graph (layers point down, no circles) are a test:
// tests/architecture/imports.test.ts.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The public pages never import the staff console (src/console/): it is a bundle of its own. */
const NO_CONSOLE = { regex: '^@/console(/|$)|(^|/)console/', message: 'The public pages never import the staff console: it is a bundle of its own.' };

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}(/|$))`,
            message: 'A feature must not import another feature: move the shared piece to src/components or src/lib.',
          },
          NO_CONSOLE,
        ],
      },
    ],
  },
}));

// The staff console (src/console/, its own entry and bundle): its features keep apart as the portal's do,
// and it shares with the portal only what sits below the portal's features (src/api, src/lib,
// src/components, the theme and query client of src/app); the portal never imports the console.
const consoleFeatures = readdirSync(new URL('./src/console/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const consoleBoundaries = [
  {
    files: ['src/console/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/(features|routes)(/|$)|^@/app/(router|App|httpEffects)',
              message: 'The console shares only src/api, src/lib, src/components, the live worker (@/live: 竞价监控 streams the hall from it) and the theme with the portal: not its features, routes or app.',
            },
          ],
        },
      ],
    },
  },
  ...consoleFeatures.map((feature) => ({
    files: [`src/console/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/(features|routes)(/|$)|^@/app/(router|App|httpEffects)|^\\.\\./(?!${feature}/|\\.\\./)[^./][^/]*/`,
              message: 'A console feature imports neither another console feature nor the portal: shared pieces go to src/console/components (or api/, layout/).',
            },
          ],
        },
      ],
    },
  })),
  {
    // (src/features/ carry the same pattern in their own boundary above: one rule setting per file.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/console/**', 'src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CONSOLE] }] },
  },
];

const mainThreadTimers = {
  'no-restricted-globals': [
    'error',
    { name: 'setInterval', message: 'Live timers belong to the live worker (workers/): subscribe to its streams.' },
    { name: 'setTimeout', message: 'Live timers belong to the live worker (workers/): subscribe to its streams.' },
  ],
  // The same through any global object (window., globalThis., self.): no way around the rule.
  'no-restricted-properties': [
    'error',
    ...['window', 'globalThis', 'self'].flatMap((object) =>
      ['setInterval', 'setTimeout'].map((property) => ({
        object,
        property,
        message: 'Live timers belong to the live worker (workers/).',
      })),
    ),
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'data/**', 'e2e/screenshots/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...mainThreadTimers,
    },
  },
  ...featureBoundaries,
  ...consoleBoundaries,
  {
    // The console's idle countdown (a one-second tick while signed in): the console loads no live worker.
    files: ['src/console/session/idle.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|\\.\\./(contract|rules)/|dayjs(/|$))',
              message: 'domain/ is shared by browser, worker and server: import only its own files (and dayjs).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/', message: 'server/ shares only domain/ (#domain/…) with the browser.' },
            { regex: '(^|/)(src|workers)/', message: 'server/ shares only domain/ (#domain/…) with the browser and the worker.' },
          ],
        },
      ],
    },
  },
  {
    // Every journey runs under the console guard: its `test` comes from e2e/fixtures.ts (or extends it).
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import `test` from './fixtures' (the console guard): a bare Playwright test lets console errors pass.",
            },
          ],
        },
      ],
    },
  },
);
