import { creditCodeCheckChar, validateCreditCode } from '#domain/rules/creditCode';

const fail = (message: string) => ({ ok: false, message });
const ok = { ok: true };

/*
 * Check characters computed by hand (charset 0-9 A-H J-N P-R T-U W-Y, values 0-30;
 * check = charset[(31 - sum mod 31) mod 31]):
 * 91350100M000100Y4: sum 1640, 1640 mod 31 = 28 → value 3  → '3'
 * 91110000600037341: sum 538,   538 mod 31 = 11 → value 20 → 'L'
 * 91130100MA07Y1AB0: sum 1623, 1623 mod 31 = 11 → value 20 → 'L'
 */
describe('validateCreditCode', () => {
  it.each(['91350100M000100Y43', '91110000600037341L', '91130100MA07Y1AB0L'])('accepts %s', (value) => {
    expect(validateCreditCode(value)).toEqual(ok);
  });

  it('accepts lowercase letters', () => {
    expect(validateCreditCode('91350100m000100y43')).toEqual(ok);
  });

  it('computes the check character', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('91110000600037341')).toBe('L');
  });

  it.each([
    ['', '统一社会信用代码不能为空'],
    ['9135010M000100Y43', '统一社会信用代码长度不为18位'], // 17
    ['91350100M000100Y433', '统一社会信用代码长度不为18位'], // 19
    ['91350100I000100Y43', '统一社会信用代码格式错误'], // I is not in the charset
    ['91350100O000100Y43', '统一社会信用代码格式错误'],
    ['9135010SM00100Y43Z', '统一社会信用代码格式错误'],
    ['91A50100M000100Y43', '统一社会信用代码格式错误'], // region code must be digits
    ['91350100M000100Y4-', '统一社会信用代码格式错误'],
    ['91350100M000100Y44', '统一社会信用代码校验位错误'],
    ['91110000600037341M', '统一社会信用代码校验位错误'],
  ])('%j → %s', (value, message) => {
    expect(validateCreditCode(value)).toEqual(fail(message));
  });

  it('treats null as empty', () => {
    expect(validateCreditCode(null)).toEqual(fail('统一社会信用代码不能为空'));
  });
});
