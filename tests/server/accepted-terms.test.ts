/**
 * What was accepted (issue 26): the enrolment form serves the 竞买须知 in effect with the SHA-256 of its exact
 * UTF-8 text; an enrolment stores the version and hash it accepted and shows them in its detail; the server
 * decides which version is in effect and refuses an outdated one (or another text's hash). SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { acceptedTermsText } from '#domain/rules/enrolment';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { FIRST_BIDDING_TERMS } from '../../server/db/migrations/0018_accepted_terms.ts';
import { termsSha256 } from '../../server/services/enrolment/terms.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import type { Json } from './helpers.ts';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

async function call(method: 'GET' | 'POST', url: string, user: string, params: Record<string, unknown>) {
  const res = await t.app.inject({
    method,
    url,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) } : { payload: params }),
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

const submission = (assetsId: number, terms: Record<string, unknown>) => ({
  assetsId,
  contactName: '张建国',
  contactPhone: '13912345678',
  commitments: ENROLMENT_COMMITMENTS.map((c) => c.key),
  ...terms,
});

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['demo_person', 'demo_org', 'bidder01', 'bidder02']) tokens[user] = (await t.login(user)).body.access_token;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

it('serves the version in effect with the SHA-256 of its exact text; the enrolment stores and shows that version and hash', async () => {
  const assetsId = await t.enrollableProject();
  const form = await call('GET', '/api/dscq-project/enroll/form', 'demo_person', { assetsId });
  expect(form.status).toBe(200);
  const terms = form.body.data.terms;
  expect(terms).toMatchObject({ title: '竞买须知', version: FIRST_BIDDING_TERMS.version, text: FIRST_BIDDING_TERMS.text, effectiveTime: '2025-01-01 00:00:00' });
  expect(terms.sha256).toBe(sha256(terms.text));
  expect(terms.sha256).toBe(termsSha256(FIRST_BIDDING_TERMS.text));

  const answer = await call('POST', '/api/dscq-project/enroll/submit', 'demo_person', submission(assetsId, { termsVersion: terms.version, termsSha256: terms.sha256 }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const accepted = { title: '竞买须知', version: terms.version, sha256: sha256(terms.text), acceptedTime: formatChinaTime(t.clock.now) };
  expect(answer.body.data.acceptedTerms).toEqual(accepted);
  const row = await t.handle.db.selectFrom('enrolment').select(['terms_version', 'terms_sha256', 'terms_accepted_at']).where('id', '=', answer.body.data.id).executeTakeFirstOrThrow();
  expect(row).toEqual({ terms_version: FIRST_BIDDING_TERMS.version, terms_sha256: sha256(FIRST_BIDDING_TERMS.text), terms_accepted_at: t.clock.now });
  // The stored document's hash is the hash of the stored text.
  const doc = await t.handle.db.selectFrom('terms_document').select(['content', 'sha256']).where('version', '=', row.terms_version!).executeTakeFirstOrThrow();
  expect(doc.sha256).toBe(sha256(doc.content));

  const detail = await call('GET', '/api/dscq-user/enroll/detail', 'demo_person', { id: answer.body.data.id });
  expect(detail.body.data.acceptedTerms).toEqual(accepted);
  expect(acceptedTermsText(detail.body.data.acceptedTerms)).toBe(`已同意《竞买须知》v${FIRST_BIDDING_TERMS.version}（SHA-256 ${sha256(FIRST_BIDDING_TERMS.text)}，${formatChinaTime(t.clock.now)}）`);
});

it('refuses a submission without a version, or with a hash that is not the served text’s', async () => {
  const assetsId = await t.enrollableProject();
  const none = await call('POST', '/api/dscq-project/enroll/submit', 'demo_org', submission(assetsId, {}));
  expect(none.status).toBe(400);
  expect(none.body.msg).toContain('请阅读并同意《竞买须知》');
  const otherText = await call('POST', '/api/dscq-project/enroll/submit', 'demo_org', submission(assetsId, { termsVersion: FIRST_BIDDING_TERMS.version, termsSha256: sha256(`${FIRST_BIDDING_TERMS.text} `) }));
  expect(otherText.status).toBe(409);
  expect(otherText.body.msg).toContain('与本所公布的文本不一致');
  const org = await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', 'demo_org').executeTakeFirstOrThrow();
  expect(await t.handle.db.selectFrom('enrolment').select('id').where('project_id', '=', assetsId).where('user_id', '=', org.id).execute()).toEqual([]);
});

it('a newer version in effect: the form serves it, an enrolment naming the outdated one is refused in Chinese, one naming it is taken', async () => {
  const text = `${FIRST_BIDDING_TERMS.text}\n七、竞买人应妥善保管账户密码，以其账户作出的报价视为本人（本单位）的报价。`;
  const now = t.clock.now;
  await t.handle.db
    .insertInto('terms_document')
    .values([
      { doc_key: 'bidding', version: '2026.2', title: '竞买须知', effective_at: now - 60_000, content: text, sha256: termsSha256(text), created_at: now - 60_000 },
      // Published ahead: not in effect yet, so not served.
      { doc_key: 'bidding', version: '2027.1', title: '竞买须知', effective_at: now + 86_400_000, content: `${text}\n八、`, sha256: termsSha256(`${text}\n八、`), created_at: now },
    ])
    .execute();
  const assetsId = await t.enrollableProject();
  const served = (await call('GET', '/api/dscq-project/enroll/form', 'bidder01', { assetsId })).body.data.terms;
  expect(served).toMatchObject({ version: '2026.2', text, sha256: sha256(text), effectiveTime: formatChinaTime(now - 60_000) });

  const outdated = await call('POST', '/api/dscq-project/enroll/submit', 'bidder01', submission(assetsId, { termsVersion: FIRST_BIDDING_TERMS.version, termsSha256: sha256(FIRST_BIDDING_TERMS.text) }));
  expect(outdated.status).toBe(409);
  expect(outdated.body.msg).toBe(`《竞买须知》已更新为 v2026.2（${formatChinaTime(now - 60_000)} 起施行），您同意的 v${FIRST_BIDDING_TERMS.version} 已不再适用，请阅读最新版本后重新提交报名`);
  const ahead = await call('POST', '/api/dscq-project/enroll/submit', 'bidder01', submission(assetsId, { termsVersion: '2027.1' }));
  expect(ahead.status).toBe(409);

  const taken = await call('POST', '/api/dscq-project/enroll/submit', 'bidder01', submission(assetsId, { termsVersion: served.version, termsSha256: served.sha256 }));
  expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  expect(taken.body.data.acceptedTerms).toMatchObject({ version: '2026.2', sha256: sha256(text) });
});
