/**
 * The files of the public signature check's worst cases, for bench:verify (verify-delay.ts) and its test
 * (tests/server/esign-verify-load.test.ts): a signed contract, that contract with copies of its last
 * /ByteRange appended (the attack that stalled the server), and the costliest file verify.ts's bounds still
 * let through.
 */
import { renderPdf } from '../lib/pdf.ts';
import { drawSealPng } from '../lib/png.ts';
import type { SigningProvider, Signer } from '../services/esign/types.ts';

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** A contract signed by its parties and sealed by the exchange, as the portal makes them. */
export async function signedContract(signing: SigningProvider, signedAt: Date): Promise<Uint8Array> {
  const signers: Signer[] = [
    { userId: 11, kind: 'person', name: '张三' },
    { userId: 12, kind: 'org', name: '河北冀通物流有限公司' },
    { userId: 0, kind: 'exchange', name: '河北产权交易所' },
  ];
  let pdf = await renderPdf({
    title: '产权交易合同',
    footer: 'HT-VERIFY-0001',
    blocks: [
      { kind: 'paragraph', text: '甲方将其持有的标的转让给乙方，乙方按成交价受让。' },
      { kind: 'signatures', parties: ['甲方', '乙方', '河北产权交易所'] },
    ],
  });
  const png = drawSealPng(120);
  for (const [slot, signer] of signers.entries()) {
    pdf = await signing.sign(pdf, { signer, mark: { kind: signer.kind === 'person' ? 'drawn' : 'seal', png }, slot, reason: '签署产权交易合同', signedAt });
  }
  return pdf;
}

/** The text of the file's last `/ByteRange [0 b c d]`. */
export function lastByteRange(signed: Uint8Array): string {
  const all = [...Buffer.from(signed).toString('latin1').matchAll(BYTE_RANGE)];
  const last = all[all.length - 1];
  if (!last) throw new Error('the file has no /ByteRange');
  return last[0];
}

/** The attack: the signed file, then `copies` lines each repeating its last /ByteRange. */
export function withCopiedByteRanges(signed: Uint8Array, copies: number): Buffer {
  if (copies === 0) return Buffer.from(signed);
  const line = `${lastByteRange(signed)}\n`;
  // Filled by Buffer.alloc, not built as a string: a test measures the event loop right after, and a large
  // string left to the garbage collector would stall it on the test's account.
  return Buffer.concat([Buffer.from(signed), Buffer.from('\n'), Buffer.alloc(copies * line.length, line, 'latin1')]);
}

/** How many copies fit in `limit` bytes (the upload limit). */
export function copiesThatFit(signed: Uint8Array, limit: number): number {
  return Math.floor((limit - signed.length - 1) / (lastByteRange(signed).length + 1));
}

/**
 * The costliest file within verify.ts's bounds: `signatures` in all, the extra ones each with its own
 * /Contents holding a copy of the last real CMS (it parses, and its signature over its attributes checks)
 * and a /ByteRange over the whole file but that /Contents, so each costs a hash of the whole file; filled
 * up to `size` bytes.
 */
export function boundedWorstCase(signed: Uint8Array, signatures: number, size: number): Buffer {
  const text = Buffer.from(signed).toString('latin1');
  const all = [...text.matchAll(BYTE_RANGE)];
  const last = all[all.length - 1];
  if (!last) throw new Error('the file has no /ByteRange');
  const contents = text.slice(Number(last[2]), Number(last[3]));
  const placeholder = '0000000000';
  const entry = `\n<< /Type /Sig /ByteRange [0 ${placeholder} ${placeholder} ${placeholder}] /Contents ${contents} >>`;
  const extra = signatures - all.length;
  const filler = size - signed.length - extra * entry.length;
  if (extra < 0 || filler < 2) throw new Error(`cannot make ${signatures} signatures in ${size} bytes`);
  const out = Buffer.concat([Buffer.from(signed), Buffer.from('\n%'), Buffer.alloc(filler - 2, 'x'), Buffer.alloc(extra * entry.length, entry, 'latin1')]);
  const pad = (n: number) => String(n).padStart(placeholder.length, '0');
  for (let k = 0, from = out.length - extra * entry.length; k < extra; k++, from += entry.length) {
    const b = out.indexOf('/Contents <', from, 'latin1') + '/Contents '.length;
    const c = b + contents.length;
    out.write(`${pad(b)} ${pad(c)} ${pad(out.length - c)}`, out.indexOf(`[0 ${placeholder}`, from, 'latin1') + 3, 'latin1');
  }
  return out;
}
