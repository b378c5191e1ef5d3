/**
 * `npm start`'s first step: builds the front end (`npm run build`) only when what the build reads changed
 * since the build in dist/. A hash of every input file (path and bytes) and of the build-time environment
 * (VITE_*, PORTAL_VERSION) is kept in dist/.build-stamp.json after a successful build; the next start
 * compares and skips the 8–13 s build when nothing differs. Missing or unreadable stamp, missing
 * index.html, or any difference: build. (A plain `npm run build` writes no stamp: the next start builds once.)
 *
 *   tsx server/ops/build-if-changed.ts [--dry-run]     (--dry-run: print the decision only)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `vite build` reads, relative to the repository root. */
export const BUILD_INPUTS = ['domain', 'src', 'workers', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
/** Build-time settings that end up in the bundle (docs/operations.md "Configuration"). */
const BUILD_ENV = /^(VITE_.+|PORTAL_VERSION)$/;
export const STAMP_FILE = '.build-stamp.json';

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)))
    .sort();
}

/** Hash of the build's inputs under `root` and of the build-time variables of `env`. */
export function buildInputsHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((input) => filesUnder(root, input))) {
    hash.update(`file ${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env).filter((key) => BUILD_ENV.test(key)).sort()) hash.update(`env ${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}

export interface BuildDecision {
  build: boolean;
  /** Why (shown at start). */
  reason: string;
  hash: string;
}

function readStamp(distDir: string): string | null {
  try {
    const stamp = JSON.parse(readFileSync(path.join(distDir, STAMP_FILE), 'utf8')) as { hash?: unknown };
    return typeof stamp.hash === 'string' ? stamp.hash : null;
  } catch {
    return null;
  }
}

/** Whether dist/ (under `root`) must be built again. */
export function decideBuild(root: string, env: NodeJS.ProcessEnv = process.env, distDir = path.join(root, 'dist')): BuildDecision {
  const hash = buildInputsHash(root, env);
  if (!existsSync(path.join(distDir, 'index.html'))) return { build: true, reason: '尚无前端构建', hash };
  const stamped = readStamp(distDir);
  if (stamped === null) return { build: true, reason: '前端构建没有源码标记', hash };
  if (stamped !== hash) return { build: true, reason: '源码或构建配置已变化', hash };
  return { build: false, reason: '源码未变化，跳过前端构建', hash };
}

/** Records that dist/ was built from inputs with this hash. */
export function writeStamp(distDir: string, hash: string): void {
  writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const decision = decideBuild(root);
  console.log(`前端构建：${decision.reason}`);
  if (!decision.build || process.argv.includes('--dry-run')) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('前端构建失败');
    process.exit(result.status ?? 1);
  }
  // The inputs as they were when the build started: a file saved during the build means another build next time.
  writeStamp(path.join(root, 'dist'), decision.hash);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
