import { z } from 'zod/mini';
import { lenient, optionalId, searchText } from '@/lib/searchParams';

const chinaTime = lenient(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)));

/** 操作日志's search in the URL: who, what, on what, a keyword, a time range (China time), the page. */
export const auditSearch = z.object({
  staff: searchText(32),
  action: searchText(64),
  subject: searchText(64),
  q: searchText(64),
  from: chinaTime,
  to: chinaTime,
  current: optionalId,
});
export type AuditSearch = z.infer<typeof auditSearch>;
export type AuditFilter = Omit<AuditSearch, 'current'>;
