/**
 * PDF signatures by incremental update (ISO 32000 12.8): the signed file is the original bytes, untouched,
 * followed by the changed and new objects, a cross-reference section with /Prev, and a trailer. Earlier
 * signatures cover their own revision, which is unchanged, so they stay valid.
 *
 * What one signature adds: the signature dictionary (/ByteRange + /Contents placeholder, then filled with
 * the CMS), the appearance (a form XObject: the mark PNG and one line with the signer's name and time, in a
 * subset of Noto Sans SC), the empty signature field of the slot (made by server/lib/pdf.ts) with /V and
 * /AP, and the AcroForm with /SigFlags 3.
 *
 * Reading them back is verify.ts, which needs no PDF parser (and so none of this module's weight).
 */
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { BusinessError } from '../../lib/envelope.ts';
import { cachingFontkit, notoSansSc, signatureFieldName } from '../../lib/pdf.ts';
import type { SignRequest } from './types.ts';

/** Room for the CMS in /Contents (bytes; written as twice as many hex digits). */
export const SIGNATURE_BYTES = 8192;
const PLACEHOLDER = '9999999999';

export const MSG_NO_SLOT = (slot: number) => `文档中没有第 ${slot + 1} 个签章位置`;
export const MSG_SLOT_SIGNED = (slot: number) => `第 ${slot + 1} 个签章位置已经签署`;
export const MSG_NOT_PDF = '文件不是有效的 PDF 文档';

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

function pdfDate(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return `D:${t.slice(0, 4)}${t.slice(5, 7)}${t.slice(8, 10)}${t.slice(11, 13)}${t.slice(14, 16)}${t.slice(17, 19)}+08'00'`;
}

function lastStartXref(text: string): number {
  const matches = [...text.matchAll(/startxref\s+(\d+)/g)];
  const last = matches[matches.length - 1];
  if (!last) throw new BusinessError(400, MSG_NOT_PDF);
  return Number(last[1]);
}

function serialise(obj: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number }): Buffer {
  const buf = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(buf, 0);
  return Buffer.from(buf);
}

export interface PreparedSignature {
  /** The whole file with the signature's /Contents still zeros. */
  bytes: Buffer;
  byteRange: [number, number, number, number];
  /** SHA-256 of the two byte ranges: what the CMS's messageDigest must be. */
  digest: Buffer;
}

/** Appends the signature's objects to `pdf` and returns the file with its /ByteRange set and /Contents empty. */
export async function prepareSignature(pdf: Uint8Array, request: SignRequest, subFilter: string): Promise<PreparedSignature> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch {
    throw new BusinessError(400, MSG_NOT_PDF);
  }
  doc.registerFontkit(cachingFontkit);
  const context = doc.context;
  const original = context.largestObjectNumber;

  const acroFormEntry = doc.catalog.get(PDFName.of('AcroForm'));
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const fields = acroForm?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  let fieldRef: PDFRef | undefined;
  let field: PDFDict | undefined;
  for (let i = 0; fields && i < fields.size(); i++) {
    const candidate = fields.lookupMaybe(i, PDFDict);
    const name = candidate?.lookupMaybe(PDFName.of('T'), PDFString, PDFHexString)?.decodeText();
    if (candidate && name === signatureFieldName(request.slot) && candidate.get(PDFName.of('FT')) === PDFName.of('Sig')) {
      field = candidate;
      const ref = fields.get(i);
      fieldRef = ref instanceof PDFRef ? ref : undefined;
    }
  }
  if (!acroForm || !field || !fieldRef) throw new BusinessError(400, MSG_NO_SLOT(request.slot));
  if (field.get(PDFName.of('V'))) throw new BusinessError(400, MSG_SLOT_SIGNED(request.slot));

  // The appearance: the mark above, "name  time" below, both inside the field's rectangle.
  const rect = field.lookup(PDFName.of('Rect'), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  const w = Math.abs(x2 - x1);
  const h = Math.abs(y2 - y1);
  let image;
  try {
    image = await doc.embedPng(request.mark.png);
  } catch {
    throw new BusinessError(400, '签章图片不是有效的 PNG 图片');
  }
  const font = await doc.embedFont(notoSansSc(), { subset: true });
  const line = `${request.signer.name}　${formatChinaTime(request.signedAt.getTime(), 'YYYY-MM-DD HH:mm')}`;
  let size = 8;
  while (size > 4 && font.widthOfTextAtSize(line, size) > w - 4) size -= 0.5;
  const textBand = size + 6;
  const scale = Math.min((w - 4) / image.width, (h - textBand - 4) / image.height);
  const iw = image.width * scale;
  const ih = image.height * scale;
  const ix = (w - iw) / 2;
  const iy = textBand + (h - textBand - ih) / 2;
  const tx = Math.max(2, (w - font.widthOfTextAtSize(line, size)) / 2);
  const f = (n: number) => n.toFixed(2);
  const content = `q ${f(iw)} 0 0 ${f(ih)} ${f(ix)} ${f(iy)} cm /Im0 Do Q\nBT /F0 ${f(size)} Tf 0.1 0.1 0.1 rg ${f(tx)} 3 Td ${font.encodeText(line).toString()} Tj ET\n`;
  await image.embed();
  await font.embed();
  const appearance = context.register(
    context.flateStream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, w, h], Resources: { XObject: { Im0: image.ref }, Font: { F0: font.ref } } }),
  );

  const sigRef = context.nextRef();
  field.set(PDFName.of('V'), sigRef);
  field.set(PDFName.of('AP'), context.obj({ N: appearance }));
  field.set(PDFName.of('F'), PDFNumber.of(4));
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));

  // What to write: every new object, the field, and the AcroForm (or the catalog holding it directly).
  const changed = new Set<number>([fieldRef.objectNumber, acroFormEntry instanceof PDFRef ? acroFormEntry.objectNumber : (context.trailerInfo.Root as PDFRef).objectNumber]);
  const objects = context
    .enumerateIndirectObjects()
    .filter(([ref]) => ref !== sigRef && (ref.objectNumber > original || changed.has(ref.objectNumber)))
    .sort(([a], [b]) => a.objectNumber - b.objectNumber);

  const head = latin1(pdf);
  const prev = lastStartXref(head);
  const parts: Buffer[] = [Buffer.from(pdf)];
  let offset = pdf.length;
  const push = (b: Buffer) => {
    parts.push(b);
    offset += b.length;
  };
  if (!head.endsWith('\n')) push(Buffer.from('\n'));
  const xref: [number, number, number][] = [];
  for (const [ref, obj] of objects) {
    xref.push([ref.objectNumber, ref.generationNumber, offset]);
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    push(serialise(obj));
    push(Buffer.from('\nendobj\n', 'latin1'));
  }
  xref.push([sigRef.objectNumber, 0, offset]);
  const sigHead =
    `${sigRef.objectNumber} 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /${subFilter} ` +
    `/ByteRange [0 ${PLACEHOLDER} ${PLACEHOLDER} ${PLACEHOLDER}] /Contents `;
  const sigTail =
    ` /M ${PDFString.of(pdfDate(request.signedAt)).toString()} /Name ${PDFHexString.fromText(request.signer.name).toString()}` +
    ` /Reason ${PDFHexString.fromText(request.reason).toString()} >>\nendobj\n`;
  const sigStart = offset;
  push(Buffer.from(sigHead, 'latin1'));
  const contentsStart = offset;
  push(Buffer.from(`<${'0'.repeat(SIGNATURE_BYTES * 2)}>`, 'latin1'));
  const contentsEnd = offset;
  push(Buffer.from(sigTail, 'latin1'));

  xref.sort((a, b) => a[0] - b[0]);
  const xrefOffset = offset;
  let table = 'xref\n';
  for (let i = 0; i < xref.length; ) {
    let j = i;
    while (j + 1 < xref.length && xref[j + 1]![0] === xref[j]![0] + 1) j++;
    table += `${xref[i]![0]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) table += `${String(xref[k]![2]).padStart(10, '0')} ${String(xref[k]![1]).padStart(5, '0')} n \n`;
    i = j + 1;
  }
  const xrefSize = Math.max(context.largestObjectNumber, sigRef.objectNumber) + 1;
  const info = context.trailerInfo.Info ? ` /Info ${context.trailerInfo.Info.toString()}` : '';
  const oldId = context.trailerInfo.ID instanceof PDFArray ? context.trailerInfo.ID.get(0)?.toString() : undefined;
  const newId = createHash('sha256').update(Buffer.from(pdf)).update(request.signer.name).update(String(request.signedAt.getTime())).digest('hex').slice(0, 32);
  const id = ` /ID [${oldId ?? `<${newId}>`} <${newId}>]`;
  table += `trailer\n<< /Size ${xrefSize} /Root ${(context.trailerInfo.Root as PDFRef).toString()}${info}${id} /Prev ${prev} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  push(Buffer.from(table, 'latin1'));

  const bytes = Buffer.concat(parts);
  const byteRange: [number, number, number, number] = [0, contentsStart, contentsEnd, bytes.length - contentsEnd];
  const rangeAt = bytes.indexOf(`[0 ${PLACEHOLDER} ${PLACEHOLDER} ${PLACEHOLDER}]`, sigStart, 'latin1');
  const rangeText = `[0 ${byteRange.slice(1).map((n) => String(n).padEnd(PLACEHOLDER.length, ' ')).join(' ')}]`;
  bytes.write(rangeText, rangeAt, 'latin1');
  const digest = createHash('sha256').update(bytes.subarray(0, contentsStart)).update(bytes.subarray(contentsEnd)).digest();
  return { bytes, byteRange, digest };
}

/** Writes the CMS into the prepared /Contents. */
export function fillSignature(prepared: PreparedSignature, cms: Uint8Array): Uint8Array {
  if (cms.length > SIGNATURE_BYTES) throw new Error(`CMS of ${cms.length} bytes exceeds the ${SIGNATURE_BYTES}-byte placeholder`);
  const out = Buffer.from(prepared.bytes);
  out.write(Buffer.from(cms).toString('hex').toUpperCase(), prepared.byteRange[1] + 1, 'latin1');
  return new Uint8Array(out);
}
