/** The staff console's sign-in: login (captcha + RSA password), logout, who am I, the password again, a new password. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_PATHS } from '#domain/contract/staff';
import { encryptedPassword, requiredText } from '../../http/account-params.ts';
import { ok } from '../../lib/envelope.ts';
import { changeStaffPassword, confirmStaffPassword, staffLogin, staffLogout, staffMe } from '../../services/staff/sessions.ts';

const login = z.object({
  loginName: requiredText('登录名', 32),
  password: encryptedPassword(),
  captchaKey: requiredText('图片验证码标识', 64),
  captchaCode: requiredText('图片验证码', 8),
});
const confirm = z.object({ password: encryptedPassword() });
const passwordChange = z.object({ oldPassword: encryptedPassword('原密码'), newPassword: encryptedPassword('新密码') });

export default async function staffAuthRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, requireStaff } = app;
  const signedIn = { preValidation: requireStaff() };
  routes.post(STAFF_PATHS.login, { schema: { summary: '工作系统：登录', querystring: login } }, async (request) => ok(await staffLogin(accounts, request.query, request.ip)));
  routes.post(STAFF_PATHS.logout, { ...signedIn, schema: { summary: '工作系统：退出' } }, async (request) => {
    await staffLogout(accounts, request.staff!);
    return ok(null);
  });
  routes.get(STAFF_PATHS.me, { ...signedIn, schema: { summary: '工作系统：当前工作人员、权限与会话期限' } }, async (request) => ok(await staffMe(accounts, request.staff!)));
  routes.post(STAFF_PATHS.confirmPassword, { ...signedIn, schema: { summary: '工作系统：再次输入密码（资金操作前）', querystring: confirm } }, async (request) =>
    ok(await confirmStaffPassword(accounts, request.staff!, request.query.password)),
  );
  routes.post(STAFF_PATHS.changePassword, { ...signedIn, schema: { summary: '工作系统：修改本人密码', querystring: passwordChange } }, async (request) => {
    await changeStaffPassword(accounts, request.staff!, request.query.oldPassword, request.query.newPassword);
    return ok(null);
  });
}
