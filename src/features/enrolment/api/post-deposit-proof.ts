import { http } from '@/api/client';
import { ENROLMENT_PATHS, type DepositDetail, type DepositProofSubmit } from '#domain/contract/enrolment';

/** JSON body: the payer's account number never goes into a URL. */
export const postDepositProof = (body: DepositProofSubmit) => http.post<DepositDetail>(ENROLMENT_PATHS.proof, undefined, body);
