import { http } from '@/api/client';
import { PROJECT_PATHS, type AttachmentTicket } from '#domain/contract/projects';

export interface VerifyCodeRequest {
  attachmentId: number;
  /** The captcha key and what the user typed. */
  key: string;
  code: string;
}

/**
 * POST /dscq-project/assets-detail/verify-code → a single-use download ticket (5 minutes).
 * A wrong or expired code answers 400 验证码错误或已过期 (the client shows it and rejects).
 */
export const postVerifyCode = (request: VerifyCodeRequest) =>
  http.post<AttachmentTicket>(PROJECT_PATHS.attachmentVerify, undefined, request);
