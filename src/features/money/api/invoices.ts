import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getBlob, http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { INVOICE_PATHS, type InvoiceItem, type InvoiceRequest, type InvoiceableDeal } from '#domain/contract/invoice';

export const getInvoices = (current: number, size: number) => http.get<Page<InvoiceItem>>(INVOICE_PATHS.page, { current, size });
export const invoicesQueryOptions = (current: number, size: number) =>
  queryOptions({ queryKey: ['money', 'invoices', current, size], queryFn: () => getInvoices(current, size), staleTime: 0, placeholderData: keepPreviousData });
export const useInvoices = (current: number, size: number) => useQuery(invoicesQueryOptions(current, size));

export const getInvoiceable = () => http.get<InvoiceableDeal[]>(INVOICE_PATHS.eligible);
export const useInvoiceable = () => useQuery(queryOptions({ queryKey: ['money', 'invoiceable'], queryFn: getInvoiceable, staleTime: 0 }));

export const postInvoiceRequest = (r: InvoiceRequest) => http.post<InvoiceItem>(INVOICE_PATHS.request, undefined, r);
/** An issued invoice as PDF bytes (read with the token). */
export const getInvoiceDocument = (id: number, signal?: AbortSignal) => getBlob(`${INVOICE_PATHS.document}?id=${id}`, signal);
