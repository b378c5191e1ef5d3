/** Money on the wire: ledger entry kinds, accounts, banks, wallet, fund account and withdrawal paths (the rules are domain/rules/ledger.ts). */

export const LEDGER_ENTRY_KINDS = [
  'depositPaid',
  'depositFromWallet',
  'depositRelease',
  'depositRefund',
  'depositForfeit',
  'depositConvert',
  'settlementPaid',
  'topUp',
  'withdraw',
  'withdrawPaid',
  'withdrawFailed',
  'overpayment',
  'payout',
] as const;

export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** A user's two accounts. */
export type LedgerUserAccount = 'available' | 'frozen';

// ---------------------------------------------------------------------------------------------------------
// Wallet and fund account over HTTP

export const MONEY_PATHS = {
  /** GET → WalletSummary. */
  walletSummary: '/dscq-user/wallet/summary',
  /** GET ?current&size&kind?&direction? → Page<WalletEntry>: the user's ledger, newest first. */
  walletEntries: '/dscq-user/wallet/entries',
  /** GET ?id → WalletEntry (mine; 404 otherwise). */
  walletEntry: '/dscq-user/wallet/entry',
  /** POST ?amount → TopUpOrder (paid through the gateway; the sandbox cashier pays it). */
  topUp: '/dscq-user/wallet/topup',
  /** GET ?orderNo → TopUpOrder (mine). */
  topUpStatus: '/dscq-user/wallet/topup/status',
  /** POST → SMS code for a withdrawal to the bound card's owner phone. */
  withdrawSms: '/dscq-user/wallet/withdraw/sms',
  /** POST ?amount&smsCode → WalletWithdrawal. */
  withdraw: '/dscq-user/wallet/withdraw',
  /** POST ?depositId → the deposit paid from the available balance. */
  payDeposit: '/dscq-user/wallet/pay-deposit',
  /** GET → BankOption[]. */
  banks: '/dscq-user/fund/banks',
  /** GET → FundAccount (the bound card or null, the name it must carry). */
  fundAccount: '/dscq-user/fund/account',
  /** GET → DepositReleasePreference; POST ?choice=wallet|card → DepositReleasePreference. */
  releasePreference: '/dscq-user/fund/release-preference',
  /** POST ?purpose=bind|unbind → SMS code. */
  cardSms: '/dscq-user/fund/card/sms',
  /** POST ?bankCode&cardNo&smsCode → FundAccount. */
  bindCard: '/dscq-user/fund/card/bind',
  /** POST ?smsCode → FundAccount. */
  unbindCard: '/dscq-user/fund/card/unbind',
} as const;

/** Banks a card may be bound from (the sandbox accepts any Luhn-valid number). */
export const BANKS = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'ABC', name: '中国农业银行' },
  { code: 'BOC', name: '中国银行' },
  { code: 'CCB', name: '中国建设银行' },
  { code: 'BOCOM', name: '交通银行' },
  { code: 'PSBC', name: '中国邮政储蓄银行' },
  { code: 'CMB', name: '招商银行' },
  { code: 'CIB', name: '兴业银行' },
  { code: 'SPDB', name: '上海浦东发展银行' },
  { code: 'HEBB', name: '河北银行' },
] as const;

export type BankCode = (typeof BANKS)[number]['code'];

export interface BankCardView {
  id: number;
  bankCode: string;
  bankName: string;
  /** First 6 + last 4. */
  cardNo: string;
  accountName: string;
  bindTime: string;
}

export interface FundAccount {
  card: BankCardView | null;
  /** The name the card's account must carry (verified real name, or the organisation's name); null before verification. */
  requiredName: string | null;
  /** Masked mobile the SMS code goes to. */
  phone: string;
  /** Why unbinding is not possible now ('' when it is). */
  unbindBlocked: string;
}

export interface WalletSummary {
  /** Yuan. */
  available: number;
  frozen: number;
  /** Withdrawals waiting for the bank. */
  withdrawing: number;
  card: BankCardView | null;
}

export interface WalletEntry {
  id: number;
  kind: LedgerEntryKind;
  kindText: string;
  /** Signed yuan: the change of the available balance and of the frozen amount. */
  availableChange: number;
  frozenChange: number;
  memo: string;
  /** 'deposit:12', 'payment_order:…', 'withdrawal:…', 'deal:…'. */
  ref: string;
  time: string;
}

export interface TopUpOrder {
  orderNo: string;
  amount: number;
  status: 'created' | 'paid' | 'failed';
  gatewayName: string;
  payUrl?: string;
}

export interface WalletWithdrawal {
  withdrawNo: string;
  amount: number;
  status: 'requested' | 'paid' | 'failed';
  cardNo: string;
  time: string;
}

/** Where a loser's released deposit goes: the wallet's available balance, or back to the bound card. */
export const DEPOSIT_RELEASE_CHOICES = ['wallet', 'card'] as const;

export type DepositReleaseChoice = (typeof DEPOSIT_RELEASE_CHOICES)[number];

export interface DepositReleasePreference {
  choice: DepositReleaseChoice;
}
