/**
 * Real digital signatures. The installation's CA lives in the database (one root, shared by two
 * handles = two processes, created race-safely); two persons and then the exchange's seal sign one PDF by
 * incremental updates and every signature verifies with its name and time; one changed byte, bytes
 * appended after the last signature, and a certificate of another CA each fail verification with the
 * reason in Chinese. Runs on SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { createTestDatabase, NOW, type TestDatabase } from './helpers.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { renderPdf } from '../../server/lib/pdf.ts';
import { drawSealPng } from '../../server/lib/png.ts';
import { DbCaStore, MemoryCaStore } from '../../server/services/esign/ca.ts';
import { LocalCaSigningProvider } from '../../server/services/esign/local.ts';
import { findSignatures, MSG_APPENDED } from '../../server/services/esign/verify.ts';
import type { Signer } from '../../server/services/esign/types.ts';

let database: TestDatabase;
let provider: LocalCaSigningProvider;
let signed: Uint8Array;

const zhang: Signer = { userId: 11, kind: 'person', name: '张三' };
const li: Signer = { userId: 12, kind: 'person', name: '李四' };
const exchange: Signer = { userId: 0, kind: 'exchange', name: '河北产权交易所' };
const at = (minute: number) => new Date(NOW + minute * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db, database.handle.schema);
  provider = new LocalCaSigningProvider(new DbCaStore(database.handle.db), () => NOW);
  const pdf = await renderPdf({
    title: '产权交易合同',
    footer: 'HT-2026-0001',
    blocks: [
      { kind: 'heading', text: '第一条 交易标的' },
      { kind: 'paragraph', text: '甲方将其持有的标的转让给乙方。' },
      { kind: 'fields', rows: [['成交价', '1,000,000.00 元']] },
      { kind: 'signatures', parties: ['甲方', '乙方', '河北产权交易所'] },
    ],
  });
  const png = drawSealPng(120);
  signed = pdf;
  for (const [slot, signer] of [zhang, li, exchange].entries()) {
    signed = await provider.sign(signed, { signer, mark: { kind: signer.kind === 'person' ? 'drawn' : 'seal', png }, slot, reason: '签署产权交易合同', signedAt: at(slot) });
  }
}, 120_000);
afterAll(async () => database?.cleanup());

describe('the installation CA', () => {
  it('is created once and shared by every process on the database, even when two create it at once', async () => {
    const other = database.openAnother();
    const [a, b] = await Promise.all([new DbCaStore(database.handle.db).root(NOW), new DbCaStore(other.db).root(NOW)]);
    expect(a.certPem).toBe(b.certPem);
    expect(await database.handle.db.selectFrom('esign_ca').select('name').execute()).toHaveLength(1);
    // A signer's certificate is issued once and reused.
    const [c1, c2] = await Promise.all([new DbCaStore(database.handle.db).certificateFor(zhang, NOW), new DbCaStore(other.db).certificateFor(zhang, NOW)]);
    expect(c1.certPem).toBe(c2.certPem);
    expect(await database.handle.db.selectFrom('esign_certificate').select('name').orderBy('name').execute()).toEqual([{ name: '张三' }, { name: '李四' }, { name: '河北产权交易所' }].sort((x, y) => (x.name < y.name ? -1 : 1)));
  });
});

describe('signing and verifying', () => {
  it('keeps every earlier signature valid: three signatures, names and times, the last covering the file', async () => {
    const result = await provider.verify(signed);
    expect(result.problem).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(result.signatures).toEqual([
      { name: '张三', signedAt: '2026-11-21 12:00:00', intact: true, trusted: true, coversWholeDocument: false },
      { name: '李四', signedAt: '2026-11-21 12:01:00', intact: true, trusted: true, coversWholeDocument: false },
      { name: '河北产权交易所', signedAt: '2026-11-21 12:02:00', intact: true, trusted: true, coversWholeDocument: true },
    ]);
    // A PDF reader sees three filled signature fields with their appearances.
    const doc = await PDFDocument.load(signed);
    const fields = doc.getForm().acroForm.getAllFields().map(([f]) => f.dict);
    expect(fields).toHaveLength(3);
    for (const field of fields) {
      expect(field.lookup(PDFName.of('V'), PDFDict).get(PDFName.of('SubFilter'))).toEqual(PDFName.of('ETSI.CAdES.detached'));
      expect(field.lookup(PDFName.of('AP'), PDFDict).get(PDFName.of('N'))).toBeDefined();
    }
    await expect(provider.sign(signed, { signer: li, mark: { kind: 'drawn', png: drawSealPng(60) }, slot: 1, reason: 'x', signedAt: at(5) })).rejects.toThrow('第 2 个签章位置已经签署');
    await expect(provider.sign(signed, { signer: li, mark: { kind: 'drawn', png: drawSealPng(60) }, slot: 7, reason: 'x', signedAt: at(5) })).rejects.toThrow('文档中没有第 8 个签章位置');
  });

  it('fails after one byte inside a signed range is changed', async () => {
    const [first] = findSignatures(signed);
    const changed = Buffer.from(signed);
    // A byte of the page content, inside the first signature's first range (and so inside every later one).
    const at = Math.floor(first!.byteRange[1] / 3);
    changed[at] = changed[at]! ^ 0x01;
    const result = await provider.verify(changed);
    expect(result.valid).toBe(false);
    expect(result.signatures.map((s) => s.intact)).toEqual([false, false, false]);
    expect(result.problem).toContain('第 1 个签名（张三）签署后文件内容被修改，签名无效');
  });

  it('reports bytes appended after the last signature as not covered', async () => {
    const result = await provider.verify(Buffer.concat([Buffer.from(signed), Buffer.from('\n1 0 obj\n(追加)\nendobj\n')]));
    expect(result.valid).toBe(false);
    expect(result.signatures.map((s) => [s.intact, s.trusted, s.coversWholeDocument])).toEqual([
      [true, true, false],
      [true, true, false],
      [true, true, false],
    ]);
    expect(result.problem).toBe(MSG_APPENDED);
  });

  it('does not trust a certificate of another CA, and says when a file has no signature', async () => {
    const foreign = new LocalCaSigningProvider(new MemoryCaStore('其他认证机构'), () => NOW);
    const pdf = await renderPdf({ title: '合同', blocks: [{ kind: 'signatures', parties: ['甲方'] }] });
    const other = await foreign.sign(pdf, { signer: zhang, mark: { kind: 'typed', png: drawSealPng(60) }, slot: 0, reason: '签署', signedAt: at(0) });
    expect((await foreign.verify(other)).valid).toBe(true);
    const result = await provider.verify(other);
    expect(result.valid).toBe(false);
    expect(result.signatures).toEqual([{ name: '张三', signedAt: '2026-11-21 12:00:00', intact: true, trusted: false, coversWholeDocument: true }]);
    expect(result.problem).toBe('第 1 个签名（张三）的证书不是本平台认证中心签发的，不受信任');
    expect(await provider.verify(pdf)).toEqual({ valid: false, signatures: [], problem: '文件中没有数字签名' });
  });
});
