/**
 * Names that fake their extension: "合同\u202Efdp.exe" reads "合同exe.pdf" on screen. Every name a user gives
 * a file or folder — the uploaded file's name (我的文件 and /oss/upload), a file's new name, a folder's name
 * when created or renamed, an enrolment attachment's name — refuses Unicode control and format characters
 * (Cc, Cf) with the shared rule's Chinese message, and nothing is stored. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { USER_FILES_PATHS } from '#domain/contract/userFiles';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';
import { FIRST_BIDDING_TERMS } from '../../server/db/migrations/0018_accepted_terms.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
const RLO = '合同\u202Efdp.exe';
const HIDING = [RLO, '合\u200B同.pdf', 'a\u2066b.pdf', '\uFEFF合同.pdf', 'a\u0085b.pdf'];
const MSG_FILE = '文件名不能包含控制字符或不可见的格式字符';

let t: AccountsTestApp;
let token = '';

async function call(method: 'GET' | 'POST', url: string, params: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method,
    url,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) } : { payload: params }),
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

async function send(url: string, name: string) {
  const { status, body } = await t.upload(url, token, name, PDF);
  return { status, body: body as Json };
}

beforeAll(async () => {
  t = await createAccountsApp();
  token = (await t.login('bidder03')).body.access_token as string;
}, 60_000);
afterAll(async () => t?.close());

describe(`file and folder names with control or format characters (${DIALECT})`, () => {
  it('an upload named with one is refused (我的文件 and /oss/upload), and nothing is stored', async () => {
    const before = [await t.count('uploaded_file'), await t.count('library_file')];
    for (const name of HIDING) {
      expect(await send(`/api${USER_FILES_PATHS.upload}`, name), JSON.stringify(name)).toMatchObject({ status: 400, body: { msg: MSG_FILE } });
      expect(await send('/api/dscq-resource/oss/upload', name), JSON.stringify(name)).toMatchObject({ status: 400, body: { msg: MSG_FILE } });
    }
    expect([await t.count('uploaded_file'), await t.count('library_file')]).toEqual(before);
    const fine = await send(`/api${USER_FILES_PATHS.upload}`, '合同exe.pdf');
    expect(fine.status).toBe(200);
    expect(fine.body.data.name).toBe('合同exe.pdf');
  });

  it('renaming a file to one is refused; the name stays', async () => {
    const fileId = (await send(`/api${USER_FILES_PATHS.upload}`, '报告.pdf')).body.data.fileId as string;
    for (const name of HIDING) {
      expect(await call('POST', `/api${USER_FILES_PATHS.rename}`, { fileId, name }), JSON.stringify(name)).toMatchObject({
        status: 400,
        body: { msg: '文件名称不能包含控制字符或不可见的格式字符' },
      });
    }
    const all = (await call('GET', `/api${USER_FILES_PATHS.all}`)).body.data as Json[];
    expect(all.find((f) => f.fileId === fileId)?.name).toBe('报告.pdf');
  });

  it('creating or renaming a folder to one is refused', async () => {
    for (const name of ['资料\u202Efdp', '资\u200D料', '资料\t']) {
      expect(await call('POST', `/api${USER_FILES_PATHS.folderCreate}`, { name }), JSON.stringify(name)).toMatchObject({
        status: 400,
        body: { msg: '文件夹名称不能包含控制字符或不可见的格式字符' },
      });
    }
    expect((await call('GET', `/api${USER_FILES_PATHS.folders}`)).body.data).toEqual([]);
    const folder = await call('POST', `/api${USER_FILES_PATHS.folderCreate}`, { name: '资料' });
    expect(folder.status).toBe(200);
    expect(await call('POST', `/api${USER_FILES_PATHS.folderRename}`, { id: folder.body.data.id, name: '资料\u202Efdp' })).toMatchObject({
      status: 400,
      body: { msg: '文件夹名称不能包含控制字符或不可见的格式字符' },
    });
  });

  it('an enrolment attachment named with one is refused', async () => {
    const fileId = (await send(`/api${USER_FILES_PATHS.upload}`, '报名材料.pdf')).body.data.fileId as string;
    const project = { id: await t.enrollableProject() };
    const answer = await call('POST', '/api/dscq-project/enroll/submit', {
      assetsId: project.id,
      contactName: '赵海峰',
      contactPhone: '13912345678',
      attachments: [{ fileId, name: RLO }],
      commitments: ENROLMENT_COMMITMENTS.map((c) => c.key), termsVersion: FIRST_BIDDING_TERMS.version,
    });
    expect(answer).toMatchObject({ status: 400, body: { msg: '附件名称不能包含控制字符或不可见的格式字符' } });
  });
});
