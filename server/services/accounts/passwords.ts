/**
 * Password storage (guide item 1: argon2id m=19456 KiB, t=2, p=1) and password rules (item 7).
 */
import { hash, verify, type Options } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_CLASSES, PASSWORD_MIN_LENGTH } from '#domain/rules/auth';
import { passwordStrength } from '#domain/rules/password';

/** The production parameters (OWASP's argon2id minimum). Not configurable: tests assert them. */
// `Algorithm` is a const enum (not available at run time under isolatedModules): 2 is Argon2id.
export const ARGON2_PARAMS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** False for a wrong password and for a malformed stored hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, made once per process: an unknown login name is verified against it,
 * so it costs the same time as a wrong password (guide item 3).
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummy;
}

/**
 * The most common passwords of the published leak lists (global and Chinese) that meet the length
 * rule; compared case-insensitively.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  [
    '12345678', '123456789', '1234567890', '87654321', '11111111', '00000000', '88888888', '66666666',
    '12341234', '11223344', '1qaz2wsx', 'qwertyui', 'qwerty123', 'qwerty12', 'password', 'password1',
    'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'abc12345', 'abcd1234', 'a1234567', 'a12345678',
    'aa123456', 'abc123456', 'iloveyou', 'sunshine', 'princess', 'football', 'baseball', 'welcome1',
    'admin123', 'admin@123', 'admin1234', 'root1234', 'test1234', 'letmein1', 'zxcvbnm1', 'asdfghjk',
    'asdf1234', 'qazwsxedc', '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4', 'woaini1314', '5201314520', 'woaini520',
    'huang123', 'zhang123', 'wang1234', 'li123456', 'qq123456', 'aaaaaaaa', 'abcdefgh', 'abcdefg1',
    'a123456789', 'password@123', 'Aa123456', 'Aa12345678', 'Abc@1234', 'Abc@123456', 'Admin@123',
    'P@ssw0rd1', 'Qwer1234', 'Qwerty123', 'Welcome@123', 'Test@123', 'Root@123', 'Hbcq@123', 'Demo@123',
  ].map((p) => p.toLowerCase()),
);

/** The first rule a new password breaks, in Chinese naming the field; null when it is acceptable. */
export function passwordProblem(password: string, field = '密码'): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    return `${field}长度须为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位`;
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return `${field}过于常见，请更换一个更安全的密码`;
  if (passwordStrength(password) < PASSWORD_MIN_CLASSES) {
    return `${field}须包含数字、小写字母、大写字母、符号中的至少两类`;
  }
  return null;
}
