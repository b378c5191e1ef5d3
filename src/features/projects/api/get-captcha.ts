import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from '@/api/client';
import type { CaptchaAnswer } from '@/domain/auth';
import type { Envelope } from '@/domain/contracts';

export const CAPTCHA_PATH = '/blade-auth/oauth/captcha';

/** GET /blade-auth/oauth/captcha → {key, image}; SpringBlade sends it bare or in the envelope. */
export async function getCaptcha(): Promise<CaptchaAnswer> {
  const answer = await send<CaptchaAnswer | Envelope<CaptchaAnswer>>({ method: 'GET', path: CAPTCHA_PATH });
  const captcha = answer && 'data' in answer && 'code' in answer ? answer.data : (answer as CaptchaAnswer | null);
  if (!captcha || typeof captcha.key !== 'string' || typeof captcha.image !== 'string') throw new Error('验证码加载失败');
  return captcha;
}

/** One captcha per download dialog (`owner`); single use, so never shared or refetched on its own. */
export const captchaQueryOptions = (owner: string) =>
  queryOptions({
    queryKey: ['projects', 'captcha', owner],
    queryFn: getCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useCaptcha = (owner: string, enabled: boolean) => useQuery({ ...captchaQueryOptions(owner), enabled });
