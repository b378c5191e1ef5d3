// The public app draws antd from its prebuilt stylesheet split by component (vite.config.ts antdStaticStyles):
// a module that imports a component gets that component's rules. These tests keep the table of components
// true to the code and check how the sheet is split and layered.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_IN_ENTRY, ANTD_SHARED, ANTD_STYLES, antdImportsOf, antdStyleGroups } from '../../vite.config';
import { edgesOf, listSourceFiles, root } from './sourceFiles';

const antdCss = readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
const groups = antdStyleGroups(antdCss);
const group = (name: string) => groups.get(name) ?? '';
/** A module's code as the build sees it: type-only imports draw nothing (TypeScript strips them). */
const withoutTypeImports = (code: string) => code.replace(/import\s+type\s*\{[^}]*\}\s*from\s*'antd';?/g, '');

describe('antd styles by component', () => {
  it('lists the styles of every antd component the public app imports (the build refuses one it does not know)', () => {
    const imported = new Set<string>();
    // The public app's sources: src/ without the staff console (which keeps antd's runtime styles). Type-only
    // imports draw nothing; the build sees the code with them stripped.
    for (const file of listSourceFiles('src', ['src/console'])) {
      for (const name of antdImportsOf(withoutTypeImports(readFileSync(join(root, file), 'utf8')))) imported.add(name);
    }
    expect(imported.has('Button') && imported.has('Table')).toBe(true); // the scan finds imports at all
    expect([...imported].filter((name) => !(name in ANTD_STYLES))).toEqual([]);
    // Every prefix listed is a class prefix of the sheet (a misspelt one would draw its component unstyled).
    const listed = [...new Set(Object.values(ANTD_STYLES).flat())];
    expect(listed.filter((prefix) => !new RegExp(`\\.ant-${prefix}[{ .:>-]`).test(antdCss))).toEqual([]);
  });

  it('reads a module’s antd imports as the build sees them', () => {
    expect(antdImportsOf(`import { App as AntdApp, ConfigProvider } from 'antd';\nimport { Button } from "antd";`)).toEqual(['App', 'ConfigProvider', 'Button']);
    expect(antdImportsOf(`import { Button } from 'antd-mobile';`)).toEqual([]);
  });

  it('gives each rule to the component of its first antd class, by the longest prefix', () => {
    expect(group('table')).toContain('.ant-table-wrapper');
    // A pagination under a table is styled by the table's rules; a number input is not a plain input.
    expect(group('table')).toContain('.ant-table-wrapper .ant-table-pagination.ant-pagination');
    expect(group('pagination')).not.toContain('.ant-table-pagination');
    expect(group('input-number')).toContain('.ant-input-number{');
    expect(group(ANTD_SHARED)).not.toMatch(/(^|[{}\n])\.ant-input-number/);
    // A component's media queries go with it.
    expect(group('col')).toMatch(/@media[^{]*\{\.ant-col-sm-/);
  });

  it('keeps the styles of the components the entry draws with the entry, and only those', () => {
    // The entry's static imports (type-only and dynamic ones aside), through the public app's modules.
    const reached = new Set(['src/main.tsx']);
    const queue = ['src/main.tsx'];
    for (let file = queue.shift(); file; file = queue.shift()) {
      for (const edge of edgesOf(file)) {
        if (edge.typeOnly || edge.dynamic || reached.has(edge.to)) continue;
        reached.add(edge.to);
        queue.push(edge.to);
      }
    }
    const drawn = new Set([...reached].filter((file) => file.startsWith('src/')).flatMap((file) => antdImportsOf(withoutTypeImports(readFileSync(join(root, file), 'utf8')))));
    expect([...drawn].sort()).toEqual([...ANTD_IN_ENTRY].sort());
    expect(group(ANTD_SHARED)).toContain('.ant-btn{');
    expect(group(ANTD_SHARED)).toContain('.ant-drawer');
    expect(groups.has('btn')).toBe(false);
    expect(group(ANTD_SHARED)).not.toContain('.ant-table-wrapper');
  });

  it('keeps what belongs to no component for every page, and leaves out what must not be static', () => {
    const shared = group(ANTD_SHARED);
    expect(shared).toMatch(/(^|[{}\n])a\{/); // antd's link defaults
    expect(shared).toContain('@keyframes');
    expect(shared).toContain('.anticon');
    const all = [...groups.values()].join('\n');
    // The default blue theme's variables would fight the theme's, registered at run time.
    expect(all).not.toMatch(/(^|[{}\n])\.css-var-/);
    expect(all).not.toContain('--ant-color-primary:#1677ff');
    expect(all).not.toContain('.data-ant-cssinjs-cache-path');
  });

  it('puts every antd rule in the layer under the portal’s own, with the portal’s element defaults after antd’s', () => {
    for (const [name, css] of groups) {
      expect(css.startsWith('@layer base{'), name).toBe(true);
      // Outside the layer: only copies of rules holding their !important declarations (in the layer, antd's
      // would beat every !important of the portal's, whatever its selector).
      const outside = css.slice(css.indexOf('\n}') + 2);
      for (const declaration of outside.match(/\{[^{}]*\}/g) ?? []) expect(declaration.slice(1, -1).split(';').filter(Boolean).every((d) => d.includes('!important')), `${name}: ${declaration}`).toBe(true);
    }
    const carousel = group('carousel');
    const layer = carousel.slice(0, carousel.indexOf('\n}') + 2);
    expect(layer).toContain('.ant-carousel .slick-dots{');
    expect(layer).not.toContain('!important');
    expect(carousel.slice(layer.length)).toMatch(/\.ant-carousel \.slick-dots\{display:flex!important;?\}/);
    const global = readFileSync(join(root, 'src/styles/global.css'), 'utf8');
    expect(global).toMatch(/@layer base \{[^@]*\n\s*a \{ color: inherit;/);
    // The shared antd rules (antd's own `a{}`) are the entry's first import, before global.css.
    const main = readFileSync(join(root, 'src/main.tsx'), 'utf8');
    expect(main.indexOf("import 'virtual:antd.css'")).toBeLessThan(main.indexOf("import './styles/global.css'"));
    expect(main.indexOf("import 'virtual:antd.css'")).toBeLessThan(main.indexOf('import {'));
  });
});
