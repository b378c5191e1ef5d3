/**
 * Text drawn as SVG paths with Noto Sans SC (the TTF shipped by @expo-google-fonts/noto-sans-sc, as the PDFs
 * use): pictures the server draws (the demo's lot illustrations) then look the same on every machine,
 * whatever fonts the system has, and the same input gives the same bytes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
let font: fontkit.Font | undefined;

function noto(): fontkit.Font {
  font ??= fontkit.create(readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'))) as fontkit.Font;
  return font;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The width of `text` at `size` (user units). */
export function textWidth(text: string, size: number): number {
  const f = noto();
  return (f.layout(text).advanceWidth * size) / f.unitsPerEm;
}

/** `text` as one SVG <path> whose baseline starts at (x, y), `size` units high. */
export function textPath(text: string, x: number, y: number, size: number, attrs = ''): string {
  const f = noto();
  const run = f.layout(text);
  const scale = size / f.unitsPerEm;
  let d = '';
  let pen = 0;
  for (const [i, glyph] of run.glyphs.entries()) {
    const pos = run.positions[i]!;
    d += glyph.path.translate(pen + pos.xOffset, pos.yOffset).toSVG();
    pen += pos.xAdvance;
  }
  return `<path transform="translate(${round(x)} ${round(y)}) scale(${round(scale * 1000) / 1000} ${-round(scale * 1000) / 1000})" d="${d}" ${attrs}/>`;
}

/** `text` cut into lines no wider than `width` at `size` (at most `maxLines`; the last one ends with … when cut). */
export function wrapText(text: string, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const next = line + chars[i];
    if (line && textWidth(next, size) > width) {
      if (lines.length === maxLines - 1) {
        let cut = line;
        while (cut && textWidth(`${cut}…`, size) > width) cut = cut.slice(0, -1);
        lines.push(`${cut}…`);
        return lines;
      }
      lines.push(line);
      line = chars[i]!;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
