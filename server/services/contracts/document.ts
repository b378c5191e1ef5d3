/** The contract as a document: laid out by lib/pdf.ts, frozen when every party has confirmed, then signed. */
import { PARTY_ROLE_TEXT } from '#domain/rules/tradeContract';
import { OPEN_FIELDS, type PartyRole } from '#domain/contract/tradeContract';
import { renderPdf, type PdfBlock } from '../../lib/pdf.ts';
import { plainText } from '../common/rich-text.ts';
import { EXCHANGE_NAME, factsOf, openOf, type ContractRow, type PartyRow } from './records.ts';
import { fixedClauses, templateKey } from './templates.ts';

/** The document every party confirms and then signs: the title, the facts, the clauses, a signature area per party. */
export async function contractDocumentPdf(c: ContractRow, parties: PartyRow[]): Promise<Uint8Array> {
  const f = factsOf(c);
  const open = openOf(c);
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      rows: [
        ['合同编号', c.contract_code],
        ['成交编号', f.dealCode],
        ['转让方（甲方）', f.transferor],
        ['受让方（乙方）', f.buyer],
        ['项目名称', f.assetsName],
        ['项目编号', f.projectCode],
        ['成交价款', `${f.priceText}（大写：${f.priceUpper}）`],
      ],
    },
    { kind: 'paragraph', text: '甲乙双方根据《中华人民共和国民法典》及产权交易的有关规定，就甲方通过河北产权市场公开转让的标的，经平等协商，订立本合同。' },
  ];
  for (const clause of fixedClauses(templateKey(c.template), f)) blocks.push({ kind: 'heading', text: clause.heading }, { kind: 'paragraph', text: clause.text });
  for (const field of OPEN_FIELDS) blocks.push({ kind: 'heading', text: field.label }, { kind: 'paragraph', text: plainText(open[field.key]) || '无' });
  blocks.push({ kind: 'paragraph', text: `本合同第 ${c.version} 版经各方于线上确认定稿。` });
  blocks.push({ kind: 'signatures', parties: [...parties.map((p) => `${PARTY_ROLE_TEXT[p.role as PartyRole]}：${p.name}`), `鉴证方：${EXCHANGE_NAME}`] });
  return renderPdf({ title: c.title, blocks, footer: `合同编号 ${c.contract_code}` });
}
