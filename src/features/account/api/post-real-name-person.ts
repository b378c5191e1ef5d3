import { AUTH_PATHS, type PersonVerificationRequest, type VerificationStatus } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

export const submitPersonVerification = (request: PersonVerificationRequest) =>
  postJson<VerificationStatus | null>(AUTH_PATHS.realNamePerson, request);
