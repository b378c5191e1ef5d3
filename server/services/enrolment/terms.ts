/**
 * The versioned terms a bidder accepts at enrolment (《竞买须知》, table terms_document, migration 0018):
 * the server serves the newest version in effect, with the SHA-256 of its exact UTF-8 text, and decides at
 * submission whether the version the bidder names is still the one in effect.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TermsDocument } from '#domain/contract/enrolment';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';

type Db = Kysely<Database>;

/** The enrolment form's 竞买须知. */
export const BIDDING_TERMS = 'bidding';

/** Hex SHA-256 of the text's UTF-8 bytes (what the stored hash and the served hash are). */
export function termsSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface StoredTerms extends TermsDocument {
  effectiveAt: number;
}

/** The version in effect at `now`: the latest effective time not after now (the higher id on a tie). */
export async function currentTerms(db: Db, now: number, docKey = BIDDING_TERMS): Promise<StoredTerms> {
  const row = await db
    .selectFrom('terms_document')
    .selectAll()
    .where('doc_key', '=', docKey)
    .where('effective_at', '<=', now)
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw new BusinessError(503, '竞买须知尚未发布，暂不能报名');
  const effectiveAt = Number(row.effective_at);
  return { title: row.title, version: row.version, effectiveAt, effectiveTime: formatChinaTime(effectiveAt), text: row.content, sha256: row.sha256 };
}

/**
 * The terms a submission accepts: its version must be the one in effect now, and its hash (when sent) that
 * version's. Refused with the reason the bidder reads (409: read the new version and submit again).
 */
export async function acceptableTerms(db: Db, now: number, named: { termsVersion: string; termsSha256?: string | undefined }): Promise<StoredTerms> {
  const current = await currentTerms(db, now);
  const version = named.termsVersion.trim();
  if (!version) throw new BusinessError(400, `请阅读并同意《${current.title}》`);
  if (version !== current.version) {
    throw new BusinessError(409, `《${current.title}》已更新为 v${current.version}（${current.effectiveTime} 起施行），您同意的 v${version} 已不再适用，请阅读最新版本后重新提交报名`);
  }
  if (named.termsSha256 !== undefined && named.termsSha256.toLowerCase() !== current.sha256) {
    throw new BusinessError(409, `您阅读的《${current.title}》v${version} 与本所公布的文本不一致，请刷新页面阅读后重新提交报名`);
  }
  return current;
}
