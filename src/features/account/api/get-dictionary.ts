import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { AUTH_PATHS, type DictEntry } from '#domain/contract/auth';

export const getDictionary = (code: string) => http.get<DictEntry[]>(AUTH_PATHS.dictionary, { code });

export const dictionaryQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['account', 'dictionary', code],
    queryFn: () => getDictionary(code),
    staleTime: 30 * 60_000,
    select: (entries) => [...(entries ?? [])].sort((a, b) => a.sort - b.sort),
  });

export const useDictionary = (code: string) => useQuery(dictionaryQueryOptions(code));
