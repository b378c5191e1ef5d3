/**
 *   npm run ops -- esign verify <file.pdf>          each signature: signer, time, intact, trusted; exit 1 if not valid
 *   npm run ops -- seal list [--all] | approve <id> | reject <id> --reason "…"
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { loadProviders } from '../../services/common/providers.ts';
import { DbCaStore } from '../../services/esign/ca.ts';
import { LocalCaSigningProvider } from '../../services/esign/local.ts';
import { decideSeal, listSealApplications } from '../../services/esign/seals.ts';
import type { SigningProvider } from '../../services/esign/types.ts';
import { parseCommand, positiveId, UsageError, type CommandGroup } from './shared.ts';

const OPTIONS = {
  all: { type: 'boolean' },
  reason: { type: 'string' },
} as const;

const USAGE = `  npm run ops -- esign verify <文件.pdf>            验证 PDF 中的数字签名（签署人、时间、是否被修改、证书是否可信）
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

export const esignCommands: CommandGroup = {
  names: ['esign', 'seal'],
  usage: USAGE,

  async run(ctx, group, argv) {
    const { db, config, print, reviewer } = ctx;
    const { values, positionals } = parseCommand(argv, OPTIONS);
    const [action, target] = positionals;
    const { reason } = values;
    const all = values.all ?? false;
    const now = ctx.now();
    if (group === 'esign' && action === 'verify') {
      if (!target) throw new UsageError('须给出要验证的 PDF 文件');
      let bytes: Buffer;
      try {
        bytes = await readFile(path.resolve(target));
      } catch (err) {
        throw new BusinessError(400, `无法读取文件 ${target}：${(err as Error).message}`);
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
    const id = () => positiveId(target, '印章申请编号须为正整数');
    if (group === 'seal' && action === 'list') {
      const rows = await listSealApplications(db, all);
      if (rows.length === 0) print(all ? '没有印章申请' : '没有待审核的印章申请');
      for (const r of rows) print(`#${r.id}\t${r.statusText}\t${r.loginName}\t${r.orgName}\t${r.sealName}\t${r.createTime}${r.reason ? `\t${r.reason}` : ''}`);
      return;
    }
    if (group === 'seal' && (action === 'approve' || action === 'reject')) {
      if (action === 'reject' && !reason?.trim()) throw new UsageError('须用 --reason "原因" 说明驳回原因');
      const done = await decideSeal(db, id(), action, reason ?? '', reviewer, now);
      print(`印章申请 #${done.id}（${done.sealName}）：${done.statusText}`);
      return;
    }
    throw new UsageError(`未知命令: ${group} ${action ?? ''}`);
  },
};
