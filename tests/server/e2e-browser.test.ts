/**
 * The browser check of `npm test` and .ci/run (e2e/chromium.sh): present → nothing; missing → Debian's
 * chromium installed when it can be (root, or sudo without a password), otherwise a stop with the one
 * command to run. Run on a copy whose browser path is a temp file, with fake apt-get, id, sudo and fc-list.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';

let dir: string;
let browser: string;

function fake(name: string, body: string) {
  const file = path.join(dir, 'bin', name);
  writeFileSync(file, `#!/usr/bin/env bash\n${body}\n`);
  chmodSync(file, 0o755);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-chromium-check-'));
  mkdirSync(path.join(dir, 'bin'));
  browser = path.join(dir, 'chromium');
  const script = readFileSync(path.join(import.meta.dirname, '../../e2e/chromium.sh'), 'utf8').replaceAll('/usr/bin/chromium', browser);
  writeFileSync(path.join(dir, 'chromium.sh'), script);
  // apt-get records its calls; "installing" chromium creates the browser.
  fake('apt-get', `echo "apt-get $*" >> "${dir}/calls"; if [[ "$*" == *install* && "$*" == *chromium* ]]; then printf '#!/bin/sh\\n' > "${browser}"; chmod +x "${browser}"; fi`);
  fake('id', 'echo "${FAKE_UID:-1000}"');
  fake('sudo', `if [ "$1" = -n ] && [ "\${FAKE_SUDO:-no}" = yes ]; then shift; echo "sudo $*" >> "${dir}/calls"; "$@"; else exit 1; fi`);
  fake('fc-list', 'echo "/usr/share/fonts/wqy-microhei.ttc: WenQuanYi Micro Hei"');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function check(env: Record<string, string> = {}) {
  const result = spawnSync('bash', [path.join(dir, 'chromium.sh')], {
    env: { PATH: `${path.join(dir, 'bin')}:/usr/bin:/bin`, ...env },
    encoding: 'utf8',
  });
  const calls = existsSync(path.join(dir, 'calls')) ? readFileSync(path.join(dir, 'calls'), 'utf8').trim().split('\n') : [];
  return { status: result.status, stderr: result.stderr, calls };
}

it('does nothing when the browser is there', () => {
  writeFileSync(browser, '#!/bin/sh\n');
  chmodSync(browser, 0o755);
  expect(check()).toMatchObject({ status: 0, calls: [] });
});

it('installs Debian\'s chromium as root, and as a user with passwordless sudo', () => {
  expect(check({ FAKE_UID: '0' })).toMatchObject({ status: 0, calls: ['apt-get install -y -qq chromium'] });
  rmSync(browser);
  rmSync(path.join(dir, 'calls'));
  expect(check({ FAKE_SUDO: 'yes' })).toMatchObject({ status: 0, calls: ['sudo true', 'sudo apt-get install -y -qq chromium', 'apt-get install -y -qq chromium'] });
  expect(existsSync(browser)).toBe(true);
});

it('otherwise stops with the one command to run, installing nothing', () => {
  const { status, stderr, calls } = check();
  expect(status).toBe(1);
  expect(stderr).toContain('sudo apt-get install -y chromium fonts-wqy-microhei');
  expect(calls).toEqual([]);
  // CHROMIUM_INSTALL=0: check only, even as root.
  expect(check({ FAKE_UID: '0', CHROMIUM_INSTALL: '0' })).toMatchObject({ status: 1, calls: [] });
});

it('checks a CHROMIUM_PATH of the caller\'s, never installs for it', () => {
  expect(check({ FAKE_UID: '0', CHROMIUM_PATH: path.join(dir, 'nowhere') })).toMatchObject({ status: 1, calls: [] });
  writeFileSync(browser, '#!/bin/sh\n');
  chmodSync(browser, 0o755);
  expect(check({ CHROMIUM_PATH: browser })).toMatchObject({ status: 0, calls: [] });
});
