import { http } from '@/api/client';
import { ENROLMENT_PATHS, type PaymentOrderAnswer } from '#domain/contract/enrolment';

/** Opens an online cashier order for a deposit. */
export const postPayOrder = (depositId: number) => http.post<PaymentOrderAnswer>(ENROLMENT_PATHS.payOrder, undefined, { depositId });
