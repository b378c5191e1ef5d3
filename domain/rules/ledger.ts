/**
 * The money ledger's words and rules shared by server and browser: entry kinds and their
 * Chinese names, the amount rule for wallet movements (integer fen, no sub-fen, no negatives, a ceiling),
 * and the bank-card number check (Luhn).
 */
import { isZeroDecimal, parseDecimal, toScaledInteger } from './decimal';
import { VALID, invalid, isBlank, type ValidationResult } from './validation';
import { type LedgerEntryKind, type LedgerUserAccount, type DepositReleaseChoice } from '../contract/ledger';

export const LEDGER_ENTRY_TEXT: Record<LedgerEntryKind, string> = {
  depositPaid: '保证金缴纳',
  depositFromWallet: '钱包支付保证金',
  depositRelease: '保证金退还至钱包',
  depositRefund: '保证金原路退还',
  depositForfeit: '保证金没收',
  depositConvert: '保证金转价款',
  settlementPaid: '成交价款支付',
  topUp: '充值',
  withdraw: '提现',
  withdrawPaid: '提现到账',
  withdrawFailed: '提现退回',
  overpayment: '重复支付转入钱包',
  payout: '价款划转转让方',
};

export const LEDGER_ACCOUNT_TEXT: Record<LedgerUserAccount, string> = { available: '可用余额', frozen: '冻结金额' };

/** The largest single wallet movement (top-up or withdrawal): 1 亿元. */
export const WALLET_MAX_FEN = 10_000_000_000;

export const AMOUNT_MESSAGES = {
  empty: '请输入金额',
  format: '金额格式不正确，请输入数字，最多两位小数',
  subFen: '金额最小单位为分，最多两位小数',
  notPositive: '金额须大于 0',
  tooLarge: '单笔金额不能超过 1 亿元',
  overBalance: '可用余额不足',
} as const;

/**
 * Yuan as typed or sent (text or number) → integer fen, or the Chinese message that says what is wrong:
 * sub-fen ('0.001'), negative or zero, beyond WALLET_MAX_FEN, not a number.
 */
export function parseWalletAmount(yuan: string | number | null | undefined): { ok: true; fen: number } | { ok: false; message: string } {
  if (yuan === null || yuan === undefined || (typeof yuan === 'string' && isBlank(yuan))) return { ok: false, message: AMOUNT_MESSAGES.empty };
  const parts = parseDecimal(yuan);
  if (parts === null) return { ok: false, message: AMOUNT_MESSAGES.format };
  if (parts.negative && !isZeroDecimal(parts)) return { ok: false, message: AMOUNT_MESSAGES.notPositive };
  if (parts.frac.replace(/0+$/, '').length > 2) return { ok: false, message: AMOUNT_MESSAGES.subFen };
  if (parts.int.length > 12) return { ok: false, message: AMOUNT_MESSAGES.tooLarge };
  const fen = toScaledInteger(parts, 2);
  if (fen <= 0n) return { ok: false, message: AMOUNT_MESSAGES.notPositive };
  if (fen > BigInt(WALLET_MAX_FEN)) return { ok: false, message: AMOUNT_MESSAGES.tooLarge };
  return { ok: true, fen: Number(fen) };
}

export const CARD_MESSAGES = {
  empty: '请输入银行卡号',
  format: '银行卡号应为 12–19 位数字',
  luhn: '银行卡号校验未通过，请核对卡号',
} as const;

/** Luhn (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A bank-card number as typed (spaces allowed between groups): 12–19 digits passing Luhn. */
export function validateCardNumber(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return invalid(CARD_MESSAGES.empty);
  const digits = value.replace(/ /g, '');
  if (!/^\d{12,19}$/.test(digits)) return invalid(CARD_MESSAGES.format);
  if (!luhnValid(digits)) return invalid(CARD_MESSAGES.luhn);
  return VALID;
}

/** First 6 + last 4 (security guide item 14). */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}${'*'.repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`;
}

export const DEPOSIT_RELEASE_TEXT: Record<DepositReleaseChoice, string> = { wallet: '退回钱包可用余额', card: '原路退回银行卡' };
