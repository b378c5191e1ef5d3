/** 发票 (QUEUE_PATHS.invoice*): invoice requests for the exchange's fee; 开具 and 拒绝 are money actions (428). */
import { useQuery } from '@tanstack/react-query';
import { QUEUE_PATHS, type InvoiceQueueDetail, type InvoiceQueueItem } from '#domain/contract/staffQueues';
import { queueDetailOptions, queueListOptions, useQueueAction, type QueueFilter } from '../../api/queues';

const AREA = 'invoice';

export const useInvoices = (filter: QueueFilter) => useQuery(queueListOptions<InvoiceQueueItem>(AREA, QUEUE_PATHS.invoicePage, filter));
export const useInvoice = (id: number | null) => useQuery(queueDetailOptions<InvoiceQueueDetail>(AREA, QUEUE_PATHS.invoiceDetail, id));
export const useIssueInvoice = () => useQueueAction<{ id: number }, InvoiceQueueItem>(AREA, QUEUE_PATHS.invoiceIssue);
/** 拒绝: the user reads the reason on 我的发票. */
export const useRefuseInvoice = () => useQueueAction<{ id: number; reason: string }, InvoiceQueueItem>(AREA, QUEUE_PATHS.invoiceRefuse);
