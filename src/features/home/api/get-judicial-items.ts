import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, send } from '@/api/client';
import { JUDICIAL_BASE } from '@/api/config';
import { JUDICIAL_PATHS, type JudicialAnswer, type JudicialList } from '@/domain/projects';

const FAILED = '司法拍卖服务暂不可用，请稍后重试';

const messageOf = (body: unknown): string | null => {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' && message.trim() ? message : null;
};

/**
 * POST /wechatProject/query {offset 0, limit} on the separate judicial service (JUDICIAL_BASE), through the
 * one client. It answers {status, message, content}, not the envelope: status ≠ 0 fails with its message.
 */
export async function getJudicialItems(limit: number): Promise<JudicialList> {
  let answer: JudicialAnswer<JudicialList> | null;
  try {
    answer = await send<JudicialAnswer<JudicialList> | null>({
      method: 'POST',
      path: JUDICIAL_PATHS.query,
      params: { offset: 0, limit },
      base: JUDICIAL_BASE,
    });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(messageOf(error.body) ?? error.message);
    throw error;
  }
  if (!answer || answer.status !== 0) throw new Error(messageOf(answer) ?? FAILED);
  return answer.content;
}

export const judicialItemsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: ['home', 'judicial', limit], queryFn: () => getJudicialItems(limit), staleTime: 60_000 });

export const useJudicialItems = (limit: number) => useQuery(judicialItemsQueryOptions(limit));
