/**
 * Demo files made at seed time (nothing is fetched): PDFs through lib/pdf.ts (as the exchange's own
 * documents), .docx and .xlsx packages (stored ZIPs of minimal Office Open XML; the one ZIP writer, whose
 * CRC-32 is node's zlib.crc32), and SVG pictures (banners, ads, partner logos, news and project images).
 * Every generator is deterministic: same input, same bytes.
 */
import { crc32 } from 'node:zlib';
import { renderPdf } from '../../lib/pdf.ts';

/* ---------- PDF ---------- */

/** A PDF of a title and paragraphs, laid out by the one renderer of the exchange's documents (lib/pdf.ts). */
export async function makePdf(title: string, paragraphs: readonly string[]): Promise<Buffer> {
  return Buffer.from(await renderPdf({ title, blocks: paragraphs.map((text) => ({ kind: 'paragraph', text })) }));
}

/* ---------- ZIP (stored) for .docx / .xlsx ---------- */

/** A ZIP of stored (uncompressed) entries with a fixed date, so the bytes never change. */
export function makeZip(entries: readonly { name: string; data: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.data, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const xmlEscape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A Word document: a centred bold title and paragraphs ('' gives an empty line; '____' lines are for filling in). */
export function makeDocx(title: string, paragraphs: readonly string[]): Buffer {
  const para = (text: string, opts: { bold?: boolean; center?: boolean; size?: number } = {}) =>
    `<w:p>${opts.center ? '<w:pPr><w:jc w:val="center"/></w:pPr>' : ''}<w:r><w:rPr><w:rFonts w:ascii="SimSun" w:eastAsia="SimSun" w:hAnsi="SimSun"/>${opts.bold ? '<w:b/>' : ''}<w:sz w:val="${opts.size ?? 24}"/></w:rPr><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para(title, { bold: true, center: true, size: 36 })}${paragraphs
    .map((p) => para(p))
    .join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    { name: 'word/document.xml', data: document },
  ]);
}

/** An Excel workbook with one sheet of inline strings (numbers stay numbers). */
export function makeXlsx(sheetName: string, rows: readonly (readonly (string | number)[])[]): Buffer {
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row
          .map((cell, c) =>
            typeof cell === 'number'
              ? `<c r="${col(c)}${r + 1}"><v>${cell}</v></c>`
              : `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${xmlEscape(cell)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlEscape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    },
  ]);
}

/* ---------- SVG pictures ---------- */

const FONT = `font-family="'Microsoft YaHei','PingFang SC','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif"`;

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

export const PALETTES: readonly Palette[] = [
  { from: '#8e1414', to: '#d84315', accent: '#ffd54f' },
  { from: '#0d3b66', to: '#1f6fb2', accent: '#ffd166' },
  { from: '#1b5e20', to: '#2e7d32', accent: '#c5e1a5' },
  { from: '#4a148c', to: '#7b1fa2', accent: '#f8bbd0' },
  { from: '#263238', to: '#455a64', accent: '#ffcc80' },
  { from: '#b71c1c', to: '#880e4f', accent: '#ffe082' },
];

/** City skyline silhouette across the bottom of a w×h picture. */
function skyline(w: number, h: number, opacity: number): string {
  const parts: string[] = [];
  let x = 0;
  let i = 0;
  while (x < w) {
    const bw = 30 + ((i * 37) % 50);
    const bh = h * (0.18 + ((i * 53) % 30) / 100);
    parts.push(`<rect x="${x}" y="${(h - bh).toFixed(1)}" width="${bw - 4}" height="${bh.toFixed(1)}"/>`);
    x += bw;
    i++;
  }
  return `<g fill="#fff" opacity="${opacity}">${parts.join('')}</g>`;
}

function svgDoc(w: number, h: number, inner: string, palette: Palette, id: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>${inner}</svg>`,
    'utf8',
  );
}

/** The home banner (1200×320): a headline, a line of text and a skyline. */
export function bannerSvg(title: string, subtitle: string, tag: string, palette: Palette): Buffer {
  const inner = `${skyline(1200, 320, 0.1)}<circle cx="1010" cy="120" r="150" fill="${palette.accent}" opacity="0.12"/><circle cx="1090" cy="210" r="90" fill="#fff" opacity="0.08"/><rect x="96" y="78" width="${tag.length * 18 + 28}" height="32" rx="16" fill="${palette.accent}"/><text x="110" y="100" ${FONT} font-size="17" fill="${palette.from}" font-weight="700">${xmlEscape(tag)}</text><text x="96" y="176" ${FONT} font-size="50" font-weight="700" fill="#fff" letter-spacing="4">${xmlEscape(title)}</text><text x="98" y="226" ${FONT} font-size="22" fill="#fff" opacity="0.9">${xmlEscape(subtitle)}</text><rect x="98" y="250" width="120" height="4" fill="${palette.accent}"/>`;
  return svgDoc(1200, 320, inner, palette, 'g');
}

/** An ad strip (590×100). */
export function adSvg(title: string, subtitle: string, palette: Palette): Buffer {
  const inner = `${skyline(590, 100, 0.12)}<text x="32" y="48" ${FONT} font-size="26" font-weight="700" fill="#fff">${xmlEscape(title)}</text><text x="32" y="78" ${FONT} font-size="15" fill="#fff" opacity="0.92">${xmlEscape(subtitle)}</text><circle cx="540" cy="50" r="26" fill="${palette.accent}" opacity="0.9"/><path d="M530 38 L552 50 L530 62 Z" fill="${palette.from}"/>`;
  return svgDoc(590, 100, inner, palette, 'g');
}

/** A partner logo (200×64): an emblem and the name. */
export function partnerLogoSvg(name: string, short: string, palette: Palette): Buffer {
  const size = name.length > 11 ? 12 : name.length > 8 ? 13 : 15;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="64" viewBox="0 0 200 64"><rect x="0.5" y="0.5" width="199" height="63" rx="4" fill="#fff" stroke="#e5e5e5"/><circle cx="32" cy="32" r="20" fill="${palette.from}"/><circle cx="32" cy="32" r="14" fill="none" stroke="${palette.accent}" stroke-width="2"/><text x="32" y="38" text-anchor="middle" ${FONT} font-size="15" font-weight="700" fill="#fff">${xmlEscape(short)}</text><text x="60" y="37" ${FONT} font-size="${size}" fill="#333">${xmlEscape(name)}</text></svg>`,
    'utf8',
  );
}

/** A picture for a news article or a special (400×250): a theme word over an abstract scene. */
export function pictureSvg(word: string, caption: string, palette: Palette, motif: 'city' | 'hall' | 'meeting' | 'land'): Buffer {
  const scenes: Record<typeof motif, string> = {
    city: skyline(400, 250, 0.22),
    hall: `<g fill="#fff" opacity="0.2"><rect x="60" y="150" width="280" height="70"/><polygon points="50,150 200,80 350,150"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${82 + i * 52}" y="160" width="16" height="60" fill="${palette.from}"/>`).join('')}</g>`,
    meeting: `<g fill="#fff" opacity="0.22"><rect x="70" y="170" width="260" height="16" rx="8"/>${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${95 + i * 42}" cy="150" r="13"/>`).join('')}</g>`,
    land: `<g fill="#fff" opacity="0.2"><path d="M0 200 Q100 150 200 190 T400 170 V250 H0Z"/><path d="M0 225 Q120 185 240 215 T400 205 V250 H0Z" opacity="0.6"/></g>`,
  };
  const inner = `${scenes[motif]}<text x="28" y="64" ${FONT} font-size="34" font-weight="700" fill="#fff">${xmlEscape(word)}</text><rect x="28" y="80" width="64" height="4" fill="${palette.accent}"/><text x="28" y="112" ${FONT} font-size="16" fill="#fff" opacity="0.92">${xmlEscape(caption)}</text>`;
  return svgDoc(400, 250, inner, palette, 'g');
}

/** A key-recommendation picture (400×225, the strip's 16:9): the type in the lower left, clear of badges. */
export function keyPictureSvg(word: string, caption: string, palette: Palette, motif: 'city' | 'hall' | 'meeting' | 'land'): Buffer {
  const scenes: Record<typeof motif, string> = {
    city: skyline(400, 225, 0.2),
    hall: `<g fill="#fff" opacity="0.18"><rect x="190" y="95" width="180" height="80"/><polygon points="180,95 280,45 380,95"/>${[0, 1, 2, 3].map((i) => `<rect x="${205 + i * 42}" y="105" width="14" height="70" fill="${palette.from}"/>`).join('')}</g>`,
    meeting: `<g fill="#fff" opacity="0.2"><rect x="200" y="120" width="170" height="14" rx="7"/>${[0, 1, 2, 3].map((i) => `<circle cx="${220 + i * 42}" cy="102" r="12"/>`).join('')}</g>`,
    land: `<g fill="#fff" opacity="0.18"><path d="M0 170 Q100 130 200 160 T400 140 V225 H0Z"/></g>`,
  };
  const inner = `${scenes[motif]}<circle cx="350" cy="40" r="60" fill="${palette.accent}" opacity="0.14"/><text x="24" y="168" ${FONT} font-size="30" font-weight="700" fill="#fff">${xmlEscape(word)}</text><rect x="24" y="180" width="48" height="4" fill="${palette.accent}"/><text x="24" y="206" ${FONT} font-size="14" fill="#fff" opacity="0.9">${xmlEscape(caption)}</text>`;
  return svgDoc(400, 225, inner, palette, 'g');
}
