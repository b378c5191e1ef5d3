/**
 * The one renderer of the documents the exchange issues as PDF (成交确认书, invoices, contracts): a title
 * and blocks, laid out on A4. Callers describe what the document says; this module decides how it looks.
 *
 * pdf-lib with fontkit and an embedded subset of Noto Sans SC (the TTF shipped by
 * @expo-google-fonts/noto-sans-sc, read once per process): the text is real text (FontFile2 + ToUnicode,
 * searchable and copyable), never images.
 *
 * Signature areas: the `signatures` block draws one labelled box per party and puts an EMPTY signature
 * field (/FT /Sig, a widget inside the box) named `sig_<slot>` (slot = the party's index) in the
 * document's AcroForm. The signing provider (server/services/esign/) finds the area of a slot by that
 * name, so the layout lives only here.
 *
 * Same input → same bytes: the dates are fixed (PdfDocument.issuedAt, else 2000-01-01), the trailer /ID is
 * a hash of the input, and pdf-lib's subset-font tag comes from a fixed-seed generator. The file uses a
 * classic cross-reference table (no object streams), so signatures can be appended as incremental updates.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as upstreamFontkit from 'fontkit';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFString, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Label/value rows, as on a confirmation or an invoice. */
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string])[] }
  /** A table: column titles with relative widths, then rows of cells (the header repeats on each new page). */
  | { kind: 'table'; columns: readonly { title: string; width: number }[]; rows: readonly (readonly string[])[] }
  /** One signature area per party, in signing order (the signer's mark goes in its area). */
  | { kind: 'signatures'; parties: readonly string[] };

export interface PdfDocument {
  title: string;
  blocks: readonly PdfBlock[];
  /** A line at the foot of every page (e.g. the document number). */
  footer?: string;
  /** The document's creation date in its metadata (fixed, so the same input gives the same bytes). */
  issuedAt?: Date;
}

/** The name of the empty signature field of a party's area (slot = index into the parties). */
export const signatureFieldName = (slot: number) => `sig_${slot}`;

const require = createRequire(import.meta.url);
let fontBytes: Uint8Array | undefined;
/** Noto Sans SC Regular (10 MB TTF), read on first use and kept. */
export function notoSansSc(): Uint8Array {
  fontBytes ??= new Uint8Array(readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')));
  return fontBytes;
}

/**
 * The font engine pdf-lib subsets with: upstream fontkit, not pdf-lib's own fork (@pdf-lib/fontkit 1.1),
 * whose TrueType subsets of large CJK fonts lose glyphs silently (a short `loca` written without padding
 * shifts every later glyph: most characters render blank while the text still extracts; fixed upstream
 * in fontkit 1.8, foliojs/fontkit#191).
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * Upstream fontkit's font, as pdf-lib expects one: pdf-lib serialises a subset through fontkit 1's
 * `encodeStream()` (events data/end); fontkit 2 encodes in one call (`encode()`).
 */
function forPdfLib(font: upstreamFontkit.Font): ReturnType<Fontkit['create']> {
  const createSubset = font.createSubset.bind(font);
  return Object.assign(font, {
    createSubset() {
      const subset = createSubset();
      return Object.assign(subset, {
        encodeStream() {
          const events = new EventEmitter();
          setImmediate(() => {
            try {
              events.emit('data', subset.encode());
              events.emit('end');
            } catch (error) {
              events.emit('error', error);
            }
          });
          return events;
        },
      });
    },
  }) as unknown as ReturnType<Fontkit['create']>;
}

const fontkit: Fontkit = {
  create: (data: Uint8Array, postscriptName?: string) => forPdfLib(upstreamFontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength), postscriptName) as upstreamFontkit.Font),
};

/**
 * fontkit for pdf-lib's registerFontkit, parsing Noto Sans SC once per process (parsing 10 MB takes about
 * a second); each document still makes its own subset of the parsed font.
 */
let parsedNoto: ReturnType<typeof fontkit.create> | undefined;
export const cachingFontkit: Fontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    if (data === fontBytes && postscriptName === undefined) return (parsedNoto ??= fontkit.create(data));
    return fontkit.create(data, postscriptName);
  },
};

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN_X = 56;
const TOP = PAGE_H - 64;
const BOTTOM = 64;
const CONTENT_W = PAGE_W - 2 * MARGIN_X;
const TEXT = rgb(0.1, 0.1, 0.1);
const LINE = rgb(0.45, 0.45, 0.45);
const MUTED = rgb(0.4, 0.4, 0.4);
const BODY = 10.5;
const SIG_BOX_H = 110;
const SIG_GAP = 20;
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/** Splits text into runs a line may break between: each CJK character alone, Latin words and digits kept whole. */
function tokens(text: string): string[] {
  return text.match(/[A-Za-z0-9@._\-/:%]+|\s|./gsu) ?? [];
}

/** Greedy wrap to `width` (a `\n` forces a break); the first line may be indented. */
export function wrapText(font: PDFFont, text: string, size: number, width: number, firstIndent = 0): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    let limit = width - (lines.length === 0 ? firstIndent : 0);
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      limit = width;
    };
    for (const tok of tokens(para)) {
      if (font.widthOfTextAtSize(line + tok, size) <= limit) {
        line += tok;
        continue;
      }
      if (line.trim() !== '') push();
      if (tok.trim() === '') continue;
      // A word wider than a line: break it by character.
      for (const ch of font.widthOfTextAtSize(tok, size) > limit ? Array.from(tok) : [tok]) {
        if (font.widthOfTextAtSize(line + ch, size) > limit && line !== '') push();
        line += ch;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

class Layout {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.pages.push(this.page);
    this.y = TOP;
  }
  /** Makes room for `height` below the cursor, on a new page when this one is full. */
  need(height: number) {
    if (this.y - height < BOTTOM && this.y < TOP) this.newPage();
  }
  text(s: string, x: number, y: number, size: number, color = TEXT) {
    if (s !== '') this.page.drawText(s, { x, y, size, font: this.font, color });
  }
}

function drawFields(l: Layout, rows: readonly (readonly [string, string])[]) {
  const size = BODY;
  const lh = size * 1.5;
  const pad = 5;
  const labelW = Math.round(CONTENT_W * 0.3);
  const valueW = CONTENT_W - labelW;
  for (const [label, value] of rows) {
    const labelLines = wrapText(l.font, label, size, labelW - 2 * pad);
    const valueLines = wrapText(l.font, value, size, valueW - 2 * pad);
    const h = Math.max(labelLines.length, valueLines.length) * lh + 2 * pad;
    l.need(h);
    const top = l.y;
    const border = { borderColor: LINE, borderWidth: 0.6 };
    l.page.drawRectangle({ x: MARGIN_X, y: top - h, width: labelW, height: h, color: rgb(0.95, 0.95, 0.95), ...border });
    l.page.drawRectangle({ x: MARGIN_X + labelW, y: top - h, width: valueW, height: h, ...border });
    labelLines.forEach((s, i) => l.text(s, MARGIN_X + pad, top - pad - (i + 1) * lh + (lh - size) / 2 + 2, size));
    valueLines.forEach((s, i) => l.text(s, MARGIN_X + labelW + pad, top - pad - (i + 1) * lh + (lh - size) / 2 + 2, size));
    l.y = top - h;
  }
  l.y -= 10;
}

function drawTable(l: Layout, columns: readonly { title: string; width: number }[], rows: readonly (readonly string[])[]) {
  const size = 9;
  const lh = size * 1.45;
  const pad = 4;
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (CONTENT_W * c.width) / total);
  const border = { borderColor: LINE, borderWidth: 0.6 };
  const drawRow = (cells: readonly string[], header: boolean) => {
    const lines = widths.map((w, i) => wrapText(l.font, cells[i] ?? '', size, w - 2 * pad));
    const h = Math.max(...lines.map((c) => c.length)) * lh + 2 * pad;
    const draw = () => {
      const top = l.y;
      let x = MARGIN_X;
      widths.forEach((w, i) => {
        l.page.drawRectangle({ x, y: top - h, width: w, height: h, ...(header ? { color: rgb(0.95, 0.95, 0.95) } : {}), ...border });
        lines[i]!.forEach((s, j) => l.text(s, x + pad, top - pad - (j + 1) * lh + (lh - size) / 2 + 2, size));
        x += w;
      });
      l.y = top - h;
    };
    return { h, draw };
  };
  const head = drawRow(columns.map((c) => c.title), true);
  l.need(head.h * 2);
  head.draw();
  for (const cells of rows) {
    const row = drawRow(cells, false);
    if (l.y - row.h < BOTTOM) {
      l.newPage();
      head.draw();
    }
    row.draw();
  }
  l.y -= 10;
}

/** One labelled box per party, two per row; an empty signature field named by slot inside each box. */
function drawSignatures(l: Layout, parties: readonly string[], fields: PDFArray) {
  const boxW = (CONTENT_W - SIG_GAP) / 2;
  const labelH = BODY * 1.8;
  // The parties' areas stay together on one page when they fit on one.
  const rows = Math.ceil(parties.length / 2);
  const all = rows * (labelH + SIG_BOX_H + 12);
  if (all <= TOP - BOTTOM) l.need(all);
  for (let row = 0; row * 2 < parties.length; row++) {
    l.need(labelH + SIG_BOX_H + 12);
    const top = l.y;
    for (let col = 0; col < 2; col++) {
      const slot = row * 2 + col;
      const party = parties[slot];
      if (party === undefined) break;
      const x = MARGIN_X + col * (boxW + SIG_GAP);
      const label = wrapText(l.font, `${party}（签章）：`, BODY, boxW)[0] ?? '';
      l.text(label, x, top - BODY - 2, BODY);
      const boxY = top - labelH - SIG_BOX_H;
      l.page.drawRectangle({ x, y: boxY, width: boxW, height: SIG_BOX_H, borderColor: LINE, borderWidth: 0.6, borderDashArray: [3, 2] });
      const rect = [x + 4, boxY + 4, x + boxW - 4, boxY + SIG_BOX_H - 4];
      const field = l.doc.context.register(
        l.doc.context.obj({
          FT: 'Sig',
          T: PDFString.of(signatureFieldName(slot)),
          TU: PDFHexString.fromText(`${party}签章处`),
          Type: 'Annot',
          Subtype: 'Widget',
          Rect: rect,
          F: 4,
          P: l.page.ref,
        }),
      );
      l.page.node.addAnnot(field);
      fields.push(field);
    }
    l.y = top - labelH - SIG_BOX_H - 12;
  }
}

export async function renderPdf(doc: PdfDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(cachingFontkit);
  const font = await pdf.embedFont(notoSansSc(), { subset: true });
  const date = doc.issuedAt ?? FIXED_DATE;
  pdf.setTitle(doc.title);
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  pdf.setProducer('hbcq portal');
  pdf.setCreator('hbcq portal');
  const fields = pdf.context.obj([]);
  const l = new Layout(pdf, font);

  const titleSize = 18;
  for (const line of wrapText(font, doc.title, titleSize, CONTENT_W)) {
    const w = font.widthOfTextAtSize(line, titleSize);
    l.text(line, (PAGE_W - w) / 2, l.y - titleSize, titleSize);
    l.y -= titleSize * 1.5;
  }
  l.y -= 12;

  for (const block of doc.blocks) {
    if (block.kind === 'heading') {
      const size = 13;
      const lines = wrapText(font, block.text, size, CONTENT_W);
      l.need(lines.length * size * 1.5 + 8 + BODY * 1.7);
      l.y -= 6;
      for (const line of lines) {
        l.text(line, MARGIN_X, l.y - size, size);
        l.y -= size * 1.5;
      }
      l.y -= 2;
    } else if (block.kind === 'paragraph') {
      const lh = BODY * 1.7;
      const indent = BODY * 2;
      wrapText(font, block.text, BODY, CONTENT_W, indent).forEach((line, i) => {
        l.need(lh);
        l.text(line, MARGIN_X + (i === 0 ? indent : 0), l.y - BODY - 2, BODY);
        l.y -= lh;
      });
      l.y -= 4;
    } else if (block.kind === 'fields') {
      l.y -= 4;
      drawFields(l, block.rows);
    } else if (block.kind === 'table') {
      l.y -= 4;
      drawTable(l, block.columns, block.rows);
    } else {
      l.y -= 8;
      drawSignatures(l, block.parties, fields);
    }
  }

  const total = l.pages.length;
  l.pages.forEach((page, i) => {
    const line = `${doc.footer ? `${doc.footer}　　` : ''}第 ${i + 1} 页 / 共 ${total} 页`;
    const w = font.widthOfTextAtSize(line, 9);
    page.drawText(line, { x: (PAGE_W - w) / 2, y: 36, size: 9, font, color: MUTED });
  });

  if (fields.size() > 0) {
    pdf.catalog.set(PDFName.of('AcroForm'), pdf.context.register(pdf.context.obj({ Fields: fields })));
  }
  const id = PDFHexString.of(createHash('sha256').update(JSON.stringify(doc)).digest('hex').slice(0, 32));
  pdf.context.trailerInfo.ID = pdf.context.obj([id, id]);
  return pdf.save({ useObjectStreams: false });
}
