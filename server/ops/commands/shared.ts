/**
 * What every group of operator commands (server/ops/cli.ts) shares: the context a command runs in, the
 * usage error (exit code 2, with the usage printed), and the readers of arguments — node's util.parseArgs
 * for the flags, plus the checks of ids, amounts, times and seconds with their Chinese messages.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Kysely } from 'kysely';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import type { IncrementTier } from '#domain/contract/bidModes';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A command given wrongly: the message, then the usage, exit code 2. */
export class UsageError extends Error {}

export interface OpsContext {
  db: Kysely<Database>;
  config: AppConfig;
  print: (line: string) => void;
  /** The clock (read when a command runs). */
  now: () => number;
  /** Who acts, as audits and reviews record it: `ops:<os user>`. */
  reviewer: string;
  /**
   * PostgreSQL's NOTIFY channel of live changes (the servers' snapshots reload what a command changed on
   * the floor); null on SQLite, whose servers notice any commit by its data_version.
   */
  notifyChannel: string | null;
}

/** One group of commands: the first words it answers to, its usage lines, and how it runs. */
export interface CommandGroup {
  names: readonly string[];
  usage: string;
  /** `argv` is everything after the group's name (action, arguments and flags). */
  run(ctx: OpsContext, name: string, argv: string[]): Promise<void>;
}

/**
 * The group's flags and positional arguments by util.parseArgs, strict: a flag the group does not take,
 * a missing value or a value where none belongs is a usage error.
 */
export function parseCommand<const O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw err;
    const flag = /'(-{1,2}[\w-]+)/.exec((err as Error).message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`未知选项: ${flag}`);
    const name = flag.replace(/^-+/, '');
    if (options[name]?.type === 'boolean') throw new UsageError(`${flag} 不需要值`);
    throw new UsageError(`${flag} 需要一个值`);
  }
}

/** A positive whole number (an id), else a usage error with `message`. */
export function positiveId(text: string | undefined, message: string): number {
  if (!text || !/^\d{1,15}$/.test(text) || Number(text) < 1) throw new UsageError(message);
  return Number(text);
}

/** The trimmed text of a flag that must say something (a reason, an answer, a name). */
export function requiredText(value: string | undefined, flag: string, label: string): string {
  if (!value || value.trim() === '') throw new UsageError(`须用 ${flag} "${label}" 说明${label}`);
  return value.trim();
}

/** 'YYYY-MM-DD HH:mm[:ss]' China time, or '+10m' / '+2h' / '+30s' from now. */
export function parseOpsTime(text: string | undefined, now: number, name: string): number {
  if (!text) throw new UsageError(`缺少 ${name}`);
  const relative = /^\+(\d{1,5})([smh])$/.exec(text);
  if (relative) return now + Number(relative[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[relative[2] as 's' | 'm' | 'h'];
  const at = chinaTimeToEpoch(text);
  if (at === null) throw new UsageError(`${name} 须为 "YYYY-MM-DD HH:mm" 或 "+10m"`);
  return at;
}

/** An amount in yuan (at most two decimals) → fen; absent → null, or a usage error when required. */
export function yuanOption(text: string | undefined, name: string, required: boolean): number | null {
  if (text === undefined) {
    if (required) throw new UsageError(`缺少 ${name}`);
    return null;
  }
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) throw new UsageError(`${name} 须为不超过两位小数的金额（元）`);
  return Math.round(Number(text) * 100);
}

/** Whole seconds → ms; absent → undefined. */
export function secondsOption(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,7}$/.test(text)) throw new UsageError(`${name} 须为整数秒`);
  return Number(text) * 1000;
}

/** "120000:2000,150000:5000" (from price : increment, yuan) → tiers in fen. */
export function tiersOption(text: string | undefined): IncrementTier[] | undefined {
  if (text === undefined) return undefined;
  return text.split(',').map((part) => {
    const [from, step] = part.split(':');
    return { fromFen: yuanOption(from?.trim(), '--tiers', true)!, incrementFen: yuanOption(step?.trim(), '--tiers', true)! };
  });
}
