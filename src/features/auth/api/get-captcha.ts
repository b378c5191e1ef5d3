import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from '@/api/client';
import { AUTH_PATHS, type CaptchaAnswer } from '@/domain/auth';
import { unwrapData } from './transport';

export type CaptchaPath = typeof AUTH_PATHS.captcha | typeof AUTH_PATHS.validateCaptcha;

export async function getCaptcha(path: CaptchaPath = AUTH_PATHS.captcha): Promise<CaptchaAnswer> {
  const answer = unwrapData<CaptchaAnswer>(await send({ method: 'GET', path }));
  if (!answer || typeof answer.key !== 'string' || typeof answer.image !== 'string') throw new Error('验证码加载失败');
  return answer;
}

/**
 * One captcha per form instance (`owner`); single use on the server, so never cached beyond its form
 * and never refetched behind the user's back (a new image would invalidate what they are typing).
 */
export const captchaQueryOptions = (path: CaptchaPath, owner: string) =>
  queryOptions({
    queryKey: ['auth', 'captcha', path, owner],
    queryFn: () => getCaptcha(path),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnReconnect: false,
  });

export const useCaptchaQuery = (path: CaptchaPath, owner: string) => useQuery(captchaQueryOptions(path, owner));
