/**
 * Invoices for paid service fees (guide after-the-hammer.md "Invoices"): the request's
 * rules (type, title, taxpayer number with the 统一社会信用代码 checksum of ./creditCode, the 专用 fields,
 * e-mail) as one pure check shared by the form and the server.
 */
import { validateCreditCode } from './creditCode';
import { validateEmail, type ValidationResult } from './validation';
import { type InvoiceKind, type InvoiceStatus, type InvoiceRequest } from '../contract/invoice';

export const INVOICE_KIND_TEXT: Record<InvoiceKind, string> = { normal: '增值税普通发票', special: '增值税专用发票' };

export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = { requested: '已申请', issued: '已开具', refused: '已拒绝' };

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
