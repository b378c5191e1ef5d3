/**
 * `npm run ops` itself: `help` lists every group's commands without touching the database, and flags are
 * read per group by util.parseArgs (an unknown flag, a missing value or a value for a switch is a usage error).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { runOps } from '../../server/ops/cli.ts';
import { UsageError } from '../../server/ops/commands/shared.ts';

describe('npm run ops', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ops-cli-'));
  const config = loadConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' });
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runOps(argv, config, (line) => lines.push(line));
    return lines.join('\n');
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('help lists the commands of every group', async () => {
    const usage = await run('help');
    for (const group of ['verification', 'sso-link', 'user', 'enrolment', 'deposit', 'proof', 'activity', 'ledger', 'withdrawal', 'deal', 'invoice', 'appeal', 'demand', 'listing', 'contract', 'esign', 'seal', 'staff']) {
      expect(usage).toContain(`npm run ops -- ${group} `);
    }
  });

  it('refuses a missing or unknown command, an unknown flag, a missing value and a value for a switch', async () => {
    await expect(run()).rejects.toThrow(new UsageError('缺少命令'));
    await expect(run('nonsense')).rejects.toThrow(new UsageError('未知命令: nonsense'));
    await expect(run('enrolment', 'list', '--bogus')).rejects.toThrow(new UsageError('未知选项: --bogus'));
    await expect(run('enrolment', 'reject', '1', '--reason')).rejects.toThrow(new UsageError('--reason 需要一个值'));
    await expect(run('enrolment', 'reject', '1', '--reason', '--all')).rejects.toThrow(new UsageError('--reason 需要一个值'));
    await expect(run('deal', 'list', '--all=yes')).rejects.toThrow(new UsageError('--all 不需要值'));
  }, 60_000);

  it('creates the first 管理员 of an installation and manages staff for scripts', async () => {
    expect(await run('staff', 'create', 'op_first', '--name', '首任管理员', '--roles', 'admin', '--password', 'Welcome@2026')).toMatch(/已创建工作人员 #\d+ op_first（管理员）/);
    await expect(run('staff', 'create', 'op_first', '--name', '重名', '--roles', 'admin', '--password', 'Welcome@2026')).rejects.toThrow('该登录名已被使用');
    await expect(run('staff', 'create', 'op_bad', '--name', '错角色', '--roles', 'boss', '--password', 'Welcome@2026')).rejects.toThrow('角色不正确：boss');
    expect(await run('staff', 'roles', 'op_first', '--roles', 'admin,finance')).toBe('op_first：财务、管理员，正常');
    expect(await run('staff', 'disable', 'op_first')).toBe('op_first：财务、管理员，已停用');
    expect(await run('staff', 'list')).toMatch(/op_first\t首任管理员\t财务、管理员\t已停用/);
    expect(await run('staff', 'reset-password', 'op_first', '--password', 'Another@2026')).toBe('op_first 的密码已重置，其登录会话已结束');
    await expect(run('staff', 'roles', 'op_nobody', '--roles', 'admin')).rejects.toThrow(new UsageError('没有工作人员 op_nobody'));
  }, 60_000);
});
