// The public app draws antd from a prebuilt stylesheet (vite.config.ts antdStaticStyles) that leaves out the
// components listed in ANTD_UNUSED: a page that starts using one would draw it unstyled. This keeps the list
// true to the code, and checks what the stylesheet keeps and drops.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_UNUSED, antdStylesheet } from '../../vite.config';
import { listSourceFiles, root } from './sourceFiles';

/** antd's components by the class prefix their styles use. */
const COMPONENTS_BY_PREFIX: Record<string, string[]> = {
  tree: ['Tree', 'TreeSelect'],
  mentions: ['Mentions'],
  color: ['ColorPicker'],
  cascader: ['Cascader'],
  transfer: ['Transfer'],
  tour: ['Tour'],
  slider: ['Slider'],
  splitter: ['Splitter'],
  rate: ['Rate'],
  float: ['FloatButton'],
  anchor: ['Anchor'],
  masonry: ['Masonry'],
};

function antdImports(): Set<string> {
  const names = new Set<string>();
  // The public app's sources: src/ without the staff console (which keeps antd's runtime styles).
  for (const file of listSourceFiles('src', ['src/console'])) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

describe("antd's Result", () => {
  // Its module carries the 403/404/500 illustrations (33 kB of script): imported by a block of the home
  // page, they were in every page's first load. src/components/Result.tsx draws the other statuses.
  it('is imported by the public app only where a page shows an illustration (403, 404, 500)', () => {
    const antdResult = /import\s*\{[^}]*\bResult(?:\s+as\s+(\w+))?\s*[,}][^;]*from\s*'antd'/;
    const importers = listSourceFiles('src', ['src/console']).filter((file) => antdResult.test(readFileSync(join(root, file), 'utf8')));
    expect(importers.length).toBeGreaterThan(0); // the scan finds the two that keep it
    const plain = importers.filter((file) => {
      const source = readFileSync(join(root, file), 'utf8');
      const local = antdResult.exec(source)![1] ?? 'Result';
      const uses = [...source.matchAll(new RegExp(`<${local}\\b[^>]*?status="([^"]+)"`, 'gs'))].map((m) => m[1]);
      return uses.length === 0 || uses.some((status) => !['403', '404', '500'].includes(status!));
    });
    expect(plain).toEqual([]);
  });
});

describe('antd prebuilt stylesheet', () => {
  it('leaves out only components the public app never imports', () => {
    expect(Object.keys(COMPONENTS_BY_PREFIX).sort()).toEqual([...ANTD_UNUSED].sort());
    const imported = antdImports();
    expect(imported.has('Button')).toBe(true); // the scan finds imports at all
    const drawnButDropped = ANTD_UNUSED.flatMap((prefix) => COMPONENTS_BY_PREFIX[prefix]!.filter((name) => imported.has(name)));
    expect(drawnButDropped).toEqual([]);
  });

  it('keeps the components, drops the static token blocks and the unused components', () => {
    const css = antdStylesheet(readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8'));
    for (const rule of ['.ant-btn{', '.ant-table-wrapper', '.ant-picker{', '.ant-modal-root']) expect(css).toContain(rule);
    // The default blue theme's variables would fight the theme's, registered at run time.
    expect(css).not.toMatch(/(^|\})\.css-var-/);
    expect(css).not.toContain('--ant-color-primary:#1677ff');
    expect(css).not.toContain('.data-ant-cssinjs-cache-path');
    expect(css).not.toMatch(/\.ant-(tree|mentions|cascader|float-btn)[{ .:-]/);
  });
});
