/** 报名审核 (enrolment.review): the enrolments, one with its lot, bidder and attachments; take up, approve, reject. */
import { QUEUE_PATHS, type EnrolmentItem, type EnrolmentQueueDetail } from '#domain/contract/staffQueues';

export const ENROLMENT = {
  queue: 'enrolment',
  listPath: QUEUE_PATHS.enrolmentPage,
  detailPath: QUEUE_PATHS.enrolmentDetail,
  reviewPath: QUEUE_PATHS.enrolmentReview,
  approvePath: QUEUE_PATHS.enrolmentApprove,
  rejectPath: QUEUE_PATHS.enrolmentReject,
} as const;

export type { EnrolmentItem, EnrolmentQueueDetail };
