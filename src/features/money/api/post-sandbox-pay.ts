import { http } from '@/api/client';
import { ENROLMENT_PATHS } from '#domain/contract/enrolment';

/** The sandbox bank's "confirm payment" for any order of mine (top-ups too); the bank notifies a moment later. */
export const postSandboxPay = (orderNo: string) => http.post<unknown>(ENROLMENT_PATHS.sandboxPay, undefined, { orderNo });
