/**
 * Operator commands, on the same database as the server (config.ts: DATABASE_URL or PORTAL_DATA_DIR):
 *
 *   npm run ops -- verification list [--all]
 *   npm run ops -- verification approve <id>
 *   npm run ops -- verification reject <id> --reason "…"
 *   npm run ops -- sso-link <loginName> [--base http://localhost:8080]
 *   npm run ops -- user unlock <loginName>
 *
 * Exit code 0 on success, 1 on a failure (with a message), 2 on a usage error.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest, withStartupLock } from '../db/migrate.ts';
import { BusinessError } from '../http/envelope.ts';
import { ssoLink } from '../services/accounts/login.ts';
import { loadSecrets } from '../services/accounts/secrets.ts';
import { unlockUser } from '../services/accounts/users.ts';
import { listVerifications, reviewVerification } from '../services/accounts/verification.ts';

const USAGE = `用法:
  npm run ops -- verification list [--all]
  npm run ops -- verification approve <id>
  npm run ops -- verification reject <id> --reason "原因"
  npm run ops -- sso-link <loginName> [--base http://localhost:8080]
  npm run ops -- user unlock <loginName>`;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} 需要一个值`);
  args.splice(i, 2);
  return value;
}

function positiveId(text: string | undefined): number {
  if (!text || !/^\d{1,15}$/.test(text) || Number(text) < 1) throw new UsageError('认证申请编号须为正整数');
  return Number(text);
}

export async function runOps(argv: string[], config: AppConfig, print: (line: string) => void): Promise<void> {
  const args = [...argv];
  const all = args.includes('--all');
  if (all) args.splice(args.indexOf('--all'), 1);
  const reason = option(args, '--reason');
  const base = option(args, '--base') ?? `http://localhost:${config.port || 8080}`;
  const [group, action, target] = args;
  if (!group) throw new UsageError('缺少命令');

  const handle = openDatabase(config);
  try {
    await withStartupLock(handle, (db) => migrateToLatest(db, handle.schema));
    const db = handle.db;
    const now = () => Date.now();
    const reviewer = `ops:${os.userInfo().username}`;

    if (group === 'verification' && action === 'list') {
      const secrets = await loadSecrets(db, config.accounts.secrets);
      const rows = await listVerifications({ db, secrets }, all ? ['pending', 'approved', 'rejected'] : ['pending']);
      if (rows.length === 0) print(all ? '没有认证申请' : '没有待审核的认证申请');
      for (const r of rows) {
        print(`#${r.id}\t${r.state}\t${r.kind === 'org' ? '机构' : '个人'}\t${r.loginName}\t${r.submittedAt}\t${r.summary}`);
      }
      return;
    }
    if (group === 'verification' && action === 'approve') {
      const result = await reviewVerification({ db, now }, positiveId(target), { approve: true }, reviewer);
      print(`已通过认证申请 #${target}（用户 ${result.loginName}，authStatus=${result.authStatus}）`);
      return;
    }
    if (group === 'verification' && action === 'reject') {
      if (!reason || reason.trim() === '') throw new UsageError('驳回须用 --reason "原因" 说明原因');
      const result = await reviewVerification({ db, now }, positiveId(target), { approve: false, reason: reason.trim() }, reviewer);
      print(`已驳回认证申请 #${target}（用户 ${result.loginName}，原因：${reason.trim()}）`);
      return;
    }
    if (group === 'sso-link') {
      const loginName = action;
      if (!loginName) throw new UsageError('缺少登录名');
      const user = await db.selectFrom('app_user').select('login_name').where('login_key', '=', loginName.toLowerCase()).executeTakeFirst();
      if (!user) throw new BusinessError(404, `用户 ${loginName} 不存在`);
      const secrets = await loadSecrets(db, config.accounts.secrets);
      print(ssoLink(secrets.ssoSecret, user.login_name, base));
      return;
    }
    if (group === 'user' && action === 'unlock') {
      if (!target) throw new UsageError('缺少登录名');
      if (!(await unlockUser({ db, now }, target))) throw new BusinessError(404, `用户 ${target} 不存在`);
      print(`已解除 ${target} 的登录锁定`);
      return;
    }
    throw new UsageError(`未知命令: ${args.join(' ')}`);
  } finally {
    await handle.close();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  runOps(process.argv.slice(2), config, (line) => console.log(line)).then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(`${err.message}\n${USAGE}`);
        process.exit(2);
      }
      console.error(err instanceof BusinessError ? err.message : err);
      process.exit(1);
    },
  );
}
