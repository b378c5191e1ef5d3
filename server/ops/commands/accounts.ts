/**
 *   npm run ops -- verification list [--all] | approve <id> | reject <id> --reason "…"
 *   npm run ops -- sso-link <loginName> [--base http://localhost:8080]
 *   npm run ops -- user unlock <loginName>
 */
import { BusinessError } from '../../lib/envelope.ts';
import { ssoLink } from '../../services/accounts/login.ts';
import { loadSecrets } from '../../services/accounts/secrets.ts';
import { unlockUser } from '../../services/accounts/users.ts';
import { listVerifications, reviewVerification } from '../../services/accounts/verification.ts';
import { parseCommand, positiveId, UsageError, type CommandGroup } from './shared.ts';

const OPTIONS = {
  all: { type: 'boolean' },
  reason: { type: 'string' },
  base: { type: 'string' },
} as const;

export const accountCommands: CommandGroup = {
  names: ['verification', 'sso-link', 'user'],
  usage: `  npm run ops -- verification list [--all]
  npm run ops -- verification approve <id>
  npm run ops -- verification reject <id> --reason "原因"
  npm run ops -- sso-link <loginName> [--base http://localhost:8080]
  npm run ops -- user unlock <loginName>`,

  async run({ db, config, print, now, reviewer }, group, argv) {
    const { values, positionals } = parseCommand(argv, OPTIONS);
    const [action, target] = positionals;
    const reason = values.reason;
    const id = () => positiveId(target, '认证申请编号须为正整数');
    if (group === 'verification' && action === 'list') {
      const secrets = await loadSecrets(db, config.accounts.secrets);
      const all = values.all ?? false;
      const rows = await listVerifications({ db, secrets }, all ? ['pending', 'approved', 'rejected'] : ['pending']);
      if (rows.length === 0) print(all ? '没有认证申请' : '没有待审核的认证申请');
      for (const r of rows) {
        print(`#${r.id}\t${r.state}\t${r.kind === 'org' ? '机构' : '个人'}\t${r.loginName}\t${r.submittedAt}\t${r.summary}`);
      }
      return;
    }
    if (group === 'verification' && action === 'approve') {
      const result = await reviewVerification({ db, now }, id(), { approve: true }, reviewer);
      print(`已通过认证申请 #${target}（用户 ${result.loginName}，authStatus=${result.authStatus}）`);
      return;
    }
    if (group === 'verification' && action === 'reject') {
      if (!reason || reason.trim() === '') throw new UsageError('驳回须用 --reason "原因" 说明原因');
      const result = await reviewVerification({ db, now }, id(), { approve: false, reason: reason.trim() }, reviewer);
      print(`已驳回认证申请 #${target}（用户 ${result.loginName}，原因：${reason.trim()}）`);
      return;
    }
    if (group === 'sso-link') {
      const loginName = action;
      if (!loginName) throw new UsageError('缺少登录名');
      const user = await db.selectFrom('app_user').select('login_name').where('login_key', '=', loginName.toLowerCase()).executeTakeFirst();
      if (!user) throw new BusinessError(404, `用户 ${loginName} 不存在`);
      const secrets = await loadSecrets(db, config.accounts.secrets);
      print(ssoLink(secrets.ssoSecret, user.login_name, values.base ?? `http://localhost:${config.port || 8080}`));
      return;
    }
    if (group === 'user' && action === 'unlock') {
      if (!target) throw new UsageError('缺少登录名');
      if (!(await unlockUser({ db, now }, target))) throw new BusinessError(404, `用户 ${target} 不存在`);
      print(`已解除 ${target} 的登录锁定`);
      return;
    }
    throw new UsageError(`未知命令: ${[group, ...argv].join(' ')}`);
  },
};
