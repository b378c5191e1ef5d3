import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, CARD_MESSAGES, luhnValid, maskCardNumber, parseWalletAmount, validateCardNumber, WALLET_MAX_FEN } from '#domain/rules/ledger';

describe('parseWalletAmount: integer fen or a Chinese message', () => {
  it.each([
    ['100', 10_000],
    ['0.01', 1],
    ['12.5', 1250],
    ['12.50', 1250],
    [' 3 ', 300],
    [99.99, 9999],
    ['100000000', WALLET_MAX_FEN],
  ])('%j → %d fen', (input, fen) => {
    expect(parseWalletAmount(input)).toEqual({ ok: true, fen });
  });

  it.each([
    ['', AMOUNT_MESSAGES.empty],
    [null, AMOUNT_MESSAGES.empty],
    ['abc', AMOUNT_MESSAGES.format],
    ['1,000', AMOUNT_MESSAGES.format],
    [Number.NaN, AMOUNT_MESSAGES.format],
    [Number.POSITIVE_INFINITY, AMOUNT_MESSAGES.format],
    ['0.001', AMOUNT_MESSAGES.subFen],
    ['12.345', AMOUNT_MESSAGES.subFen],
    [0.005, AMOUNT_MESSAGES.subFen],
    ['-5', AMOUNT_MESSAGES.notPositive],
    ['0', AMOUNT_MESSAGES.notPositive],
    ['0.00', AMOUNT_MESSAGES.notPositive],
    ['100000000.01', AMOUNT_MESSAGES.tooLarge],
    ['1e20', AMOUNT_MESSAGES.tooLarge],
    ['99999999999999999999', AMOUNT_MESSAGES.tooLarge],
  ])('%j → %s', (input, message) => {
    expect(parseWalletAmount(input as string)).toEqual({ ok: false, message });
  });
});

describe('bank card numbers', () => {
  it('Luhn accepts valid numbers and refuses a changed digit', () => {
    expect(luhnValid('6222020200112233446')).toBe(true);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('6222020200112233445')).toBe(false);
  });
  it('validateCardNumber says what is wrong in Chinese', () => {
    expect(validateCardNumber('6222 0202 0011 2233 446')).toEqual({ ok: true });
    expect(validateCardNumber('')).toEqual({ ok: false, message: CARD_MESSAGES.empty });
    expect(validateCardNumber('62220202')).toEqual({ ok: false, message: CARD_MESSAGES.format });
    expect(validateCardNumber('6222-0202-0011-2233')).toEqual({ ok: false, message: CARD_MESSAGES.format });
    expect(validateCardNumber('6222020200112233445')).toEqual({ ok: false, message: CARD_MESSAGES.luhn });
  });
  it('masks to the first 6 and last 4', () => {
    expect(maskCardNumber('6222020200112233446')).toBe('622202*********3446');
  });
});
