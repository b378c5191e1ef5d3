import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS, type SmsCodeAnswer, type SmsCodeRequest } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

/** Sends an SMS code for one purpose (1008 login/default, 2001 register, 2002 forget password). */
export const sendSmsCode = (request: SmsCodeRequest) => postJson<SmsCodeAnswer | null>(AUTH_PATHS.smsCode, request);

export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
