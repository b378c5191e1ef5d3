import { queryOptions } from '@tanstack/react-query';
import { send } from '../client';
import { AUTH_PATHS, type PublicKeyAnswer } from '#domain/contract/auth';
import { unwrapData } from '../transport';

export async function getPublicKey(): Promise<PublicKeyAnswer> {
  const answer = unwrapData<PublicKeyAnswer>(await send({ method: 'GET', path: AUTH_PATHS.publicKey }));
  if (!answer || typeof answer.publicKey !== 'string' || !answer.publicKey) throw new Error('服务器公钥获取失败，请稍后重试');
  return answer;
}

/** The key changes only with the server's configuration: keep it for the session, refetch on demand. */
export const publicKeyQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'public-key'], queryFn: getPublicKey, staleTime: 10 * 60_000 });
