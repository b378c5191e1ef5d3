/**
 * Enrolment attachments chosen from 我的文件: a file of the user's own library is accepted as an
 * attachment; another user's library file is refused (the server checks the owner, never the browser).
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { USER_FILES_PATHS } from '#domain/contract/userFiles';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT } from './helpers.ts';
import { FIRST_BIDDING_TERMS } from '../../server/db/migrations/0018_accepted_terms.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
let t: AccountsTestApp;
const tokens: Record<string, string> = {};

async function libraryUpload(user: string, name: string): Promise<string> {
  const res = await t.upload(`/api${USER_FILES_PATHS.upload}`, tokens[user]!, name, PDF);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: { fileId: string } }).data.fileId;
}

const submit = (user: string, assetsId: number, attachments: Array<{ fileId: string; name: string }>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dscq-project/enroll/submit',
    payload: { assetsId, contactName: '张建国', contactPhone: '13912345678', contactEmail: '', address: '', attachments, commitments: ENROLMENT_COMMITMENTS.map((c) => c.key), termsVersion: FIRST_BIDDING_TERMS.version },
    headers: { authorization: `Bearer ${tokens[user]}` },
  });

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['demo_person', 'bidder01']) tokens[user] = (await t.login(user)).body.access_token;
}, 60_000);
afterAll(async () => t?.close());

describe(`enrolment attachments from 我的文件 (${DIALECT})`, () => {
  it('his own library file is attached; another user’s is refused', async () => {
    const project = { id: await t.enrollableProject() };
    const mine = await libraryUpload('demo_person', '营业执照.pdf');
    const theirs = await libraryUpload('bidder01', '别人的执照.pdf');
    const refused = await submit('demo_person', project.id, [{ fileId: theirs, name: '别人的执照.pdf' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('附件「别人的执照.pdf」不存在，请重新上传');
    const ok = await submit('demo_person', project.id, [{ fileId: mine, name: '营业执照.pdf' }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.attachments).toEqual([{ fileId: mine, name: '营业执照.pdf' }]);
  });
});
