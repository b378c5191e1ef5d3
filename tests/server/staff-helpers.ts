/** The work system's test app: the accounts test app plus staff logins and calls by path (domain/contract/staff.ts). */
import { createAccountsApp, DEMO_PASSWORD, FIXED_CAPTCHA, type AccountsTestApp, type Answer } from './accounts-helpers.ts';
import type { TestAppOptions } from './helpers.ts';

export interface StaffTestApp extends AccountsTestApp {
  /** A staff token of a demo member (op_admin, op_review, op_auction, op_finance, op_editor). */
  staffLogin(loginName: string, password?: string): Promise<string>;
  /** A staff call under /api by its path (STAFF_PATHS.… or another staff path). */
  staff(token: string, method: 'GET' | 'POST', path: string, query?: Record<string, string | number>): Promise<Answer>;
  /** The password again (money actions), for `minutes` ahead by the server's rule. */
  confirmPassword(token: string, password?: string): Promise<Answer>;
}

export async function createStaffApp(options: TestAppOptions = {}): Promise<StaffTestApp> {
  const t = await createAccountsApp(options);
  const staff: StaffTestApp['staff'] = (token, method, path, query) => t.call(method, `/api${path}`, { token, ...(query ? { query } : {}) });
  return {
    ...t,
    staff,
    staffLogin: async (loginName, password = DEMO_PASSWORD) => {
      const answer = await t.call('POST', '/api/dscq-staff/auth/login', {
        query: { loginName, password: t.enc(password), captchaKey: await t.captcha(), captchaCode: FIXED_CAPTCHA },
      });
      if (answer.body?.code !== 200) throw new Error(`staff login ${loginName}: ${JSON.stringify(answer.body)}`);
      return answer.body.data.token as string;
    },
    confirmPassword: (token, password = DEMO_PASSWORD) => staff(token, 'POST', '/dscq-staff/auth/confirm', { password: t.enc(password) }),
  };
}
