import { http } from '@/api/client';
import { ENROLMENT_PATHS, type EnrolmentDetail, type EnrolmentSubmit } from '#domain/contract/enrolment';

/** JSON body: contact details stay out of URLs and access logs. */
export const postEnrolSubmit = (body: EnrolmentSubmit) => http.post<EnrolmentDetail>(ENROLMENT_PATHS.submit, undefined, body);
