/** The password rule (domain/rules/auth.ts, as the server's) for the console's password fields, checked as the member types. */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_CLASSES, PASSWORD_MIN_LENGTH } from '#domain/rules/auth';
import { passwordStrength } from '#domain/rules/password';

export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} 位，含数字、小写字母、大写字母、符号中的至少两类`;

export function passwordRuleProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return `密码长度须为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位`;
  if (passwordStrength(password) < PASSWORD_MIN_CLASSES) return '密码须包含数字、小写字母、大写字母、符号中的至少两类';
  return null;
}

export const passwordRules = [
  { required: true, message: '请输入密码' },
  {
    validator: (_: unknown, value: string | undefined) => {
      const problem = value ? passwordRuleProblem(value) : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

