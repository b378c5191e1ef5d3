/**
 * server/lib/pdf.ts: A4 pages with an embedded subset of Noto Sans SC (FontFile2), Chinese text that a
 * reader can extract (ToUnicode), long documents on several pages with page numbers, one empty signature
 * field per party named by slot, and the same bytes for the same input.
 */
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream } from 'pdf-lib';
import * as fontkit from 'fontkit';
import { notoSansSc, renderPdf, signatureFieldName, type PdfDocument } from '../../server/lib/pdf.ts';

const DOC: PdfDocument = {
  title: '产权交易合同',
  footer: '合同编号 HT-2026-0001',
  blocks: [
    { kind: 'heading', text: '第一条 交易标的' },
    { kind: 'paragraph', text: '甲方将其持有的河北某某有限公司100%股权转让给乙方，乙方同意受让。' },
    { kind: 'fields', rows: [['成交价', '1,000,000.00 元'], ['标的名称', '河北某某有限公司 100% 股权']] },
    ...Array.from({ length: 30 }, (_, i) => ({ kind: 'paragraph' as const, text: `第${i + 2}条 双方约定的事项：${'本合同条款的内容较长，用于检验换行与分页。'.repeat(4)}` })),
    { kind: 'signatures', parties: ['甲方（转让方）', '乙方（受让方）', '河北产权交易所'] },
  ],
};

/** The first font of a page (the document's one font). */
function pageFont(doc: PDFDocument, pageIndex: number): PDFDict {
  const fonts = doc.getPage(pageIndex).node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  return fonts.lookup(fonts.keys()[0]!, PDFDict);
}

/** The font's ToUnicode CMap: character code (4 hex digits, upper case) → text. */
function toUnicode(font: PDFDict): Map<string, string> {
  const cmapText = new TextDecoder().decode(decodePDFRawStream(font.lookup(PDFName.of('ToUnicode'), PDFStream) as PDFRawStream).decode());
  const map = new Map<string, string>();
  for (const [, code, uni] of cmapText.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
    map.set(code!.toUpperCase(), Buffer.from(uni!, 'hex').swap16().toString('utf16le'));
  }
  return map;
}

/** The text a reader extracts from a page: the content's hex strings mapped through the font's ToUnicode CMap. */
function extractText(doc: PDFDocument, pageIndex: number): string {
  const page = doc.getPage(pageIndex);
  const map = toUnicode(pageFont(doc, pageIndex));
  const contents = page.node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r as PDFRef, PDFStream) as PDFRawStream) : [contents as PDFRawStream];
  const ops = streams.map((s) => new TextDecoder('latin1').decode(decodePDFRawStream(s).decode())).join('\n');
  let out = '';
  for (const [, hex] of ops.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
    for (let i = 0; i < hex!.length; i += 4) out += map.get(hex!.slice(i, i + 4).toUpperCase()) ?? '?';
    out += '\n';
  }
  return out;
}

describe('renderPdf', () => {
  it('embeds the Chinese font, keeps text extractable, and breaks long documents into numbered pages', async () => {
    const bytes = await renderPdf(DOC);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('/FontFile2');
    expect(text).toContain('/ToUnicode');
    expect(text).not.toContain('/ObjStm');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
    const first = extractText(doc, 0);
    expect(first).toContain('产权交易合同');
    expect(first).toContain('第一条 交易标的');
    expect(first).toContain('成交价');
    expect(first).toContain(`第 1 页 / 共 ${doc.getPageCount()} 页`);
    const last = extractText(doc, doc.getPageCount() - 1);
    expect(last).toContain('甲方（转让方）（签章）：');
    expect(last).toContain('合同编号 HT-2026-0001');
  });

  it('draws every character: each glyph of the embedded subset has the outline of the font\'s glyph for its character', async () => {
    // pdf-lib's own fontkit fork wrote CJK subsets whose glyphs were shifted or blank (text still extracted).
    const doc = await PDFDocument.load(await renderPdf(DOC));
    const font = pageFont(doc, 0);
    const cidFont = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const file = decodePDFRawStream(descriptor.lookup(PDFName.of('FontFile2'), PDFStream) as PDFRawStream).decode();
    const subset = fontkit.create(Buffer.from(file)) as fontkit.Font;
    const original = fontkit.create(Buffer.from(notoSansSc())) as fontkit.Font;
    const codes = [...toUnicode(font)];
    expect(codes.length).toBeGreaterThan(30);
    const outline = (glyph: fontkit.Glyph) => glyph.path.commands.map((c) => c.command).join('');
    const wrong = codes.filter(([code, text]) => outline(subset.getGlyph(parseInt(code, 16))) !== outline(original.glyphForCodePoint(text.codePointAt(0)!)));
    expect(wrong.map(([, text]) => text)).toEqual([]);
  });

  it('puts one empty signature field per party, named by slot, inside its box', async () => {
    const doc = await PDFDocument.load(await renderPdf(DOC));
    const fields = doc.getForm().acroForm.getAllFields().map(([f]) => f.dict);
    expect(fields.map((f) => f.get(PDFName.of('T'))?.toString())).toEqual([0, 1, 2].map((i) => `(${signatureFieldName(i)})`));
    for (const f of fields) {
      expect(f.get(PDFName.of('FT'))).toBe(PDFName.of('Sig'));
      expect(f.get(PDFName.of('V'))).toBeUndefined();
    }
  });

  it('gives the same bytes for the same input', async () => {
    const [a, b] = await Promise.all([renderPdf(DOC), renderPdf(DOC)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(await renderPdf({ ...DOC, title: '另一份合同' })).equals(Buffer.from(a))).toBe(false);
  });
});
