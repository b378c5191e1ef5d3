/** 申诉 (appeal.handle): the users' appeals, one with its reason, attachments and history; accept, answer, reject. */
import { QUEUE_PATHS, type AppealItem, type AppealQueueDetail } from '#domain/contract/staffQueues';

export const APPEALS = {
  queue: 'appeal',
  listPath: QUEUE_PATHS.appealPage,
  detailPath: QUEUE_PATHS.appealDetail,
  acceptPath: QUEUE_PATHS.appealAccept,
  answerPath: QUEUE_PATHS.appealAnswer,
  rejectPath: QUEUE_PATHS.appealReject,
} as const;

export type { AppealItem, AppealQueueDetail };
