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
    for (const group of ['verification', 'sso-link', 'user', 'enrolment', 'deposit', 'proof', 'activity', 'ledger', 'withdrawal', 'deal', 'invoice', 'appeal', 'demand', 'listing', 'contract', 'esign', 'seal']) {
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
});
