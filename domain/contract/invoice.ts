/** Invoices on the wire: paths, kinds, states and the request (the rules are domain/rules/invoice.ts). */

export const INVOICE_PATHS = {
  /** GET ?current&size → Page<InvoiceItem>. */
  page: '/dscq-user/invoice/page',
  /** GET → InvoiceableDeal[]: paid service fees without an invoice. */
  eligible: '/dscq-user/invoice/eligible',
  /** POST InvoiceRequest → InvoiceItem. */
  request: '/dscq-user/invoice/request',
  /** GET ?id → application/pdf of an issued invoice (mine; the 404 envelope otherwise). */
  document: '/dscq-user/invoice/document',
} as const;

export type InvoiceKind = 'normal' | 'special';

export type InvoiceStatus = 'requested' | 'issued' | 'refused';

export interface InvoiceRequest {
  dealId: number;
  kind: InvoiceKind;
  title: string;
  /** 统一社会信用代码 (organisations; required for 专用). Empty for a person's 普通 invoice. */
  taxpayerNo: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  email: string;
}

export interface InvoiceItem {
  id: number;
  invoiceNo: string;
  dealId: number;
  assetsName: string;
  kind: InvoiceKind;
  kindText: string;
  title: string;
  taxpayerNo: string;
  amount: number;
  email: string;
  status: InvoiceStatus;
  statusText: string;
  refuseReason: string;
  requestTime: string;
  issueTime: string | null;
}

export interface InvoiceableDeal {
  dealId: number;
  assetsName: string;
  fee: number;
}
