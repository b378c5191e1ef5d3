// The code base's source files, for the tests that read the whole of it (the import graph, antd's styles).
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root; the paths below are relative to it. */
export const root = resolve(__dirname, '../..');

const SOURCE_EXTENSIONS = ['.ts', '.tsx'];

/** Every .ts and .tsx file under `dir` (declaration files, node_modules and the `skip` directories left out). */
export function listSourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' || skip.includes(path) ? [] : listSourceFiles(path, skip);
    return SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
