/**
 * 竞价监控 (floor.run): the auctions running now, and 中止 / 恢复 / 终结 through the floor's service
 * (services/auctions/floor.ts: under the activity's lock, logged, announced to rooms and the hall, messaged to
 * the bidders). Each step goes into the staff audit trail with the activity before and after.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { STAFF_FLOOR_PATHS, type FloorStep } from '#domain/contract/staffFloor';
import { requiredText } from '../../http/account-params.ts';
import { optionalChinaTime, optionalText, requiredId } from '../../http/params.ts';
import { BusinessError, ok } from '../../lib/envelope.ts';
import { floorBoard, resumeActivity, suspendActivity, terminateActivity, type FloorResult } from '../../services/auctions/floor.ts';
import { recordStaffAction } from '../../services/staff/audit.ts';

const withReason = z.object({ activityId: requiredId('activityId'), reason: requiredText('原因', 200) });
const resume = z.object({ activityId: requiredId('activityId'), endTime: optionalChinaTime('endTime'), reason: optionalText('说明', 200) });

function stepOf(result: FloorResult): FloorStep {
  const a = result.after;
  return { activityId: result.activityId, action: result.action, status: a.status, outcome: a.outcome, endTime: formatChinaTime(a.endAt) };
}

export default async function staffFloorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, requireStaff } = app;
  const floor = { preValidation: requireStaff('floor.run') };
  const context = (ip: string) => ({ ...app.engine, ip });
  const audited = async (request: { staff: { id: number; loginName: string; name: string; ip: string } | null }, result: FloorResult, reason: string) => {
    await recordStaffAction(db, now(), request.staff!, { action: `floor.${result.action}`, subject: `activity:${result.activityId}`, before: result.before, after: result.after, reason });
    return ok(stepOf(result));
  };

  routes.get(STAFF_FLOOR_PATHS.list, { ...floor, schema: { summary: '工作系统：竞价监控（进行中、已中止，及 7 天内将开始的竞价）' } }, async () => ok(await floorBoard(db, now())));
  routes.post(STAFF_FLOOR_PATHS.suspend, { ...floor, schema: { summary: '工作系统：中止竞价（停止计时、拒绝出价，竞价室显示原因）', querystring: withReason } }, async (request) => {
    const staff = request.staff!;
    const result = await suspendActivity(context(request.ip), { activityId: request.query.activityId, reason: request.query.reason, staff: { id: staff.id, loginName: staff.loginName } });
    return audited(request, result, request.query.reason);
  });
  routes.post(STAFF_FLOOR_PATHS.resume, { ...floor, schema: { summary: '工作系统：恢复竞价（按新的结束时间继续）', querystring: resume } }, async (request) => {
    const staff = request.staff!;
    if (request.query.endTime === undefined) throw new BusinessError(400, '请填写新的结束时间');
    const result = await resumeActivity(context(request.ip), { activityId: request.query.activityId, endsAt: request.query.endTime, reason: request.query.reason, staff: { id: staff.id, loginName: staff.loginName } });
    return audited(request, result, request.query.reason ?? '');
  });
  routes.post(STAFF_FLOOR_PATHS.terminate, { ...floor, schema: { summary: '工作系统：终结竞价（无成交结果，退还保证金）', querystring: withReason } }, async (request) => {
    const staff = request.staff!;
    const result = await terminateActivity(context(request.ip), { activityId: request.query.activityId, reason: request.query.reason, staff: { id: staff.id, loginName: staff.loginName } });
    return audited(request, result, request.query.reason);
  });
}
