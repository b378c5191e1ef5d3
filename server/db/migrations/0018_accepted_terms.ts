/**
 * What a bidder accepted at enrolment (issue 26): the 竞买须知 as a versioned document, and the version and
 * hash each enrolment accepted.
 *
 * terms_document holds every version ever served, never changed once effective: its key ('bidding': the
 * 竞买须知 of the enrolment form), a version label, the title, when it takes effect, the exact text and the
 * SHA-256 (hex) of that text's UTF-8 bytes. The server serves the newest version in effect; a new version
 * is a new row with a later effective time. This migration stores the first version (the enrolment
 * commitments and the rules the form showed until now, as one text).
 *
 * enrolment gains the accepted version, its hash and the time of acceptance (null for enrolments older than
 * this migration, and for the demo's, which no bidder accepted by hand).
 * (Numbers 0017, 0019, 0020 are other changes'; migrations run in name order.) Portable subset; times epoch ms.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

/** Frozen here: a later version is a new row, never an edit of this text. */
export const FIRST_BIDDING_TERMS = {
  docKey: 'bidding',
  version: '2025.1',
  title: '竞买须知',
  /** 2025-01-01 00:00:00 China time. */
  effectiveAt: Date.UTC(2024, 11, 31, 16, 0, 0),
  text: [
    '一、竞买人应为具有完全民事行为能力的自然人、依法设立并有效存续的法人或其他组织，并已在本系统完成实名认证。',
    '二、本人（本单位）承诺所提交的报名材料真实、准确、完整，并对其真实性承担法律责任。',
    '三、竞买人已认真阅读并自愿遵守《河北产权市场网络竞价规则》及本项目公告的全部内容，接受竞价结果。',
    '四、竞买人已充分了解标的现状及瑕疵，自愿承担交易风险，竞得后不以标的瑕疵为由拒绝成交。',
    '五、竞买人须按公告要求在保证金截止时间前缴纳交易保证金；竞得后保证金转为价款，未竞得的保证金于竞价结束后原路退还。',
    '六、竞价以本所服务器时间为准；报价一经提交不得撤回。竞得人逾期不签订交易合同或不支付价款的，保证金按公告约定处理。',
  ].join('\n'),
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('terms_document'))
    .addColumn('doc_key', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('effective_at', 'bigint', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('terms_document_key_version_uq', ['doc_key', 'version'])
    .execute();
  await db.schema.createIndex('terms_document_key_effective_idx').on('terms_document').columns(['doc_key', 'effective_at']).execute();
  const t = FIRST_BIDDING_TERMS;
  await (db as Kysely<{ terms_document: Record<string, string | number> }>)
    .insertInto('terms_document')
    .values({ doc_key: t.docKey, version: t.version, title: t.title, effective_at: t.effectiveAt, content: t.text, sha256: createHash('sha256').update(t.text, 'utf8').digest('hex'), created_at: t.effectiveAt })
    .execute();

  await db.schema.alterTable('enrolment').addColumn('terms_version', 'text').execute();
  await db.schema.alterTable('enrolment').addColumn('terms_sha256', 'text').execute();
  await db.schema.alterTable('enrolment').addColumn('terms_accepted_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['terms_accepted_at', 'terms_sha256', 'terms_version']) {
    await db.schema.alterTable('enrolment').dropColumn(column).execute();
  }
  await db.schema.dropTable('terms_document').execute();
}
