/**
 * Spec section 8, the error catalogue, as ONE ordered table. The HTTP client computes the effective code
 * (body code, else HTTP status), builds a `ResponseContext`, and the first row whose `when` matches
 * decides the outcome: resolve or reject, and which user-visible effect runs. Each row is unit-tested.
 */
import { BIDDING_MODES } from '#domain/contract/hall';
import { STAFF_PATHS } from '#domain/contract/staff';
import { STAFF_REAUTH_CODE } from '#domain/rules/staff';

/** Paths whose behaviour the catalogue singles out. Those marked (ours) are not shown in the spec. */
export const CATALOGUE_PATHS = {
  token: '/oauth/token',
  favouriteAdd: '/dscq-user/collect-assets/add',
  /** (ours) */
  roadshowFollow: '/dscq-project/roadshow/follow',
  /** The project-detail section whose 400 is silent (api-reference: /assets-detail/normal-detail). */
  normalDetail: '/normal-detail',
  /** (ours) The four calls exempt from the generic warning. */
  enrolmentCheck: '/dscq-project/enroll/check',
  invoiceCheck: '/dscq-user/invoice/check',
  bidHallByActivity: '/dscq-sync/v1/bid-assets/hall/by-activity',
  businessLicenceCheck: '/dscq-user/business-license/check',
} as const;

/** The eight bidding-mode URL words (spec section 8): the mode list of domain/rules/hall.ts. */
export const BIDDING_MODE_WORDS = BIDDING_MODES;

const BIDDING_MODE_SEGMENT = new RegExp(`/(${BIDDING_MODE_WORDS.join('|')})(/|$)`);

const WARNING_EXEMPT_PATHS = [
  CATALOGUE_PATHS.enrolmentCheck,
  CATALOGUE_PATHS.invoiceCheck,
  CATALOGUE_PATHS.bidHallByActivity,
  CATALOGUE_PATHS.businessLicenceCheck,
];

/** Codes rejected with the body and no message (spec: 369, 407, 502). */
/** (ours) The staff console's forms that show their own refusal. */
const STAFF_PASSWORD_FORMS = [STAFF_PATHS.login, STAFF_PATHS.confirmPassword, STAFF_PATHS.changePassword];

const SILENT_CODES = new Set([369, 407, 502]);

/** The default warning when the server gives no text (spec: ask the user to contact customer service). */
export const DEFAULT_ERROR_MESSAGE = '系统繁忙，请联系客服人员处理';
export const NOT_LOGGED_IN_MESSAGE = '用户未登录';

export interface ResponseContext {
  /** Service path without base or query, e.g. '/dscq-user/collect-assets/add'. */
  path: string;
  /** Form or query parameters sent (the token endpoint's grant_type lives here). */
  params: Record<string, unknown>;
  /** Effective code: body code, else HTTP status; null for network errors and time-outs. */
  code: number | null;
  /** Server text: msg, else error_description, else message (the judicial service's field). */
  message: string | null;
  /** Whether the page the user is on requires login. */
  pageRequiresAuth: boolean;
}

/** What the client does besides resolving or rejecting. Wired to antd and the router by the app. */
export type Effect =
  | { kind: 'none' }
  | { kind: 'warning'; text: string }
  | { kind: 'error'; text: string }
  /** 用户未登录 with a 去登录 button → /login?redirect=<current> */
  | { kind: 'loginPrompt' }
  /** Log out, then /login?redirect=<current> */
  | { kind: 'logoutToLogin' }
  | { kind: 'clearSession' }
  /** Clear every stored value, then /login */
  | { kind: 'clearAllToLogin' }
  | { kind: 'goIndex' };

export interface Outcome {
  settle: 'resolve' | 'reject';
  effect: Effect;
}

export interface CatalogueRow {
  /** The spec's wording of the condition. */
  condition: string;
  when: (ctx: ResponseContext) => boolean;
  outcome: (ctx: ResponseContext) => Outcome;
}

const is = (path: string, wanted: string) => path === wanted || path.endsWith(wanted);
const isTokenCall = (ctx: ResponseContext) => is(ctx.path, CATALOGUE_PATHS.token);
const isRefresh = (ctx: ResponseContext) => isTokenCall(ctx) && ctx.params.grant_type === 'refresh_token';
const none: Effect = { kind: 'none' };

export const ERROR_CATALOGUE: readonly CatalogueRow[] = [
  {
    condition: 'Network errors and time-outs: reject',
    when: (ctx) => ctx.code === null,
    outcome: () => ({ settle: 'reject', effect: none }),
  },
  {
    condition: 'Code 200: success',
    when: (ctx) => ctx.code === 200,
    outcome: () => ({ settle: 'resolve', effect: none }),
  },
  {
    condition: 'Bidding-mode URLs: only 404 rejects; no message',
    when: (ctx) => BIDDING_MODE_SEGMENT.test(ctx.path),
    outcome: (ctx) => ({ settle: ctx.code === 404 ? 'reject' : 'resolve', effect: none }),
  },
  {
    condition: 'Token refresh fails with a non-network error: clear everything and go to /login',
    when: isRefresh,
    outcome: () => ({ settle: 'reject', effect: { kind: 'clearAllToLogin' } }),
  },
  {
    condition: '403 on the token endpoint: reject with the body; no message',
    when: (ctx) => isTokenCall(ctx) && ctx.code === 403,
    outcome: () => ({ settle: 'reject', effect: none }),
  },
  {
    condition: 'Login failure: show the server error_description as an error message',
    when: isTokenCall,
    outcome: (ctx) => ({ settle: 'reject', effect: { kind: 'error', text: ctx.message || DEFAULT_ERROR_MESSAGE } }),
  },
  {
    condition: '(ours) The staff console\'s password forms (login, the password again, a new password) refuse (not a 401): reject, no message (the form shows the server\'s text beside its fields)',
    when: (ctx) => ctx.code !== 401 && STAFF_PASSWORD_FORMS.some((p) => is(ctx.path, p)),
    outcome: () => ({ settle: 'reject', effect: none }),
  },
  {
    condition: '(ours) 428, the password again for a money action: reject, no message (the staff console asks for it and retries)',
    when: (ctx) => ctx.code === STAFF_REAUTH_CODE,
    outcome: () => ({ settle: 'reject', effect: none }),
  },
  {
    condition: '401 on favourite-add or roadshow-follow: 用户未登录 with a 去登录 button to /login with redirect',
    when: (ctx) =>
      ctx.code === 401 && (is(ctx.path, CATALOGUE_PATHS.favouriteAdd) || is(ctx.path, CATALOGUE_PATHS.roadshowFollow)),
    outcome: () => ({ settle: 'reject', effect: { kind: 'loginPrompt' } }),
  },
  {
    condition: '401 elsewhere, current page needs login: log out and go to /login with redirect',
    when: (ctx) => ctx.code === 401 && ctx.pageRequiresAuth,
    outcome: () => ({ settle: 'reject', effect: { kind: 'logoutToLogin' } }),
  },
  {
    condition: '401 elsewhere, page public: silently clear the session',
    when: (ctx) => ctx.code === 401,
    outcome: () => ({ settle: 'reject', effect: { kind: 'clearSession' } }),
  },
  {
    condition: '369, 407, 502, and 400 on normal-detail: reject with the body; no message',
    when: (ctx) =>
      (ctx.code !== null && SILENT_CODES.has(ctx.code)) ||
      (ctx.code === 400 && ctx.path.includes(CATALOGUE_PATHS.normalDetail)),
    outcome: () => ({ settle: 'reject', effect: none }),
  },
  {
    condition: '403 otherwise: go to /index',
    when: (ctx) => ctx.code === 403,
    outcome: () => ({ settle: 'reject', effect: { kind: 'goIndex' } }),
  },
  {
    condition: 'Enrolment check, invoice check, bid hall by activity, business-license check: no warning',
    when: (ctx) => WARNING_EXEMPT_PATHS.some((p) => is(ctx.path, p)),
    outcome: () => ({ settle: 'reject', effect: none }),
  },
  {
    condition: 'Other non-200 codes: warning from msg or error_description (default: contact customer service), reject',
    when: () => true,
    outcome: (ctx) => ({ settle: 'reject', effect: { kind: 'warning', text: ctx.message || DEFAULT_ERROR_MESSAGE } }),
  },
];

export function decide(ctx: ResponseContext): Outcome & { row: CatalogueRow } {
  // The last row matches everything, so a row is always found.
  const row = ERROR_CATALOGUE.find((r) => r.when(ctx))!;
  return { row, ...row.outcome(ctx) };
}
