/** 管理员: staff members and their roles, and the audit trail (search, CSV / Excel export). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_ROLES } from '#domain/rules/staff';
import { STAFF_PATHS } from '#domain/contract/staff';
import { requiredText } from '../../http/account-params.ts';
import { optionalChinaTime, optionalText, pagingParams, requiredId } from '../../http/params.ts';
import { ok } from '../../lib/envelope.ts';
import { auditPage, exportAudit } from '../../services/staff/audit.ts';
import { createStaff, listStaff, resetStaffPassword, updateStaff } from '../../services/staff/members.ts';

const roles = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.enum(STAFF_ROLES, { error: `角色须为 ${STAFF_ROLES.join('、')} 之一` }), { error: '角色格式不正确' }),
);
const flag = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: '参数 disabled 须为 true 或 false' }));
const create = z.object({ loginName: requiredText('登录名', 32), name: requiredText('姓名', 20), roles, password: requiredText('初始密码', 64) });
const update = z.object({ id: requiredId('id'), name: optionalText('姓名', 20), roles: roles.optional(), disabled: flag.optional() });
const reset = z.object({ id: requiredId('id'), password: requiredText('新密码', 64) });
const auditFilter = {
  staff: optionalText('工作人员', 32),
  action: optionalText('操作', 64),
  subject: optionalText('对象', 64),
  q: optionalText('关键字', 64),
  from: optionalChinaTime('from'),
  to: optionalChinaTime('to'),
};
const auditPageQuery = z.object({ ...auditFilter, ...pagingParams(20) });
const auditExportQuery = z.object({ ...auditFilter, format: z.enum(['csv', 'xlsx'], { error: '导出格式须为 csv 或 xlsx' }).default('xlsx') });

export default async function staffAdminRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, requireStaff } = app;
  const admin = { preValidation: requireStaff('staff.manage') };
  const auditor = { preValidation: requireStaff('audit.view') };
  routes.get(STAFF_PATHS.staffList, { ...admin, schema: { summary: '工作系统：工作人员列表' } }, async () => ok(await listStaff(db)));
  routes.post(STAFF_PATHS.staffCreate, { ...admin, schema: { summary: '工作系统：新增工作人员', querystring: create } }, async (request) =>
    ok(await createStaff(db, request.query, now(), request.staff!)),
  );
  routes.post(STAFF_PATHS.staffUpdate, { ...admin, schema: { summary: '工作系统：修改工作人员（姓名、角色、停用）', querystring: update } }, async (request) =>
    ok(await updateStaff(db, request.query, now(), request.staff!)),
  );
  routes.post(STAFF_PATHS.staffResetPassword, { ...admin, schema: { summary: '工作系统：重置工作人员密码（其会话随即结束）', querystring: reset } }, async (request) => {
    await resetStaffPassword(db, request.query.id, request.query.password, now(), request.staff!);
    return ok(null);
  });
  routes.get(STAFF_PATHS.auditPage, { ...auditor, schema: { summary: '工作系统：操作日志查询', querystring: auditPageQuery } }, async (request) => {
    const { current, size, ...filter } = request.query;
    return ok(await auditPage(db, filter, { current, size }));
  });
  routes.get(STAFF_PATHS.auditExport, { ...auditor, schema: { summary: '工作系统：操作日志导出（CSV 或 Excel）', querystring: auditExportQuery } }, async (request, reply) => {
    const { format, ...filter } = request.query;
    const file = await exportAudit(db, filter, format);
    const name = `操作日志.${format}`;
    return reply
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="audit.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(file);
  });
}
