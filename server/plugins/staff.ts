/**
 * The work system's capabilities: `app.requireStaff(permission?)` (a hook: sets `request.staff` from a
 * staff token or answers 401, then 403 outside the member's roles, audited), `app.requireConfirmed`
 * after it on money actions (428 without a recent password confirmation), and `app.staff`: the four-eyes
 * registry where features register their executors, and the context its service functions take.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOT_TIMELINE_SETTINGS, type LotTimelineSettings } from '#domain/rules/lotTimeline';
import { rolesAllow, type StaffPermission } from '#domain/rules/staff';
import { bearerToken } from '../http/auth.ts';
import { BusinessError } from '../lib/envelope.ts';
import { ApprovalRegistry } from '../services/staff/approvals.ts';
import type { TimelineContext } from '../services/staff/lots.ts';
import { recordStaffAction } from '../services/staff/audit.ts';
import { assertConfirmed, staffOfToken, type StaffContext } from '../services/staff/sessions.ts';

type Hook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    staff: TimelineContext;
    /** preValidation hook of a staff route: any signed-in staff member, or only those whose roles hold `permission`. */
    requireStaff(permission?: StaffPermission): Hook;
    /** After requireStaff on a money action: 428 unless the member confirmed his password within STAFF_REAUTH_MINUTES. */
    requireConfirmed(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The staff member on routes behind requireStaff; null elsewhere. */
    staff: StaffContext | null;
  }
}

export const STAFF_SESSION_ENDED = '工作系统登录已过期，请重新登录';

export interface StaffPluginOptions {
  /** The lot timeline's periods (config.lotTimeline); the published rules by default. */
  lotTimeline?: LotTimelineSettings | undefined;
}

export default fp<StaffPluginOptions>(
  async (app, options) => {
    const { accounts } = app;
    app.decorate('staff', { db: app.db, now: app.now, registry: new ApprovalRegistry(), lotTimeline: options.lotTimeline ?? DEFAULT_LOT_TIMELINE_SETTINGS } satisfies TimelineContext);
    app.decorateRequest('staff', null);

    const requireConfirmed = async (request: FastifyRequest) => assertConfirmed(request.staff!, app.now());
    app.decorate('requireConfirmed', requireConfirmed);
    app.decorate('requireStaff', (permission?: StaffPermission): Hook => async (request) => {
      const staff = await staffOfToken(accounts, bearerToken(request), request.ip);
      if (!staff) throw new BusinessError(401, STAFF_SESSION_ENDED);
      request.staff = staff;
      if (permission === undefined) return;
      if (!rolesAllow(staff.roles, permission)) {
        await recordStaffAction(app.db, app.now(), staff, { action: 'access.denied', subject: request.routeOptions.url ?? '', reason: permission });
        throw new BusinessError(403, '无操作权限');
      }
    });
  },
  { name: 'staff', dependencies: ['accounts'] },
);
