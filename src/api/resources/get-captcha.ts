import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from '../client';
import { unwrapData } from '../transport';
import { AUTH_PATHS, type CaptchaAnswer } from '#domain/contract/auth';

/** The login/registration captcha, or the system's validate-code captcha; both answer {key, image}. */
export type CaptchaPath = typeof AUTH_PATHS.captcha | typeof AUTH_PATHS.validateCaptcha;

/** GET a captcha → {key, image}; SpringBlade sends it bare or in the envelope. */
export async function getCaptcha(path: CaptchaPath = AUTH_PATHS.captcha): Promise<CaptchaAnswer> {
  const answer = unwrapData<CaptchaAnswer | null>(await send({ method: 'GET', path }));
  if (!answer || typeof answer.key !== 'string' || typeof answer.image !== 'string') throw new Error('验证码加载失败');
  return answer;
}

/**
 * One captcha per `owner` (a form, a download dialog); single use on the server, so never cached beyond
 * its owner and never refetched behind the user's back (a new image would invalidate what they are typing).
 */
export const captchaQueryOptions = (owner: string, path: CaptchaPath = AUTH_PATHS.captcha) =>
  queryOptions({
    queryKey: ['captcha', path, owner],
    queryFn: () => getCaptcha(path),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useCaptchaQuery = (owner: string, path?: CaptchaPath) => useQuery(captchaQueryOptions(owner, path));
