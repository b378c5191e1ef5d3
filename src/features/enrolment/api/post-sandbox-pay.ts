import { http } from '@/api/client';
import { ENROLMENT_PATHS, type PaymentOrderAnswer } from '#domain/contract/enrolment';

/** The sandbox bank's "confirm payment": the bank then notifies the server a moment later. */
export const postSandboxPay = (orderNo: string) => http.post<PaymentOrderAnswer>(ENROLMENT_PATHS.sandboxPay, undefined, { orderNo });
