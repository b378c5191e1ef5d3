/**
 * Invoices for paid service fees (guide after-the-hammer.md "Invoices"; issue 16 step 4): the request's
 * rules (type, title, taxpayer number with the 统一社会信用代码 checksum of ./creditCode, the 专用 fields,
 * e-mail) as one pure check shared by the form and the server.
 */
import { validateCreditCode } from './creditCode';
import { validateEmail, type ValidationResult } from './validation';

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
export const INVOICE_KIND_TEXT: Record<InvoiceKind, string> = { normal: '增值税普通发票', special: '增值税专用发票' };
export type InvoiceStatus = 'requested' | 'issued' | 'refused';
export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = { requested: '已申请', issued: '已开具', refused: '已拒绝' };

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

export const INVOICE_MESSAGES = {
  title: '请填写发票抬头（不超过100个字符）',
  taxpayerRequired: '专用发票须填写纳税人识别号（统一社会信用代码）',
  special: '专用发票须填写注册地址、注册电话、开户银行和银行账号',
} as const;

/** Field → message for everything wrong with the request (empty: valid). */
export function checkInvoiceRequest(r: Omit<InvoiceRequest, 'dealId'>): Partial<Record<keyof InvoiceRequest, string>> {
  const errors: Partial<Record<keyof InvoiceRequest, string>> = {};
  const title = r.title.trim();
  if (!title || [...title].length > 100) errors.title = INVOICE_MESSAGES.title;
  const taxpayer = r.taxpayerNo.trim();
  if (r.kind === 'special' && !taxpayer) errors.taxpayerNo = INVOICE_MESSAGES.taxpayerRequired;
  else if (taxpayer) {
    const check: ValidationResult = validateCreditCode(taxpayer);
    if (!check.ok) errors.taxpayerNo = check.message;
  }
  if (r.kind === 'special' && [r.address, r.phone, r.bankName, r.bankAccount].some((v) => !v.trim())) errors.address = INVOICE_MESSAGES.special;
  const email = validateEmail(r.email);
  if (!email.ok) errors.email = email.message;
  return errors;
}
