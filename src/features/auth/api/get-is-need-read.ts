import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { AUTH_PATHS } from '#domain/contract/auth';

/** Reads the answer leniently: `true`, `1`, `'1'`, `'true'` or `{ needRead | isNeedRead: … }` mean unread. */
export function parseNeedRead(data: unknown): boolean {
  if (data && typeof data === 'object') {
    const record = data as { needRead?: unknown; isNeedRead?: unknown };
    return parseNeedRead(record.isNeedRead ?? record.needRead);
  }
  return data === true || data === 1 || data === '1' || data === 'true';
}

export const getIsNeedRead = async () => parseNeedRead(await http.get<unknown>(AUTH_PATHS.agreementIsNeedRead));

/** Per user: a different login asks again. */
export const isNeedReadQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['auth', 'is-need-read', userId], queryFn: getIsNeedRead, staleTime: Infinity });

export const useIsNeedRead = (userId: string | null) =>
  useQuery({ ...isNeedReadQueryOptions(userId ?? ''), enabled: Boolean(userId) });
