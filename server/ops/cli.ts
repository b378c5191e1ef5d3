/**
 * Operator commands, on the same database as the server (config.ts: DATABASE_URL or PORTAL_DATA_DIR):
 * `npm run ops -- <group> <action> [arguments] [--flags]`; `npm run ops -- help` lists them all. Each group
 * is a file of commands/ with its usage lines and its own flags, read by node's util.parseArgs: accounts
 * (verification, sso-link, user), enrolment (enrolment, deposit, proof, activity — with the floor's
 * suspend, resume and terminate), money (ledger,
 * withdrawal, deal, invoice), user-files (appeal, demand, listing), contracts (contract), esign (esign, seal),
 * bidlog (verify: the bid record's hash chains).
 *
 * Exit code 0 on success, 1 on a failure (with a message), 2 on a usage error.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import type { Kysely } from 'kysely';
import { liveChannel } from '../db/changeFeed.ts';
import { openDatabase } from '../db/connection.ts';
import { isPostgres } from '../db/migrations/portable.ts';
import { migrateToLatest, withStartupLock } from '../db/migrate.ts';
import { BusinessError } from '../lib/envelope.ts';
import { accountCommands } from './commands/accounts.ts';
import { bidlogCommands } from './commands/bidlog.ts';
import { contractCommands } from './commands/contracts.ts';
import { enrolmentCommands } from './commands/enrolment.ts';
import { esignCommands } from './commands/esign.ts';
import { moneyCommands } from './commands/money.ts';
import { BACKUP_USAGE, runBackupCommand } from './backup.ts';
import { UsageError, type CommandGroup } from './commands/shared.ts';
import { staffCommands } from './commands/staff.ts';
import { userFilesCommands } from './commands/user-files.ts';

const GROUPS: readonly CommandGroup[] = [accountCommands, enrolmentCommands, moneyCommands, userFilesCommands, contractCommands, esignCommands, staffCommands, bidlogCommands];

const USAGE = `用法:
${GROUPS.map((g) => g.usage).join('\n')}
${BACKUP_USAGE}
  npm run ops -- help                              列出全部命令
  (时间为北京时间 "YYYY-MM-DD HH:mm[:ss]"，或相对现在 "+10m" / "+2h"；--free-end 与 --end 的相对时间从开始时间算；金额单位为元)`;

export async function runOps(argv: string[], config: AppConfig, print: (line: string) => void): Promise<void> {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError('缺少命令');
  if (name === 'help' || name === '--help' || name === '-h') {
    print(USAGE);
    return;
  }
  // Backup and restore open the database themselves (restore replaces it: no migrating it first).
  if (name === 'backup' || name === 'restore') return runBackupCommand(name, rest, config, print);
  const group = GROUPS.find((g) => g.names.includes(name));
  if (!group) throw new UsageError(`未知命令: ${argv.join(' ')}`);
  const handle = openDatabase(config);
  try {
    await withStartupLock(handle, (db) => migrateToLatest(db, handle.schema));
    const notifyChannel = isPostgres(handle.db as Kysely<unknown>) ? liveChannel(handle.schema) : null;
    await group.run({ db: handle.db, config, print, now: () => Date.now(), reviewer: `ops:${os.userInfo().username}`, notifyChannel }, name, rest);
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
