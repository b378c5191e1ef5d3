/** Four eyes: the items waiting for a second staff member, approve (a money kind asks the password again: the service), reject with a reason, withdraw. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FOUR_EYES_KIND_KEYS, FOUR_EYES_KINDS, type FourEyesKind } from '#domain/rules/staff';
import { STAFF_PATHS } from '#domain/contract/staff';
import { requiredText } from '../../http/account-params.ts';
import { optionalText, pagingParams, requiredId } from '../../http/params.ts';
import { ok } from '../../lib/envelope.ts';
import { APPROVAL_STATES, approvalPage, approveApproval, rejectApproval, withdrawApproval } from '../../services/staff/approvals.ts';

const page = z.object({
  state: z.enum(APPROVAL_STATES, { error: `状态须为 ${APPROVAL_STATES.join('、')} 之一` }).optional(),
  kind: z.enum(FOUR_EYES_KIND_KEYS as [FourEyesKind, ...FourEyesKind[]], { error: '复核类型不正确' }).optional(),
  subject: optionalText('对象', 64),
  ...pagingParams(20),
});
const idOnly = z.object({ id: requiredId('id') });
const reject = z.object({ id: requiredId('id'), reason: requiredText('退回原因', 500) });

export default async function staffApprovalRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { staff: context, requireStaff } = app;
  const signedIn = { preValidation: requireStaff() };
  routes.get(STAFF_PATHS.approvalPage, { ...signedIn, schema: { summary: '工作系统：复核单（本人可复核的与本人提交的）', querystring: page } }, async (request) => {
    const { current, size, ...filter } = request.query;
    return ok(await approvalPage(context, filter, { current, size }, request.staff!));
  });
  routes.post(STAFF_PATHS.approvalApprove, { ...signedIn, schema: { summary: `工作系统：复核通过并执行（${Object.values(FOUR_EYES_KINDS).map((k) => k.label).join('、')}）`, querystring: idOnly } }, async (request) => {
    return ok(await approveApproval(context, request.query.id, request.staff!));
  });
  routes.post(STAFF_PATHS.approvalReject, { ...signedIn, schema: { summary: '工作系统：复核退回（须填写原因）', querystring: reject } }, async (request) =>
    ok(await rejectApproval(context, request.query.id, request.query.reason, request.staff!)),
  );
  routes.post(STAFF_PATHS.approvalWithdraw, { ...signedIn, schema: { summary: '工作系统：撤回本人提交的复核单', querystring: idOnly } }, async (request) =>
    ok(await withdrawApproval(context, request.query.id, request.staff!)),
  );
}
