import { AUTH_PATHS, type OrgVerificationRequest, type VerificationStatus } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

export const submitOrgVerification = (request: OrgVerificationRequest) =>
  postJson<VerificationStatus | null>(AUTH_PATHS.realNameOrg, request);
