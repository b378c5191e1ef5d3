/**
 * Every staff route × every demo member: 403 for each member whose roles do not hold the route's
 * permission, anything but 403 for those who do. The table is written out by hand — path, method,
 * permission — and not derived from the constants the server uses, so a route with a wrong guard fails
 * here. Adding routes (lots, auctions, content, floor): append rows to ROUTES; `query` may be a function
 * of the fixtures below when the route needs a real id. Routes open to every signed-in member (the
 * approval list and decisions, the queue summary, auth) have permission null and must answer non-403 for
 * all five. 428 (the password again) counts as not-403: the guard passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPermission } from '#domain/contract/staff';
import { createStaffApp, type StaffTestApp } from './staff-helpers.ts';

/** The permission names are the contract's; which member holds which, and which route needs which, are written out below. */
type Permission = StaffPermission;

/** The demo members and their roles' permissions (written out: the table under test, not the server's). */
const MEMBERS: Record<string, ReadonlySet<Permission>> = {
  op_review: new Set(['realName.review', 'enrolment.review', 'depositProof.review', 'seal.review', 'appeal.handle']),
  op_auction: new Set(['lot.edit', 'lot.publish', 'activity.edit', 'floor.run', 'result.publish', 'contract.seal', 'demand.answer', 'roadshow.edit']),
  op_finance: new Set(['transfer.confirm', 'withdrawal.pay', 'deposit.forfeit', 'deal.settle', 'deal.payout', 'invoice.issue', 'ledger.view']),
  op_editor: new Set(['content.edit', 'roadshow.edit']),
  op_admin: new Set<Permission>([
    'staff.manage',
    'audit.view',
    'realName.review',
    'enrolment.review',
    'depositProof.review',
    'seal.review',
    'appeal.handle',
    'lot.edit',
    'lot.publish',
    'activity.edit',
    'floor.run',
    'result.publish',
    'contract.seal',
    'demand.answer',
    'transfer.confirm',
    'withdrawal.pay',
    'deposit.forfeit',
    'deal.settle',
    'deal.payout',
    'invoice.issue',
    'ledger.view',
    'content.edit',
    'roadshow.edit',
  ]),
};

interface Fixtures {
  verificationId: number;
  licenceFileId: string;
  enrolmentId: number;
  sealId: number;
  withdrawalId: number;
}

interface RouteRow {
  method: 'GET' | 'POST';
  path: string;
  /** null: any signed-in member. */
  permission: Permission | null;
  query?: (f: Fixtures) => Record<string, string | number>;
}

const id1 = () => ({ id: 1 });
const ROUTES: RouteRow[] = [
  // admin.ts
  { method: 'GET', path: '/dscq-staff/staff/list', permission: 'staff.manage' },
  { method: 'POST', path: '/dscq-staff/staff/create', permission: 'staff.manage' },
  { method: 'POST', path: '/dscq-staff/staff/update', permission: 'staff.manage' },
  { method: 'POST', path: '/dscq-staff/staff/reset-password', permission: 'staff.manage' },
  { method: 'GET', path: '/dscq-staff/audit/page', permission: 'audit.view' },
  { method: 'GET', path: '/dscq-staff/audit/export', permission: 'audit.view', query: () => ({ format: 'csv', action: 'none' }) },
  // approvals.ts (decisions check the kind's permission in the service: 403 there, tested in staff.test.ts)
  { method: 'GET', path: '/dscq-staff/approval/page', permission: null },
  // Deciding and withdrawing: any member reaches the route; whether he may decide an item is the item's
  // kind's permission and four eyes (tests/server/staff.test.ts), checked by the service.
  { method: 'POST', path: '/dscq-staff/approval/approve', permission: null },
  { method: 'POST', path: '/dscq-staff/approval/reject', permission: null },
  { method: 'POST', path: '/dscq-staff/approval/withdraw', permission: null },
  // queues.ts
  { method: 'GET', path: '/dscq-staff/queues', permission: null },
  { method: 'GET', path: '/dscq-staff/queue/real-name/page', permission: 'realName.review' },
  { method: 'GET', path: '/dscq-staff/queue/real-name/detail', permission: 'realName.review', query: (f) => ({ id: f.verificationId }) },
  { method: 'POST', path: '/dscq-staff/queue/real-name/approve', permission: 'realName.review', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/real-name/reject', permission: 'realName.review', query: () => ({ id: 1, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/enrolment/page', permission: 'enrolment.review' },
  { method: 'GET', path: '/dscq-staff/queue/enrolment/detail', permission: 'enrolment.review', query: (f) => ({ id: f.enrolmentId }) },
  { method: 'POST', path: '/dscq-staff/queue/enrolment/review', permission: 'enrolment.review', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/enrolment/approve', permission: 'enrolment.review', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/enrolment/reject', permission: 'enrolment.review', query: () => ({ id: 1, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/deposit-proof/page', permission: 'depositProof.review' },
  { method: 'GET', path: '/dscq-staff/queue/deposit-proof/detail', permission: 'depositProof.review', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/deposit-proof/confirm', permission: 'depositProof.review', query: () => ({ id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/queue/deposit-proof/reject', permission: 'depositProof.review', query: () => ({ id: 999999, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/seal/page', permission: 'seal.review' },
  { method: 'GET', path: '/dscq-staff/queue/seal/detail', permission: 'seal.review', query: (f) => ({ id: f.sealId }) },
  { method: 'GET', path: '/dscq-staff/queue/seal/image', permission: 'seal.review', query: (f) => ({ id: f.sealId }) },
  { method: 'POST', path: '/dscq-staff/queue/seal/approve', permission: 'seal.review', query: (f) => ({ id: f.sealId }) },
  { method: 'POST', path: '/dscq-staff/queue/seal/reject', permission: 'seal.review', query: (f) => ({ id: f.sealId, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/appeal/page', permission: 'appeal.handle' },
  { method: 'GET', path: '/dscq-staff/queue/appeal/detail', permission: 'appeal.handle', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/appeal/accept', permission: 'appeal.handle', query: () => ({ id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/queue/appeal/answer', permission: 'appeal.handle', query: () => ({ id: 999999, answer: 'x' }) },
  { method: 'POST', path: '/dscq-staff/queue/appeal/reject', permission: 'appeal.handle', query: () => ({ id: 999999, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/demand/page', permission: 'demand.answer' },
  { method: 'GET', path: '/dscq-staff/queue/demand/detail', permission: 'demand.answer', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/demand/answer', permission: 'demand.answer', query: () => ({ id: 999999, answer: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/transfer-proof/page', permission: 'transfer.confirm' },
  { method: 'GET', path: '/dscq-staff/queue/transfer-proof/detail', permission: 'transfer.confirm', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/transfer-proof/prepare-confirm', permission: 'transfer.confirm', query: () => ({ id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/queue/transfer-proof/reject', permission: 'transfer.confirm', query: () => ({ id: 999999, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/withdrawal/page', permission: 'withdrawal.pay' },
  { method: 'GET', path: '/dscq-staff/queue/withdrawal/detail', permission: 'withdrawal.pay', query: (f) => ({ id: f.withdrawalId }) },
  { method: 'POST', path: '/dscq-staff/queue/withdrawal/pay', permission: 'withdrawal.pay', query: () => ({ id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/queue/withdrawal/fail', permission: 'withdrawal.pay', query: () => ({ id: 999999, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/invoice/page', permission: 'invoice.issue' },
  { method: 'GET', path: '/dscq-staff/queue/invoice/detail', permission: 'invoice.issue', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/invoice/issue', permission: 'invoice.issue', query: () => ({ id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/queue/invoice/refuse', permission: 'invoice.issue', query: () => ({ id: 999999, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/queue/settlement/page', permission: 'deal.settle' },
  { method: 'GET', path: '/dscq-staff/queue/settlement/detail', permission: 'deal.settle', query: id1 },
  { method: 'POST', path: '/dscq-staff/queue/settlement/handover', permission: 'deal.settle', query: () => ({ id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/queue/settlement/certificate', permission: 'deal.settle', query: () => ({ id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/queue/settlement/prepare-payout', permission: 'deal.payout', query: () => ({ id: 999999 }) },
  { method: 'GET', path: '/dscq-staff/deposit/page', permission: 'deposit.forfeit' },
  { method: 'POST', path: '/dscq-staff/deposit/prepare-forfeit', permission: 'deposit.forfeit', query: () => ({ id: 999999, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/ledger/check', permission: 'ledger.view' },
  { method: 'GET', path: '/dscq-staff/ledger/balance', permission: 'ledger.view', query: () => ({ loginName: 'bidder01' }) },
  // The file download's permission is the queue the file belongs to: a real-name licence → realName.review.
  { method: 'GET', path: '/dscq-staff/file/{licence}', permission: 'realName.review' },
  // lots.ts (parameters are checked after the guard: a bad or missing one answers 400 to the allowed only)
  { method: 'GET', path: '/dscq-staff/lot/page', permission: 'lot.edit' },
  { method: 'GET', path: '/dscq-staff/lot/detail', permission: 'lot.edit', query: () => ({ draftId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/lot/create', permission: 'lot.edit' },
  { method: 'POST', path: '/dscq-staff/lot/edit', permission: 'lot.edit', query: () => ({ draftId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/lot/file/upload', permission: 'lot.edit', query: () => ({ draftId: 999999, kind: 'photo' }) },
  { method: 'POST', path: '/dscq-staff/lot/file/delete', permission: 'lot.edit', query: () => ({ draftId: 999999, fileId: 'none' }) },
  { method: 'POST', path: '/dscq-staff/lot/photo/upload', permission: 'lot.edit', query: () => ({ draftId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/lot/photo/cover', permission: 'lot.edit', query: () => ({ draftId: 999999, photoId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/lot/photo/delete', permission: 'lot.edit', query: () => ({ draftId: 999999, photoId: 999999 }) },
  { method: 'GET', path: '/dscq-staff/lot/photo/file', permission: 'lot.edit', query: () => ({ photoId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/lot/publish/prepare', permission: 'lot.publish', query: () => ({ draftId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/lot/change/prepare', permission: 'lot.publish', query: () => ({ assetsId: 999999, reason: 'x' }) },
  { method: 'GET', path: '/dscq-staff/activity/list', permission: 'activity.edit', query: () => ({ assetsId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/activity/create', permission: 'activity.edit', query: () => ({ assetsId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/activity/change/prepare', permission: 'activity.edit', query: () => ({ activityId: 999999, reason: 'x' }) },
  { method: 'POST', path: '/dscq-staff/activity/qualify', permission: 'activity.edit', query: () => ({ activityId: 999999, loginName: 'bidder01' }) },
  { method: 'GET', path: '/dscq-staff/result/preview', permission: 'result.publish', query: () => ({ activityId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/result/publish', permission: 'result.publish', query: () => ({ activityId: 999999 }) },
  { method: 'GET', path: '/dscq-staff/contract/page', permission: 'contract.seal' },
  { method: 'POST', path: '/dscq-staff/contract/seal', permission: 'contract.seal', query: () => ({ id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/contract/assign-transferor', permission: 'contract.seal', query: () => ({ id: 999999, loginName: 'demo_org' }) },
  { method: 'POST', path: '/dscq-staff/contract/draft-missing', permission: 'contract.seal' },
  // floor.ts
  { method: 'GET', path: '/dscq-staff/floor/list', permission: 'floor.run' },
  { method: 'POST', path: '/dscq-staff/floor/suspend', permission: 'floor.run', query: () => ({ activityId: 999999, reason: 'x' }) },
  { method: 'POST', path: '/dscq-staff/floor/resume', permission: 'floor.run', query: () => ({ activityId: 999999 }) },
  { method: 'POST', path: '/dscq-staff/floor/terminate', permission: 'floor.run', query: () => ({ activityId: 999999, reason: 'x' }) },
  // users.ts
  { method: 'GET', path: '/dscq-staff/user/find', permission: 'realName.review', query: () => ({ q: 'bidder' }) },
  { method: 'POST', path: '/dscq-staff/user/unlock', permission: 'realName.review', query: () => ({ loginName: 'nobody_here' }) },
  // content.ts
  { method: 'GET', path: '/dscq-staff/content/page', permission: 'content.edit', query: () => ({ kind: 'news' }) },
  { method: 'GET', path: '/dscq-staff/content/detail', permission: 'content.edit', query: () => ({ kind: 'news', id: 999999 }) },
  { method: 'GET', path: '/dscq-staff/content/plates', permission: 'content.edit' },
  { method: 'POST', path: '/dscq-staff/content/create', permission: 'content.edit', query: () => ({ kind: 'news' }) },
  { method: 'POST', path: '/dscq-staff/content/edit', permission: 'content.edit', query: () => ({ kind: 'news', id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/content/schedule', permission: 'content.edit', query: () => ({ kind: 'news', id: 999999 }) },
  { method: 'POST', path: '/dscq-staff/content/unpublish', permission: 'content.edit', query: () => ({ kind: 'news', id: 999999, reason: 'x' }) },
  // roadshows.ts (路演: 竞价 and 内容)
  { method: 'GET', path: '/dscq-staff/roadshow/page', permission: 'roadshow.edit' },
  { method: 'POST', path: '/dscq-staff/roadshow/save', permission: 'roadshow.edit', query: () => ({ assetsId: 999999, kind: 'live', title: 'x', presenter: 'x' }) },
  { method: 'POST', path: '/dscq-staff/roadshow/cancel', permission: 'roadshow.edit', query: () => ({ id: 999999, reason: 'x' }) },
];

let t: StaffTestApp;
let fixtures: Fixtures;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createStaffApp();
  for (const member of Object.keys(MEMBERS)) tokens[member] = await t.staffLogin(member);
  const db = t.handle.db;
  const licence = await db.selectFrom('verification').select(['id', 'licence_file_id']).where('state', '=', 'pending').where('licence_file_id', '<>', '').executeTakeFirstOrThrow();
  fixtures = {
    verificationId: licence.id,
    licenceFileId: licence.licence_file_id,
    enrolmentId: (await db.selectFrom('enrolment').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    sealId: (await db.selectFrom('seal_application').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    withdrawalId: (await db.selectFrom('withdrawal').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  };
});
afterAll(async () => {
  await t.close();
});

/** Staff routes outside the table: signing in and what a member may do to his own session. */
const OWN_SESSION = ['POST /dscq-staff/auth/login', 'POST /dscq-staff/auth/logout', 'GET /dscq-staff/auth/me', 'POST /dscq-staff/auth/confirm', 'POST /dscq-staff/auth/password'];

describe('every staff route × every demo member', () => {
  it('the table holds every staff route the server serves', () => {
    const served = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const m = /(api\/dscq-staff\/\S+) \(([A-Z, ]+)\)/.exec(line);
        return m ? m[2]!.split(', ').filter((method) => method !== 'HEAD').map((method) => `${method} /${m[1]!.slice('api'.length + 1)}`) : [];
      });
    const listed = new Set([...ROUTES.map((r) => `${r.method} ${r.path.replace('{licence}', ':fileId')}`), ...OWN_SESSION]);
    expect(served.length).toBeGreaterThan(50);
    expect(served.filter((route) => !listed.has(route))).toEqual([]);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const path = route.path.replace('{licence}', fixtures.licenceFileId);
    const outcome: Record<string, number> = {};
    for (const member of Object.keys(MEMBERS)) {
      const answer = await t.call(route.method, `/api${path}`, { token: tokens[member]!, ...(route.query ? { query: route.query(fixtures) } : {}) });
      // The envelope's code, or the HTTP status of a file answer.
      outcome[member] = typeof answer.body === 'object' && answer.body !== null && 'code' in answer.body ? Number(answer.body.code) : answer.status;
    }
    const expected = Object.fromEntries(Object.keys(MEMBERS).map((m) => [m, route.permission === null || MEMBERS[m]!.has(route.permission) ? 'allowed' : 403]));
    const seen = Object.fromEntries(Object.entries(outcome).map(([m, code]) => [m, code === 403 ? 403 : 'allowed']));
    expect(seen).toEqual(expected);
    // An allowed call is never 401 either (the session is good): it reached the route.
    for (const code of Object.values(outcome)) expect(code).not.toBe(401);
  });
});
