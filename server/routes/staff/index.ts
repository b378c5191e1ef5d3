/**
 * The work system's API (/api/dscq-staff/…, domain/contract/staff.ts): one route file per area of the
 * console. Every route is behind `app.requireStaff(permission)` (plugins/staff.ts); the table of routes ×
 * roles is tested in tests/server/staff-access.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import staffAdminRoutes from './admin.ts';
import staffApprovalRoutes from './approvals.ts';
import staffAuthRoutes from './auth.ts';
import staffQueueRoutes from './queues.ts';
import staffUserRoutes from './users.ts';
import staffContentRoutes from './content.ts';
import staffFloorRoutes from './floor.ts';
import staffLotRoutes from './lots.ts';
import staffRoadshowRoutes from './roadshows.ts';

export default async function staffRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffAuthRoutes);
  await app.register(staffAdminRoutes);
  await app.register(staffApprovalRoutes);
  await app.register(staffQueueRoutes);
  await app.register(staffUserRoutes);
  await app.register(staffLotRoutes);
  await app.register(staffContentRoutes);
  await app.register(staffFloorRoutes);
  await app.register(staffRoadshowRoutes);
}
