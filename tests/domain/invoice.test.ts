import { describe, expect, it } from 'vitest';
import { checkInvoiceRequest, INVOICE_MESSAGES } from '#domain/rules/invoice';

const base = { kind: 'normal' as const, title: '张建国', taxpayerNo: '', address: '', phone: '', bankName: '', bankAccount: '', email: 'a@example.com' };

describe('checkInvoiceRequest', () => {
  it('a person’s 普通 invoice needs a title and an e-mail only', () => {
    expect(checkInvoiceRequest(base)).toEqual({});
    expect(checkInvoiceRequest({ ...base, title: ' ' })).toEqual({ title: INVOICE_MESSAGES.title });
    expect(checkInvoiceRequest({ ...base, email: 'x' }).email).toBeDefined();
  });
  it('the taxpayer number passes the 统一社会信用代码 checksum when given', () => {
    expect(checkInvoiceRequest({ ...base, taxpayerNo: '91350100M000100Y43' })).toEqual({});
    expect(checkInvoiceRequest({ ...base, taxpayerNo: '91350100M000100Y44' }).taxpayerNo).toBe('统一社会信用代码校验位错误');
    expect(checkInvoiceRequest({ ...base, taxpayerNo: '9135' }).taxpayerNo).toBe('统一社会信用代码长度不为18位');
  });
  it('a 专用 invoice needs the taxpayer number and the registered address, phone and bank', () => {
    const special = { ...base, kind: 'special' as const };
    expect(checkInvoiceRequest(special)).toMatchObject({ taxpayerNo: INVOICE_MESSAGES.taxpayerRequired, address: INVOICE_MESSAGES.special });
    expect(checkInvoiceRequest({ ...special, taxpayerNo: '91350100M000100Y43', address: '石家庄', phone: '0311-1', bankName: '中国银行', bankAccount: '1012' })).toEqual({});
  });
});
