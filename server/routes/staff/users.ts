/** 审核's account help: find a portal user (masked as the queues show people) and lift a login lockout (`npm run ops -- user unlock`). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_USER_PATHS } from '#domain/contract/staffQueues';
import { requiredText } from '../../http/account-params.ts';
import { BusinessError, ok } from '../../lib/envelope.ts';
import { findUsers, unlockUser } from '../../services/accounts/users.ts';
import { recordStaffAction } from '../../services/staff/audit.ts';

const find = z.object({ q: requiredText('登录名、姓名或手机号', 32) });
const unlock = z.object({ loginName: requiredText('登录名', 64) });

export default async function staffUserRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, accounts, requireStaff } = app;
  const reviewer = { preValidation: requireStaff('realName.review') };
  routes.get(STAFF_USER_PATHS.find, { ...reviewer, schema: { summary: '工作系统：查找门户用户（登录名、姓名或手机号，至多 20 个）', querystring: find } }, async (request) => {
    const found = await findUsers(db, request.query.q);
    await recordStaffAction(db, now(), request.staff!, { action: 'user.find', reason: request.query.q });
    return ok(found);
  });
  routes.post(STAFF_USER_PATHS.unlock, { ...reviewer, schema: { summary: '工作系统：解除用户的登录锁定（密码错误次数过多）', querystring: unlock } }, async (request) => {
    if (!(await unlockUser(accounts, request.query.loginName))) throw new BusinessError(404, '用户不存在');
    await recordStaffAction(db, now(), request.staff!, { action: 'user.unlock', subject: `user:${request.query.loginName}` });
    return ok(null);
  });
}
