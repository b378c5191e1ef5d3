import { AUTH_PATHS } from '#domain/contract/auth';
import { postForEnvelope } from '@/api/transport';

/**
 * POST /dscq-user/protocol-agree/submit (with the version read, when known); the caller reads `code`
 * (spec: the dialog closes when it is 200).
 */
export const submitAgreement = (version?: string) =>
  postForEnvelope<null>(AUTH_PATHS.agreementSubmit, version ? { version } : undefined);
