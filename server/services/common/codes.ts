/** The numbers the exchange shows on its records (enrolments, deposits, orders, deals, invoices, contracts). */
import { randomInt } from 'node:crypto';
import { formatChinaTime } from '#domain/rules/chinaTime';

/** 'BM' / 'BZJ' / 'PO' + China date + 8 random digits: unguessable enough to show, unique by constraint. */
export function newCode(prefix: string, now: number): string {
  return `${prefix}${formatChinaTime(now, 'YYYY-MM-DD').replace(/-/g, '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
