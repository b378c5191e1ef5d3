import { passwordStrength, passwordStrengthLabel } from '#domain/rules/password';

describe('passwordStrength', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['ABC', 1],
    ['123456', 1],
    ['!@#', 1],
    ['abc123', 2],
    ['ABCdef', 2],
    ['Abc123', 3],
    ['abc12#', 3],
    ['Abc123!', 4],
    ['Abc 123', 4], // a space counts as a symbol
    ['密码abc', 2], // non-ASCII counts as a symbol
  ])('%j → %i', (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it('scores null and undefined as 0', () => {
    expect(passwordStrength(null)).toBe(0);
    expect(passwordStrength(undefined)).toBe(0);
  });
});

describe('passwordStrengthLabel', () => {
  it.each([
    [0, '弱'],
    [1, '弱'],
    [2, '中'],
    [3, '强'],
    [4, '强'],
  ])('%i → %s', (score, label) => {
    expect(passwordStrengthLabel(score)).toBe(label);
  });
});
