/**
 * Password strength (spec section 5): score 0–4, one point for each class present among
 * digits, lowercase letters, uppercase letters and symbols.
 */
/**
 * Password strength (spec section 5): score 0–4, one point for each class present among
 * digits, lowercase letters, uppercase letters and symbols.
 */

export type PasswordStrengthScore = 0 | 1 | 2 | 3 | 4;

export type PasswordStrengthLabel = '弱' | '中' | '强';

/**
 * Counts the classes present: ASCII digit, ASCII lowercase, ASCII uppercase, and "symbol" = any other
 * character (punctuation, space, non-ASCII). Empty or missing → 0. Length is not scored.
 * 'abc' → 1, 'abc123' → 2, 'Abc123' → 3, 'Abc123!' → 4.
 */
export function passwordStrength(password: string | null | undefined): PasswordStrengthScore {
  if (!password) return 0;
  let score = 0;
  if (/\d/.test(password)) score += 1;
  if (/[a-z]/.test(password)) score += 1;
  if (/[A-Z]/.test(password)) score += 1;
  if (/[^0-9a-zA-Z]/.test(password)) score += 1;
  return score as PasswordStrengthScore;
}

/** Label of a score: 0–1 弱, 2 中, 3–4 强. (The form hides the meter while the field is empty.) */
export function passwordStrengthLabel(score: number): PasswordStrengthLabel {
  if (score >= 3) return '强';
  if (score === 2) return '中';
  return '弱';
}
