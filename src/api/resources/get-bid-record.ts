import { queryOptions } from '@tanstack/react-query';
import { buildUrl, http } from '../client';
import { API_BASE } from '../config';
import { BID_RECORD_PATH, BID_RECORD_PDF_PATH, type BidRecordAnswer } from '#domain/contract/bidReceipt';

/**
 * GET /dscq-sync/v1/bidding/record (public; 409 before the end): an ended activity's 电子竞价记录 — every
 * bid, the hash chain, the signed head and its timestamp (docs/bidding.md "The bid record"). Read by the
 * verification page and by the result pages' 下载 (the lot's page and the room: src/components/BidRecordLinks).
 */
export const getBidRecord = (activityId: number) => http.get<BidRecordAnswer>(BID_RECORD_PATH, { activityId });

/** Not kept: the timestamp is added shortly after the end, and a download or a check wants the newest. */
export const bidRecordQueryOptions = (activityId: number) =>
  queryOptions({ queryKey: ['bidRecord', activityId], queryFn: () => getBidRecord(activityId), staleTime: 0, gcTime: 0, retry: false });

/** The signed PDF's address (GET …/bidding/record.pdf, public: a plain link, the browser downloads it). */
export const bidRecordPdfUrl = (activityId: number) => buildUrl(API_BASE, BID_RECORD_PDF_PATH, { activityId }, false);

/** The file name of a saved record. */
export const bidRecordFileName = (record: Pick<BidRecordAnswer, 'activityId' | 'activityCode'>) => `电子竞价记录-${record.activityCode || record.activityId}.json`;
