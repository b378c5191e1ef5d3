/** 投资需求 (demand.answer): the users' investment demands, one with its criteria and matches; answer. */
import { QUEUE_PATHS, type DemandItem, type DemandQueueDetail } from '#domain/contract/staffQueues';

export const DEMANDS = {
  queue: 'demand',
  listPath: QUEUE_PATHS.demandPage,
  detailPath: QUEUE_PATHS.demandDetail,
  answerPath: QUEUE_PATHS.demandAnswer,
} as const;

export type { DemandItem, DemandQueueDetail };
