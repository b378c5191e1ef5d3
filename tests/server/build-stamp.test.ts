/**
 * `npm start` builds the front end only when what the build reads changed (server/ops/build-if-changed.ts):
 * the decision on a small fake repository in a temp directory.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BUILD_INPUTS, decideBuild, STAMP_FILE, writeStamp } from '../../server/ops/build-if-changed.ts';

let root: string;
const dist = () => path.join(root, 'dist');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const env = { NODE_ENV: 'development', PATH: '/usr/bin' };

/** A built repository whose stamp matches its sources. */
function built() {
  write('dist/index.html', '<!doctype html>');
  writeStamp(dist(), decideBuild(root, env).hash);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'portal-build-stamp-'));
  write('src/main.tsx', 'export {};');
  write('src/features/a/b.ts', 'export const b = 1;');
  write('workers/live.worker.ts', 'export {};');
  write('public/favicon.svg', '<svg/>');
  write('index.html', '<div id="root"></div>');
  write('vite.config.ts', 'export default {};');
  write('tsconfig.json', '{}');
  write('package.json', '{}');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('builds when there is no build, or a build without a stamp', () => {
  expect(decideBuild(root, env)).toMatchObject({ build: true, reason: '尚无前端构建' });
  write('dist/index.html', '<!doctype html>');
  expect(decideBuild(root, env)).toMatchObject({ build: true, reason: '前端构建没有源码标记' });
  write(`dist/${STAMP_FILE}`, 'not json');
  expect(decideBuild(root, env).build).toBe(true);
});

it('skips the build when nothing the build reads changed (other files, other environment variables)', () => {
  built();
  expect(decideBuild(root, env)).toMatchObject({ build: false, reason: '源码未变化，跳过前端构建' });
  write('server/main.ts', 'changed');
  write('tests/x.test.ts', 'changed');
  write('README.md', 'changed');
  write('dist/assets/x.js', 'build output');
  expect(decideBuild(root, { ...env, PORT: '9090', DATABASE_URL: 'postgres://x' }).build).toBe(false);
});

it.each(['src/features/a/b.ts', 'src/new-file.ts', 'workers/live.worker.ts', 'public/favicon.svg', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'])(
  'builds again when %s changes or appears',
  (file) => {
    built();
    write(file, 'changed');
    expect(decideBuild(root, env)).toMatchObject({ build: true, reason: '源码或构建配置已变化' });
  },
);

it('builds again when a source is removed or renamed', () => {
  built();
  rmSync(path.join(root, 'src/features/a/b.ts'));
  write('src/features/a/c.ts', 'export const b = 1;');
  expect(decideBuild(root, env).build).toBe(true);
});

it('builds again when a build-time setting changes (VITE_*, PORTAL_VERSION)', () => {
  built();
  expect(decideBuild(root, { ...env, VITE_API_BASE: '/gateway/api' }).build).toBe(true);
  expect(decideBuild(root, { ...env, PORTAL_VERSION: '2026.11.24' }).build).toBe(true);
});

it('watches every input the build reads', () => {
  expect(BUILD_INPUTS).toEqual(expect.arrayContaining(['domain', 'src', 'workers', 'index.html', 'vite.config.ts', 'package-lock.json']));
});
