/**
 * Issue 17 operator commands (server/ops/cli.ts):
 *
 *   npm run ops -- esign verify <file.pdf>          each signature: signer, time, intact, trusted; exit 1 if not valid
 *   npm run ops -- seal list [--all] | approve <id> | reject <id> --reason "…"
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { BusinessError } from '../lib/envelope.ts';
import { DbCaStore } from '../services/esign/ca.ts';
import { LocalCaSigningProvider } from '../services/esign/local.ts';
import type { SigningProvider } from '../services/esign/types.ts';
import { loadProviders } from '../services/common/providers.ts';
import { decideSeal, listSealApplications } from '../services/esign/seals.ts';

export const ESIGN_USAGE = `  npm run ops -- esign verify <文件.pdf>            验证 PDF 中的数字签名（签署人、时间、是否被修改、证书是否可信）
  npm run ops -- seal list [--all] | approve <印章申请id> | reject <印章申请id> --reason "原因"`;

/** The configured signing provider: a PORTAL_ESIGN_PROVIDER module, or the installation's own CA on `db`. */
export async function signingProviderFor(db: Kysely<Database>, config: Pick<AppConfig, 'payment' | 'sms' | 'nodeEnv' | 'dataDir'> & Partial<Pick<AppConfig, 'esign'>>): Promise<SigningProvider> {
  if (config.esign?.kind === 'module') {
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const { signing } = await loadProviders({ ...config, payment: { kind: 'none' }, sms: { kind: 'none' } }, quiet);
    if (signing) return signing;
  }
  return new LocalCaSigningProvider(new DbCaStore(db));
}

export async function runEsignOps(
  db: Kysely<Database>,
  config: AppConfig,
  a: { group: 'esign' | 'seal'; action: string | undefined; target: string | undefined; all: boolean; reason: string | undefined; reviewer: string; now: number },
  print: (line: string) => void,
  usage: (message: string) => Error,
): Promise<void> {
  if (a.group === 'esign' && a.action === 'verify') {
    if (!a.target) throw usage('须给出要验证的 PDF 文件');
    let bytes: Buffer;
    try {
      bytes = await readFile(path.resolve(a.target));
    } catch (err) {
      throw new BusinessError(400, `无法读取文件 ${a.target}：${(err as Error).message}`);
    }
    const result = await (await signingProviderFor(db, config)).verify(new Uint8Array(bytes));
    result.signatures.forEach((s, i) => {
      const yes = (v: boolean, t: string, f: string) => (v ? t : f);
      print(`#${i + 1}\t${s.name || '（未知）'}\t${s.signedAt || '（无时间）'}\t${yes(s.intact, '未被修改', '已被修改')}\t${yes(s.trusted, '证书可信', '证书不可信')}\t${yes(s.coversWholeDocument, '覆盖全文', '其后有修订')}`);
    });
    if (!result.valid) throw new BusinessError(400, `签名无效：${result.problem ?? ''}`);
    print(`签名有效：${result.signatures.length} 个签名，文件签署后未被修改`);
    return;
  }
  const id = () => {
    if (!a.target || !/^\d{1,15}$/.test(a.target) || Number(a.target) < 1) throw usage('印章申请编号须为正整数');
    return Number(a.target);
  };
  if (a.group === 'seal' && a.action === 'list') {
    const rows = await listSealApplications(db, a.all);
    if (rows.length === 0) print(a.all ? '没有印章申请' : '没有待审核的印章申请');
    for (const r of rows) print(`#${r.id}\t${r.statusText}\t${r.loginName}\t${r.orgName}\t${r.sealName}\t${r.createTime}${r.reason ? `\t${r.reason}` : ''}`);
    return;
  }
  if (a.group === 'seal' && (a.action === 'approve' || a.action === 'reject')) {
    if (a.action === 'reject' && !a.reason?.trim()) throw usage('须用 --reason "原因" 说明驳回原因');
    const done = await decideSeal(db, id(), a.action, a.reason ?? '', a.reviewer, a.now);
    print(`印章申请 #${done.id}（${done.sealName}）：${done.statusText}`);
    return;
  }
  throw usage(`未知命令: ${a.group} ${a.action ?? ''}`);
}
